package dev.mongolake.internal.engine;

import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The document an upsert starts from: the filter's equality conditions ({@code {a: 1}}, {@code {a:
 * {$eq: 1}}}, and those inside a top-level {@code $and}), with dotted paths expanded into nested
 * documents, as MongoDB builds it before applying the update.
 */
final class UpsertSeed {

  private UpsertSeed() {}

  static BsonDocument fromFilter(BsonDocument filter) {
    BsonDocument seed = new BsonDocument();
    addEqualities(filter, seed);
    return seed;
  }

  private static void addEqualities(BsonDocument filter, BsonDocument seed) {
    for (Map.Entry<String, BsonValue> entry : filter.entrySet()) {
      String field = entry.getKey();
      BsonValue value = entry.getValue();
      if (field.equals("$and") && value instanceof BsonArray clauses) {
        for (BsonValue clause : clauses) {
          if (clause instanceof BsonDocument document) {
            addEqualities(document, seed);
          }
        }
      } else if (!field.startsWith("$")) {
        if (value instanceof BsonDocument operators && isOperatorDocument(operators)) {
          if (operators.containsKey("$eq")) {
            set(seed, field, operators.get("$eq"));
          }
        } else {
          set(seed, field, value);
        }
      }
    }
  }

  private static boolean isOperatorDocument(BsonDocument document) {
    return !document.isEmpty() && document.getFirstKey().startsWith("$");
  }

  private static void set(BsonDocument seed, String path, BsonValue value) {
    String[] parts = path.split("\\.");
    BsonDocument current = seed;
    for (int i = 0; i < parts.length - 1; i++) {
      BsonDocument nested;
      if (current.get(parts[i]) instanceof BsonDocument existing) {
        nested = existing;
      } else {
        nested = new BsonDocument();
        current.put(parts[i], nested);
      }
      current = nested;
    }
    current.put(parts[parts.length - 1], value);
  }
}
