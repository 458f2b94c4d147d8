package dev.mongolake.internal.engine;

import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The document an upsert starts from: the filter's equality conditions ({@code {a: 1}}, {@code {a:
 * {$eq: 1}}}, a one-element {@code {a: {$in: [1]}}}, and those inside {@code $and} or a one-clause
 * {@code $or}), with dotted paths expanded into nested documents, as MongoDB builds it before
 * applying the update. MongoDB finds these equalities after optimizing the query, which turns a
 * one-clause {@code $or} into its clause and a one-value {@code $in} (not a regex) into {@code
 * $eq}; a {@code $or} of several clauses or a {@code $in} of several values seeds nothing.
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
      } else if (field.equals("$or")
          && value instanceof BsonArray clauses
          && clauses.size() == 1
          && clauses.getFirst() instanceof BsonDocument only) {
        addEqualities(only, seed);
      } else if (!field.startsWith("$")) {
        if (value instanceof BsonDocument operators && isOperatorDocument(operators)) {
          if (operators.containsKey("$eq")) {
            set(seed, field, operators.get("$eq"));
          } else if (operators.get("$in") instanceof BsonArray values
              && values.size() == 1
              && !values.getFirst().isRegularExpression()) {
            set(seed, field, values.getFirst());
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
