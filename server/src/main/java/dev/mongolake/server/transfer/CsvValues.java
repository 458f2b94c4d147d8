package dev.mongolake.server.transfer;

import java.time.Instant;
import java.util.regex.Pattern;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/**
 * CSV cells to BSON values and back. CSV has no types, so import reads what a cell plainly is:
 * integers, decimals, {@code true}/{@code false}, otherwise text, as mongoimport does; export
 * writes scalars as text and documents or arrays as relaxed Extended JSON.
 */
final class CsvValues {

  private static final Pattern INTEGER = Pattern.compile("-?(0|[1-9]\\d{0,18})");
  private static final Pattern DECIMAL =
      Pattern.compile("-?(0|[1-9]\\d*)(\\.\\d+)?([eE][-+]?\\d+)?");
  private static final JsonWriterSettings RELAXED =
      JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();

  private CsvValues() {}

  static BsonValue read(String cell) {
    if (INTEGER.matcher(cell).matches()) {
      try {
        long value = Long.parseLong(cell);
        return value == (int) value ? new BsonInt32((int) value) : new BsonInt64(value);
      } catch (NumberFormatException e) {
        return new BsonString(cell);
      }
    }
    if (DECIMAL.matcher(cell).matches()) {
      return new BsonDouble(Double.parseDouble(cell));
    }
    if (cell.equals("true") || cell.equals("false")) {
      return BsonBoolean.valueOf(cell.equals("true"));
    }
    return new BsonString(cell);
  }

  static String write(BsonValue value) {
    if (value == null || value.isNull()) {
      return "";
    }
    return switch (value.getBsonType()) {
      case STRING -> value.asString().getValue();
      case INT32 -> Integer.toString(value.asInt32().getValue());
      case INT64 -> Long.toString(value.asInt64().getValue());
      case DOUBLE -> Double.toString(value.asDouble().getValue());
      case DECIMAL128 -> value.asDecimal128().getValue().toString();
      case BOOLEAN -> Boolean.toString(value.asBoolean().getValue());
      case OBJECT_ID -> value.asObjectId().getValue().toHexString();
      case DATE_TIME -> Instant.ofEpochMilli(value.asDateTime().getValue()).toString();
      default -> json(value);
    };
  }

  // Documents, arrays and the rarer types keep their full meaning as Extended JSON.
  private static String json(BsonValue value) {
    String wrapped = new BsonDocument("v", value).toJson(RELAXED);
    return wrapped.substring("{\"v\": ".length(), wrapped.length() - 1);
  }
}
