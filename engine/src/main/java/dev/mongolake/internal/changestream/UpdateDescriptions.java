package dev.mongolake.internal.changestream;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A change stream update event's {@code updateDescription}: what changed between two versions of a
 * document, as MongoDB describes it. Embedded documents present in both versions are compared field
 * by field (dotted paths); an array present in both is compared element by element, its new
 * elements reported as {@code "a.<index>"} and a shorter array as {@code truncatedArrays {field,
 * newSize}}; any other changed value is reported whole.
 */
public final class UpdateDescriptions {

  private UpdateDescriptions() {}

  /**
   * {@code {updatedFields, removedFields, truncatedArrays}} from {@code before} to {@code after}.
   */
  public static BsonDocument between(BsonDocument before, BsonDocument after) {
    BsonDocument updated = new BsonDocument();
    List<BsonValue> removed = new ArrayList<>();
    List<BsonValue> truncated = new ArrayList<>();
    compareDocuments("", before, after, updated, removed, truncated);
    return new BsonDocument("updatedFields", updated)
        .append("removedFields", new BsonArray(removed))
        .append("truncatedArrays", new BsonArray(truncated));
  }

  private static void compareDocuments(
      String prefix,
      BsonDocument before,
      BsonDocument after,
      BsonDocument updated,
      List<BsonValue> removed,
      List<BsonValue> truncated) {
    for (String name : before.keySet()) {
      if (!after.containsKey(name)) {
        removed.add(new BsonString(prefix + name));
      }
    }
    for (Map.Entry<String, BsonValue> field : after.entrySet()) {
      String path = prefix + field.getKey();
      BsonValue old = before.get(field.getKey());
      compareValues(path, old, field.getValue(), updated, removed, truncated);
    }
  }

  private static void compareValues(
      String path,
      BsonValue old,
      BsonValue now,
      BsonDocument updated,
      List<BsonValue> removed,
      List<BsonValue> truncated) {
    if (old == null) {
      updated.put(path, now);
    } else if (old.isDocument() && now.isDocument()) {
      compareDocuments(path + ".", old.asDocument(), now.asDocument(), updated, removed, truncated);
    } else if (old.isArray() && now.isArray()) {
      compareArrays(path, old.asArray(), now.asArray(), updated, removed, truncated);
    } else if (!old.equals(now) || old.getBsonType() != now.getBsonType()) {
      updated.put(path, now);
    }
  }

  private static void compareArrays(
      String path,
      BsonArray old,
      BsonArray now,
      BsonDocument updated,
      List<BsonValue> removed,
      List<BsonValue> truncated) {
    if (now.size() < old.size()) {
      truncated.add(
          new BsonDocument("field", new BsonString(path))
              .append("newSize", new BsonInt32(now.size())));
    }
    for (int i = 0; i < now.size(); i++) {
      String element = path + "." + i;
      if (i >= old.size()) {
        updated.put(element, now.get(i));
      } else {
        compareValues(element, old.get(i), now.get(i), updated, removed, truncated);
      }
    }
  }
}
