package dev.mongolake.delta.parquet.internal;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/**
 * The order-preserving binary key of {@code IdEncoding.KEY}: unsigned byte order of keys equals
 * MongoDB's comparison order of the values (with the documented approximations for Decimal128 and
 * for documents and arrays).
 */
public final class SortableIdKey {
  private static final BsonValueCodec CODEC = new BsonValueCodec();

  private SortableIdKey() {}

  public static byte[] of(BsonValue value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(16);
    switch (value.getBsonType()) {
      case MIN_KEY -> out.write(1);
      case NULL, UNDEFINED -> out.write(2);
      case INT32 -> number(out, value.asInt32().getValue(), 0);
      case INT64 -> {
        long exact = value.asInt64().getValue();
        double nearest = (double) exact;
        number(out, nearest, remainder(exact, nearest));
      }
      case DOUBLE -> number(out, value.asDouble().getValue(), 0);
      case DECIMAL128 -> number(out, decimalAsDouble(value), 0);
      case SYMBOL -> text(out, value.asSymbol().getSymbol());
      case STRING -> text(out, value.asString().getValue());
      case DOCUMENT -> bson(out, 5, value);
      case ARRAY -> bson(out, 6, new BsonDocument("a", value));
      case BINARY -> {
        out.write(7);
        byte[] data = value.asBinary().getData();
        out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        out.write(value.asBinary().getType());
        out.writeBytes(data);
      }
      case OBJECT_ID -> {
        out.write(8);
        out.writeBytes(value.asObjectId().getValue().toByteArray());
      }
      case BOOLEAN -> {
        out.write(9);
        out.write(value.asBoolean().getValue() ? 1 : 0);
      }
      case DATE_TIME -> {
        out.write(10);
        out.writeBytes(
            ByteBuffer.allocate(8).putLong(value.asDateTime().getValue() ^ Long.MIN_VALUE).array());
      }
      case TIMESTAMP -> {
        out.write(11);
        out.writeBytes(ByteBuffer.allocate(8).putLong(value.asTimestamp().getValue()).array());
      }
      case REGULAR_EXPRESSION -> {
        out.write(12);
        out.writeBytes(value.asRegularExpression().getPattern().getBytes(StandardCharsets.UTF_8));
        out.write(0);
        out.writeBytes(value.asRegularExpression().getOptions().getBytes(StandardCharsets.UTF_8));
      }
      case MAX_KEY -> out.write(127);
      default -> bson(out, 126, new BsonDocument("v", value));
    }
    return out.toByteArray();
  }

  /** Numbers: bracket 3, the double in sign-flipped order (NaN lowest), then an exact tie-break. */
  private static void number(ByteArrayOutputStream out, double value, long tieBreak) {
    out.write(3);
    long bits;
    if (Double.isNaN(value)) {
      bits = 0;
    } else {
      long raw = Double.doubleToLongBits(value == 0.0 ? 0.0 : value);
      // Only a NaN's bit pattern maps to 0 here, so NaN alone sorts lowest.
      bits = raw < 0 ? ~raw : raw | Long.MIN_VALUE;
    }
    out.writeBytes(
        ByteBuffer.allocate(16).putLong(bits).putLong(tieBreak ^ Long.MIN_VALUE).array());
  }

  /** How far an Int64 lies from its nearest double: at most 1024 for any long. */
  private static long remainder(long exact, double nearest) {
    return nearest >= 0x1p63 ? exact - Long.MAX_VALUE - 1 : exact - (long) nearest;
  }

  private static double decimalAsDouble(BsonValue value) {
    var decimal = value.asDecimal128().getValue();
    if (decimal.isNaN()) {
      return Double.NaN;
    }
    if (decimal.isInfinite()) {
      return decimal.isNegative() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    try {
      return decimal.bigDecimalValue().doubleValue();
    } catch (ArithmeticException negativeZero) {
      return BigDecimal.ZERO.doubleValue();
    }
  }

  private static void text(ByteArrayOutputStream out, String value) {
    out.write(4);
    out.writeBytes(value.getBytes(StandardCharsets.UTF_8));
  }

  private static void bson(ByteArrayOutputStream out, int bracket, BsonValue value) {
    out.write(bracket);
    BasicOutputBuffer buffer = new BasicOutputBuffer();
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      CODEC.encode(writer, value, EncoderContext.builder().build());
    }
    out.writeBytes(buffer.toByteArray());
  }
}
