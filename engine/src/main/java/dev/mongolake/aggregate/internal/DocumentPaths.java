package dev.mongolake.aggregate.internal;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Reading and writing dotted paths of documents as the join stages do: reading collects every value
 * a path reaches through arrays (a leaf array contributes its elements), writing sets a nested
 * field, replacing whatever non-document stands in the way.
 */
final class DocumentPaths {

  private DocumentPaths() {}

  /**
   * The values at {@code path}: an array met on the way is walked element by element, an array at
   * the end gives its elements (an element that is itself an array stays one value).
   */
  static List<BsonValue> valuesAt(BsonDocument document, String path) {
    List<BsonValue> out = new ArrayList<>();
    collect(document, path.split("\\.", -1), 0, out);
    return out;
  }

  private static void collect(BsonValue current, String[] parts, int index, List<BsonValue> out) {
    if (index == parts.length) {
      if (current.isArray()) {
        out.addAll(current.asArray().getValues());
      } else {
        out.add(current);
      }
      return;
    }
    if (current.isDocument()) {
      BsonValue next = current.asDocument().get(parts[index]);
      if (next != null) {
        collect(next, parts, index + 1, out);
      }
    } else if (current.isArray()) {
      for (BsonValue element : current.asArray()) {
        if (element.isDocument()) {
          collect(element, parts, index, out);
        }
      }
    }
  }

  /**
   * A copy of {@code document} with {@code value} at the dotted {@code path}; intermediate fields
   * that are missing or not documents become documents.
   */
  static BsonDocument withValue(BsonDocument document, String path, BsonValue value) {
    BsonDocument out = document.clone();
    String[] parts = path.split("\\.", -1);
    BsonDocument current = out;
    for (int i = 0; i < parts.length - 1; i++) {
      BsonValue next = current.get(parts[i]);
      if (next == null || !next.isDocument()) {
        next = new BsonDocument();
        current.put(parts[i], next);
      }
      current = next.asDocument();
    }
    current.put(parts[parts.length - 1], value);
    return out;
  }

  /** An array of documents, as the join stages output them. */
  static BsonArray array(List<BsonDocument> documents) {
    return new BsonArray(new ArrayList<>(documents));
  }
}
