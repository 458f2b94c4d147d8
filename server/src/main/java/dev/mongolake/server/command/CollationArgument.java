package dev.mongolake.server.command;

import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.order.Collation;
import org.bson.BsonValue;

/**
 * A command's (or a statement's) {@code collation} option: absent or empty ({@code {}}) means the
 * collection's default, as in MongoDB; anything else is checked and resolved with MongoDB's errors.
 */
public final class CollationArgument {
  private CollationArgument() {}

  /**
   * The collation {@code value} names, or null for the collection's default.
   *
   * @throws MongoLakeException with MongoDB's code for a collation it refuses
   */
  public static Collation of(BsonValue value) {
    if (value == null || (value.isDocument() && value.asDocument().isEmpty())) {
      return null;
    }
    return parse(value);
  }

  /**
   * The collation {@code value} names, where an empty one is not "the default" but an error (a
   * missing locale), as in {@code create}.
   *
   * @throws MongoLakeException with MongoDB's code for a collation it refuses
   */
  public static Collation parse(BsonValue value) {
    try {
      return Collation.parse(value);
    } catch (QueryException e) {
      throw MongoLakeException.fromQueryError(e);
    }
  }
}
