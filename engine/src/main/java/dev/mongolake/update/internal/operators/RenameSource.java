package dev.mongolake.update.internal.operators;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.update.internal.DocumentUnderUpdate;
import dev.mongolake.update.internal.UpdatePath;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** The field a $rename moves: its value and the document holding it. */
record RenameSource(BsonDocument parent, String name, BsonValue value) {
  /**
   * Finds the source field; null when it does not exist.
   *
   * @throws MongoLakeException PathNotViable when the path runs through a scalar, BadValue when it
   *     runs through an array
   */
  static RenameSource find(UpdatePath source, DocumentUnderUpdate document) {
    BsonValue current = document.root();
    String currentName = "";
    for (int i = 0; i < source.size(); i++) {
      String part = source.part(i);
      if (current.isArray()) {
        if (!UpdatePath.isArrayIndex(part)) {
          throw notViable(source, i, currentName, current);
        }
        int index = part.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(part);
        if (index >= current.asArray().size()) {
          return null;
        }
        throw arrayOnPath("source", source, document, currentName);
      }
      if (!current.isDocument()) {
        throw notViable(source, i, currentName, current);
      }
      BsonValue child = current.asDocument().get(part);
      if (child == null) {
        return null;
      }
      if (i == source.size() - 1) {
        return new RenameSource(current.asDocument(), part, child);
      }
      current = child;
      currentName = part;
    }
    return null;
  }

  /** Refuses a destination whose existing ancestors include an array. */
  static void checkDestinationHasNoArray(UpdatePath destination, DocumentUnderUpdate document) {
    BsonValue current = document.root();
    for (int i = 0; i < destination.size() - 1; i++) {
      if (!current.isDocument()) {
        return;
      }
      BsonValue child = current.asDocument().get(destination.part(i));
      if (child == null) {
        return;
      }
      if (child.isArray()) {
        throw arrayOnPath("destination", destination, document, destination.part(i));
      }
      current = child;
    }
  }

  private static MongoLakeException notViable(
      UpdatePath path, int failedPart, String blockingName, BsonValue blocking) {
    return new MongoLakeException(
        ErrorCode.PATH_NOT_VIABLE,
        "cannot use the part ("
            + path.part(failedPart - 1 < 0 ? 0 : failedPart - 1)
            + " of "
            + path.dotted()
            + ") to traverse the element ({"
            + BsonDebugText.element(blockingName, blocking)
            + "})");
  }

  private static MongoLakeException arrayOnPath(
      String which, UpdatePath path, DocumentUnderUpdate document, String arrayName) {
    BsonValue id = document.originalId();
    return new MongoLakeException(
        ErrorCode.BAD_VALUE,
        "The "
            + which
            + " field cannot be an array element, '"
            + path.dotted()
            + "' in doc with "
            + (id == null ? "no id" : BsonDebugText.element("_id", id))
            + " has an array field called '"
            + arrayName
            + "'");
  }
}
