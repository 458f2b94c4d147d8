package dev.mongolake.update.internal.operators;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.update.internal.UpdatePath;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * The {@code $sort} clause of {@code $push}: {@code 1}/{@code -1} sorts whole elements in BSON
 * order; {@code {field: 1/-1, ...}} sorts by the values at the (dotted) fields, a missing field
 * (and any field of a non-document element) sorting as null. Unlike a find sort, an array value
 * compares as a whole array, as MongoDB's $push does. The sort is stable.
 */
record PushSort(List<SortKey> keys, BsonComparisonOrder values) implements Comparator<BsonValue> {
  record SortKey(List<String> path, int direction) {}

  private static final String INVALID =
      "The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort"
          + " embedded fields";
  private static final String BAD_DIRECTION = "The $sort element value must be either 1 or -1";

  /** Parses a {@code $sort} clause whose values compare in {@code values} (the collation). */
  static PushSort parse(BsonValue clause, BsonComparisonOrder values) {
    if (clause.isNumber() || clause.isDecimal128()) {
      return new PushSort(List.of(new SortKey(List.of(), direction(clause))), values);
    }
    if (!clause.isDocument()) {
      throw new MongoLakeException(ErrorCode.BAD_VALUE, INVALID);
    }
    BsonDocument pattern = clause.asDocument();
    if (pattern.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "The $sort pattern is empty when it should be a set of fields.");
    }
    List<SortKey> keys = new ArrayList<>();
    for (Map.Entry<String, BsonValue> entry : pattern.entrySet()) {
      int direction = direction(entry.getValue());
      String field = entry.getKey();
      if (field.isEmpty()) {
        throw new MongoLakeException(ErrorCode.BAD_VALUE, "The $sort field cannot be empty");
      }
      List<String> path = List.of(field.split("\\.", -1));
      if (path.contains("")) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "The $sort field is a dotted field but has an empty part: " + field);
      }
      keys.add(new SortKey(path, direction));
    }
    return new PushSort(List.copyOf(keys), values);
  }

  private static int direction(BsonValue value) {
    double d =
        value.isNumber()
            ? value.asNumber().doubleValue()
            : value.isDecimal128() ? value.asDecimal128().doubleValue() : 0;
    if (d != 1 && d != -1) {
      throw new MongoLakeException(ErrorCode.BAD_VALUE, BAD_DIRECTION);
    }
    return (int) d;
  }

  @Override
  public int compare(BsonValue a, BsonValue b) {
    for (SortKey key : keys) {
      int c = values.compare(extract(a, key.path()), extract(b, key.path()));
      if (c != 0) {
        return key.direction() * c;
      }
    }
    return 0;
  }

  private static BsonValue extract(BsonValue element, List<String> path) {
    if (path.isEmpty()) {
      return element;
    }
    if (!element.isDocument()) {
      return BsonNull.VALUE;
    }
    BsonValue current = element;
    for (String part : path) {
      if (current.isDocument() && current.asDocument().containsKey(part)) {
        current = current.asDocument().get(part);
      } else if (current.isArray()
          && UpdatePath.isArrayIndex(part)
          && part.length() < 10
          && Integer.parseInt(part) < current.asArray().size()) {
        current = current.asArray().get(Integer.parseInt(part));
      } else {
        return BsonNull.VALUE;
      }
    }
    return current;
  }
}
