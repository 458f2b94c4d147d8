package dev.mongolake.internal.read;

import dev.mongolake.delta.query.BsonComparisonOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The distinct values of a field path over documents, as MongoDB's {@code distinct}: the path walks
 * through arrays of documents, an array value contributes its elements (one level), and values that
 * compare equal in BSON order (1 and 1.0) count once. Kept in BSON order.
 */
public final class DistinctValues {

  private final String[] path;
  private final TreeSet<BsonValue> values = new TreeSet<>(BsonComparisonOrder.INSTANCE);

  public DistinctValues(String fieldPath) {
    this.path = fieldPath.split("\\.", -1);
  }

  public void add(BsonDocument document) {
    for (BsonValue value : valuesAt(document, 0)) {
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

  private List<BsonValue> valuesAt(BsonValue current, int index) {
    if (index == path.length) {
      return List.of(current);
    }
    List<BsonValue> out = new ArrayList<>();
    if (current instanceof BsonDocument document && document.containsKey(path[index])) {
      out.addAll(valuesAt(document.get(path[index]), index + 1));
    } else if (current instanceof BsonArray array) {
      for (BsonValue element : array) {
        if (element instanceof BsonDocument) {
          out.addAll(valuesAt(element, index));
        }
      }
    }
    return out;
  }
}
