package dev.mongolake.internal.read;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** Reads the values a dotted path reaches in a document, walking through arrays as MongoDB does. */
final class FieldPaths {

  private FieldPaths() {}

  /**
   * Every value {@code path} reaches: a path through an array visits each element (and a numeric
   * component may index it); arrays at the end of the path are returned whole.
   */
  static List<BsonValue> values(BsonDocument document, String path) {
    List<BsonValue> out = new ArrayList<>();
    collect(document, path.split("\\."), 0, out);
    return out;
  }

  private static void collect(BsonValue current, String[] parts, int index, List<BsonValue> out) {
    if (index == parts.length) {
      out.add(current);
      return;
    }
    String part = parts[index];
    if (current instanceof BsonDocument document) {
      BsonValue next = document.get(part);
      if (next != null) {
        collect(next, parts, index + 1, out);
      }
    } else if (current instanceof BsonArray array) {
      if (isIndex(part)) {
        int position = Integer.parseInt(part);
        if (position < array.size()) {
          collect(array.get(position), parts, index + 1, out);
        }
      }
      for (BsonValue element : array) {
        if (element instanceof BsonDocument) {
          collect(element, parts, index, out);
        }
      }
    }
  }

  private static boolean isIndex(String part) {
    if (part.isEmpty() || part.length() > 9) {
      return false;
    }
    for (int i = 0; i < part.length(); i++) {
      if (!Character.isDigit(part.charAt(i))) {
        return false;
      }
    }
    return true;
  }
}
