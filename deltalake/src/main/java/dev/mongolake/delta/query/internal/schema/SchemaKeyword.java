package dev.mongolake.delta.query.internal.schema;

import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * One keyword of a schema applied to one value. The value is {@code null} when the field the schema
 * describes is missing: the type keywords and {@code enum} then fail, every restriction (minimum,
 * properties, items, ...) holds, as in MongoDB. Restrictions also hold for values of another type
 * than the one they restrict. Immutable and thread-safe.
 */
public interface SchemaKeyword {

  /** Whether {@code value} (null when missing) satisfies the keyword. */
  boolean matches(BsonValue value);

  /**
   * Why {@code value}, which this keyword does not match, fails it: MongoDB's error details, one
   * document per rule (most keywords give one; none where MongoDB leaves the explanation to another
   * keyword, as the type keywords do for a missing field).
   */
  List<BsonDocument> explain(BsonValue value);
}
