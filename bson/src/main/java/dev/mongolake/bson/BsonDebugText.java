package dev.mongolake.bson;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Renders BSON values the way MongoDB's error messages do ({@code BSONElement::toString}): {@code
 * a: 1}, {@code { b: "x" }}, {@code [ 1, 2 ]}, so that our messages read like the server's.
 */
public final class BsonDebugText {
  private BsonDebugText() {}

  /** {@code name: value}, MongoDB's rendering of one element. */
  public static String element(String name, BsonValue value) {
    return name + ": " + value(value);
  }

  /** The rendering of a value without a field name. */
  public static String value(BsonValue value) {
    StringBuilder out = new StringBuilder();
    append(out, value);
    return out.toString();
  }

  /** The fields of a document without surrounding braces: {@code a: 1, b: 2}. */
  public static String fields(BsonDocument document) {
    StringBuilder out = new StringBuilder();
    boolean first = true;
    for (Map.Entry<String, BsonValue> entry : document.entrySet()) {
      if (!first) {
        out.append(", ");
      }
      first = false;
      out.append(entry.getKey()).append(": ");
      append(out, entry.getValue());
    }
    return out.toString();
  }

  private static void append(StringBuilder out, BsonValue value) {
    switch (value.getBsonType()) {
      case DOCUMENT -> appendDocument(out, value.asDocument());
      case ARRAY -> appendArray(out, value.asArray());
      case STRING -> out.append('"').append(value.asString().getValue()).append('"');
      case SYMBOL -> out.append('"').append(value.asSymbol().getSymbol()).append('"');
      case INT32 -> out.append(value.asInt32().getValue());
      case INT64 -> out.append(value.asInt64().getValue());
      case DOUBLE -> out.append(doubleText(value.asDouble().getValue()));
      case DECIMAL128 ->
          out.append("NumberDecimal(\"").append(value.asDecimal128().getValue()).append("\")");
      case BOOLEAN -> out.append(value.asBoolean().getValue());
      case NULL -> out.append("null");
      case UNDEFINED -> out.append("undefined");
      case OBJECT_ID ->
          out.append("ObjectId('").append(value.asObjectId().getValue().toHexString()).append("')");
      case DATE_TIME -> out.append("new Date(").append(value.asDateTime().getValue()).append(')');
      case TIMESTAMP ->
          out.append("Timestamp(")
              .append(value.asTimestamp().getTime())
              .append(", ")
              .append(value.asTimestamp().getInc())
              .append(')');
      case REGULAR_EXPRESSION ->
          out.append('/')
              .append(value.asRegularExpression().getPattern())
              .append('/')
              .append(value.asRegularExpression().getOptions());
      case BINARY -> appendBinary(out, value.asBinary());
      case MIN_KEY -> out.append("MinKey");
      case MAX_KEY -> out.append("MaxKey");
      case JAVASCRIPT -> out.append(value.asJavaScript().getCode());
      case JAVASCRIPT_WITH_SCOPE -> out.append(value.asJavaScriptWithScope().getCode());
      case DB_POINTER ->
          out.append("DBRef('").append(value.asDBPointer().getNamespace()).append("')");
      case END_OF_DOCUMENT -> out.append("EOO");
    }
  }

  /** A 16-byte subtype-4 value is a UUID, shown {@code UUID("...")}; others as hex bytes. */
  private static void appendBinary(StringBuilder out, BsonBinary binary) {
    byte[] data = binary.getData();
    if (binary.getType() == BsonBinarySubType.UUID_STANDARD.getValue() && data.length == 16) {
      ByteBuffer bytes = ByteBuffer.wrap(data);
      out.append("UUID(\"").append(new UUID(bytes.getLong(), bytes.getLong())).append("\")");
      return;
    }
    out.append("BinData(")
        .append(binary.getType() & 0xFF)
        .append(", ")
        .append(HexFormat.of().withUpperCase().formatHex(data))
        .append(')');
  }

  private static String doubleText(double d) {
    if (d == 0 && 1 / d < 0) {
      return "-0.0";
    }
    if (d == Math.rint(d) && !Double.isInfinite(d) && Math.abs(d) < 1e15) {
      return String.valueOf((long) d) + ".0";
    }
    return String.valueOf(d);
  }

  private static void appendDocument(StringBuilder out, BsonDocument document) {
    if (document.isEmpty()) {
      out.append("{}");
      return;
    }
    out.append("{ ").append(fields(document)).append(" }");
  }

  private static void appendArray(StringBuilder out, BsonArray array) {
    if (array.isEmpty()) {
      out.append("[]");
      return;
    }
    out.append("[ ");
    for (int i = 0; i < array.size(); i++) {
      if (i > 0) {
        out.append(", ");
      }
      append(out, array.get(i));
    }
    out.append(" ]");
  }
}
