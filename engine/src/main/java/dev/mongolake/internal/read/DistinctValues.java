package dev.mongolake.internal.read;

import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The distinct values of a field path over documents, as MongoDB's {@code distinct}: the path walks
 * through arrays as queries do ({@link FieldPaths}), an array value contributes its elements (one
 * level), and values that compare equal in BSON order (1 and 1.0) count once. Kept in BSON order.
 */
public final class DistinctValues {

  private final String path;
  // Values the collation equates are one value: the first one met stands for them, as in MongoDB.
  private final TreeSet<BsonValue> values;

  public DistinctValues(String fieldPath) {
    this(fieldPath, BsonComparisonOrder.INSTANCE);
  }

  /** The distinct values of a field, equal when they compare equal in {@code order}. */
  public DistinctValues(String fieldPath, BsonComparisonOrder order) {
    this.path = fieldPath;
    this.values = new TreeSet<>(order);
  }

  public void add(BsonDocument document) {
    for (BsonValue value : FieldPaths.values(document, path)) {
      if (value instanceof BsonArray array) {
        values.addAll(array.getValues());
      } else {
        values.add(value);
      }
    }
  }

  public List<BsonValue> values() {
    return new ArrayList<>(values);
  }
}
