package dev.mongolake.server.command.crud;

import com.mongodb.CursorType;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.command.CommandArguments;
import java.util.Optional;

/**
 * A {@code find}'s {@code tailable} and {@code awaitData}, checked as MongoDB 8.0 checks them: a
 * tailable cursor stays open at the end of a capped collection's data (the engine refuses one on
 * any other collection, and any sort but {@code {$natural: 1}}); {@code awaitData} makes its
 * getMores wait for inserts and needs {@code tailable}; a tailable cursor cannot be a single batch.
 */
final class TailableFind {

  private TailableFind() {}

  /**
   * The cursor type the find asks for; empty for an ordinary cursor.
   *
   * @param singleBatch whether the find asked for a single batch ({@code singleBatch}, or a
   *     negative limit)
   * @throws MongoLakeException FailedToParse for awaitData without tailable, BadValue for tailable
   *     with a single batch
   */
  static Optional<CursorType> cursorType(CommandArguments args, boolean singleBatch) {
    boolean tailable = args.optionalBool("tailable");
    boolean awaitData = args.optionalBool("awaitData");
    if (awaitData && !tailable) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "Cannot set 'awaitData' without also setting 'tailable'");
    }
    if (!tailable) {
      return Optional.empty();
    }
    if (singleBatch) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "cannot use tailable option with the 'singleBatch' option");
    }
    return Optional.of(awaitData ? CursorType.TailableAwait : CursorType.Tailable);
  }
}
