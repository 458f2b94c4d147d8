package dev.mongolake.delta.query.internal.operators;

import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonType;

/**
 * {@code $type}'s type names and MongoDB type numbers, shared with {@code $jsonSchema}'s {@code
 * bsonType}.
 */
public final class BsonTypeAliases {
  private static final Set<BsonType> NUMBERS =
      EnumSet.of(BsonType.DOUBLE, BsonType.INT32, BsonType.INT64, BsonType.DECIMAL128);

  private static final Map<String, Set<BsonType>> BY_NAME =
      Map.ofEntries(
          Map.entry("double", EnumSet.of(BsonType.DOUBLE)),
          Map.entry("string", EnumSet.of(BsonType.STRING)),
          Map.entry("object", EnumSet.of(BsonType.DOCUMENT)),
          Map.entry("array", EnumSet.of(BsonType.ARRAY)),
          Map.entry("binData", EnumSet.of(BsonType.BINARY)),
          Map.entry("undefined", EnumSet.of(BsonType.UNDEFINED)),
          Map.entry("objectId", EnumSet.of(BsonType.OBJECT_ID)),
          Map.entry("bool", EnumSet.of(BsonType.BOOLEAN)),
          Map.entry("date", EnumSet.of(BsonType.DATE_TIME)),
          Map.entry("null", EnumSet.of(BsonType.NULL)),
          Map.entry("regex", EnumSet.of(BsonType.REGULAR_EXPRESSION)),
          Map.entry("dbPointer", EnumSet.of(BsonType.DB_POINTER)),
          Map.entry("javascript", EnumSet.of(BsonType.JAVASCRIPT)),
          Map.entry("symbol", EnumSet.of(BsonType.SYMBOL)),
          Map.entry("javascriptWithScope", EnumSet.of(BsonType.JAVASCRIPT_WITH_SCOPE)),
          Map.entry("int", EnumSet.of(BsonType.INT32)),
          Map.entry("timestamp", EnumSet.of(BsonType.TIMESTAMP)),
          Map.entry("long", EnumSet.of(BsonType.INT64)),
          Map.entry("decimal", EnumSet.of(BsonType.DECIMAL128)),
          Map.entry("minKey", EnumSet.of(BsonType.MIN_KEY)),
          Map.entry("maxKey", EnumSet.of(BsonType.MAX_KEY)),
          Map.entry("number", NUMBERS));

  private BsonTypeAliases() {}

  /** The types a name stands for. */
  public static Optional<Set<BsonType>> byName(String name) {
    return Optional.ofNullable(BY_NAME.get(name));
  }

  /** MongoDB's name of a type ({@code "int"}, {@code "object"}), as its error details spell it. */
  public static String nameOf(BsonType type) {
    for (Map.Entry<String, Set<BsonType>> entry : BY_NAME.entrySet()) {
      if (entry.getValue().size() == 1 && entry.getValue().contains(type)) {
        return entry.getKey();
      }
    }
    return "missing";
  }

  /** The type a MongoDB type number stands for ({@code -1} is MinKey, {@code 127} MaxKey). */
  static Optional<BsonType> byNumber(long number) {
    if (number == -1) {
      return Optional.of(BsonType.MIN_KEY);
    }
    if (number == 127) {
      return Optional.of(BsonType.MAX_KEY);
    }
    if (number >= 1 && number <= 19) {
      return Optional.of(BsonType.findByValue((int) number));
    }
    return Optional.empty();
  }
}
