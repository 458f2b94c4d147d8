package dev.mongolake.update.internal;

import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Finds {@code $}-prefixed field names where MongoDB stores none: anywhere inside a document {@code
 * _id} (MongoDB's {@code BSONObj::storageValidEmbedded}). A DBRef ({@code $ref} (a string) then
 * {@code $id}, optionally {@code $db} (a string)) is the one allowed use, and MongoDB does not look
 * inside its {@code $id}.
 */
public final class DollarFields {
  private DollarFields() {}

  /** The first {@code $}-prefixed name in {@code document} or below it, or null for none. */
  public static String firstIn(BsonDocument document) {
    int index = 0;
    boolean dbRef = false;
    String second = document.size() > 1 ? secondKey(document) : null;
    for (Map.Entry<String, BsonValue> entry : document.entrySet()) {
      String name = entry.getKey();
      BsonValue value = entry.getValue();
      if (index == 0 && name.equals("$ref") && value.isString() && "$id".equals(second)) {
        dbRef = true;
      } else if (dbRef && index == 1) {
        index++;
        continue; // the DBRef's $id, which MongoDB does not inspect
      } else if (name.startsWith("$") && !(dbRef && index == 2 && isDb(name, value))) {
        return name;
      }
      String nested = firstInValue(value);
      if (nested != null) {
        return nested;
      }
      index++;
    }
    return null;
  }

  private static boolean isDb(String name, BsonValue value) {
    return name.equals("$db") && value.isString();
  }

  private static String firstInValue(BsonValue value) {
    if (value.isDocument()) {
      return firstIn(value.asDocument());
    }
    if (value.isArray()) {
      for (BsonValue element : value.asArray()) {
        String nested = firstInValue(element);
        if (nested != null) {
          return nested;
        }
      }
    }
    return null;
  }

  private static String secondKey(BsonDocument document) {
    var keys = document.keySet().iterator();
    keys.next();
    return keys.next();
  }
}
