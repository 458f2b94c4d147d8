package dev.mongolake.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonNesting;
import org.bson.BsonDocument;

/**
 * Holds the specifications a caller hands the engine (updates, pipelines, projections, sorts, index
 * specifications) to MongoDB's BSON depth before any recursive parser, copy or error message walks
 * them. Over the wire the decoder has refused deeper input already; the embedded API has no decoder
 * in front of it.
 */
public final class SpecNesting {

  private SpecNesting() {}

  /**
   * Checks one specification.
   *
   * @param what what it is, for the message ({@code "update"}, {@code "sort"})
   * @throws MongoLakeException Overflow when {@code spec} nests deeper than {@link
   *     BsonNesting#MAX_DEPTH}
   */
  public static void check(BsonDocument spec, String what) {
    if (BsonNesting.tooDeep(spec)) {
      throw new MongoLakeException(
          ErrorCode.OVERFLOW, "Cannot parse " + what + ": " + BsonNesting.TOO_DEEP);
    }
  }
}
