package dev.mongolake.aggregate.internal;

import dev.mongolake.aggregate.internal.expression.FieldPathNames;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A dotted path read and written through sub-documents only (arrays are not crossed), as MongoDB's
 * document-level {@code getNestedField}/{@code setNestedField}: what {@code $unwind} uses.
 */
final class FieldNames {

  private FieldNames() {}

  /** The field names of {@code dotted}, checked as MongoDB's FieldPath checks them. */
  static List<String> of(String dotted) {
    return List.of(FieldPathNames.splitPath(dotted));
  }

  /** The value at {@code path}, or null when a step is missing or not a document. */
  static BsonValue get(BsonDocument document, List<String> path) {
    BsonValue current = document;
    for (String name : path) {
      if (!(current instanceof BsonDocument level)) {
        return null;
      }
      current = level.get(name);
    }
    return current;
  }

  /**
   * Sets {@code value} at {@code path}, creating documents on the way and replacing a value that is
   * not one. The levels on the way are copied, so that documents sharing them are not changed.
   */
  static void set(BsonDocument document, List<String> path, BsonValue value) {
    BsonDocument level = document;
    for (int i = 0; i < path.size() - 1; i++) {
      BsonValue next = level.get(path.get(i));
      BsonDocument copy = next instanceof BsonDocument inner ? inner.clone() : new BsonDocument();
      level.put(path.get(i), copy);
      level = copy;
    }
    level.put(path.getLast(), value);
  }

  /** Removes the field at {@code path} (copying the levels on the way), if it is there. */
  static void remove(BsonDocument document, List<String> path) {
    BsonDocument level = document;
    for (int i = 0; i < path.size() - 1; i++) {
      if (!(level.get(path.get(i)) instanceof BsonDocument inner)) {
        return;
      }
      BsonDocument copy = inner.clone();
      level.put(path.get(i), copy);
      level = copy;
    }
    level.remove(path.getLast());
  }
}
