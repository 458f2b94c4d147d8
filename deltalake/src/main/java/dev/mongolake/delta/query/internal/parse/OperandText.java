package dev.mongolake.delta.query.internal.parse;

import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/** Renders operands in error messages as {@code name: value} in relaxed extended JSON. */
public final class OperandText {
  private static final JsonWriterSettings RELAXED =
      JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();
  private static final String KEY = "v";

  private OperandText() {}

  /** {@code value} as relaxed extended JSON. */
  public static String of(BsonValue value) {
    String json = new BsonDocument(KEY, value).toJson(RELAXED);
    // {"v": <value>}
    return json.substring(KEY.length() + 5, json.length() - 1).trim();
  }

  /** {@code name: value}, as MongoDB prints an element. */
  public static String element(String name, BsonValue value) {
    return name + ": " + of(value);
  }
}
