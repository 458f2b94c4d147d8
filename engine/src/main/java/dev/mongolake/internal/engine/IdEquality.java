package dev.mongolake.internal.engine;

import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * Recognizes filters that select by one {@code _id} value: {@code {_id: v}} or {@code {_id: {$eq:
 * v}}}.
 */
final class IdEquality {

  private IdEquality() {}

  /** The {@code _id} the filter selects, or {@code null} when it is not a plain equality. */
  static BsonValue of(BsonDocument filter) {
    if (filter.size() != 1 || !filter.containsKey("_id")) {
      return null;
    }
    BsonValue value = filter.get("_id");
    if (value instanceof BsonDocument operators
        && !operators.isEmpty()
        && operators.getFirstKey().startsWith("$")) {
      if (operators.size() != 1 || !operators.containsKey("$eq")) {
        return null;
      }
      value = operators.get("$eq");
    }
    // Regex and array values match by pattern or element, and null matches missing: not one id.
    BsonType type = value.getBsonType();
    if (type == BsonType.REGULAR_EXPRESSION
        || type == BsonType.ARRAY
        || type == BsonType.NULL
        || type == BsonType.UNDEFINED
        || (value instanceof BsonDocument document
            && !document.isEmpty()
            && document.getFirstKey().startsWith("$"))) {
      return null;
    }
    return value;
  }
}
