package dev.mongolake.aggregate.internal.window;

import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.FieldPathNames;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Sets a dotted path of a document as {@code $addFields} does, copying the sub-documents it goes
 * through so that the input document (perhaps shared with other stages) stays as it was: a missing
 * or non-document step becomes a document, an array step sets the path in each of its elements.
 */
public final class OutputPath {

  private OutputPath() {}

  /**
   * Checks a dotted path as MongoDB's FieldPath does.
   *
   * @throws MongoLakeException 15998 for an empty field name, 16410 for one starting with '$'
   */
  public static void check(String path) {
    FieldPathNames.split(path);
  }

  /**
   * A shallow copy of {@code document} with {@code path} set to {@code value}; a {@code null}
   * (missing) value removes the path instead.
   */
  public static BsonDocument with(BsonDocument document, String path, BsonValue value) {
    return with(document, path.split("\\.", -1), 0, value);
  }

  private static BsonDocument with(
      BsonDocument document, String[] parts, int index, BsonValue value) {
    BsonDocument copy = shallowCopy(document);
    String part = parts[index];
    if (index == parts.length - 1) {
      if (value == null) {
        copy.remove(part);
      } else {
        copy.put(part, value);
      }
      return copy;
    }
    BsonValue child = copy.get(part);
    if (value == null && child == null) {
      return copy; // nothing to remove there
    }
    copy.put(part, into(child, parts, index + 1, value));
    return copy;
  }

  private static BsonValue into(BsonValue child, String[] parts, int index, BsonValue value) {
    if (child instanceof BsonDocument nested) {
      return with(nested, parts, index, value);
    }
    if (child instanceof BsonArray array) {
      BsonArray out = new BsonArray();
      for (BsonValue element : array) {
        out.add(into(element, parts, index, value));
      }
      return out;
    }
    if (value == null) {
      return child; // nothing to remove below a value that is no document
    }
    return with(new BsonDocument(), parts, index, value);
  }

  private static BsonDocument shallowCopy(BsonDocument document) {
    BsonDocument copy = new BsonDocument();
    for (Map.Entry<String, BsonValue> entry : document.entrySet()) {
      copy.put(entry.getKey(), entry.getValue());
    }
    return copy;
  }
}
