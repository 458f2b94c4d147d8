package dev.mongolake.delta.query.internal.schema;

import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Equality as {@code enum} and {@code uniqueItems} see it: MongoDB's comparison (numbers by value
 * across types), except that documents are equal when they hold equal values under the same names
 * in any order.
 */
final class BsonEquality {
  private BsonEquality() {}

  static boolean equal(BsonValue a, BsonValue b) {
    if (a.isDocument() && b.isDocument()) {
      return documentsEqual(a.asDocument(), b.asDocument());
    }
    if (a.isArray() && b.isArray()) {
      return arraysEqual(a.asArray(), b.asArray());
    }
    if (a.isDocument() || b.isDocument() || a.isArray() || b.isArray()) {
      return false;
    }
    return BsonComparisonOrder.equal(a, b);
  }

  private static boolean documentsEqual(BsonDocument a, BsonDocument b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (Map.Entry<String, BsonValue> field : a.entrySet()) {
      BsonValue other = b.get(field.getKey());
      if (other == null || !equal(field.getValue(), other)) {
        return false;
      }
    }
    return true;
  }

  private static boolean arraysEqual(BsonArray a, BsonArray b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!equal(a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }
}
