package dev.mongolake.delta.parquet.internal;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.bson.BsonBinaryWriter;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.bson.types.ObjectId;

/**
 * The order-preserving binary key of {@code IdEncoding.KEY}: unsigned byte order of keys equals
 * MongoDB's comparison order of the values (with the documented approximations for Decimal128 and
 * for documents and arrays).
 */
public final class SortableIdKey {
  private static final BsonValueCodec CODEC = new BsonValueCodec();

  private SortableIdKey() {}

  /**
   * Whether a file whose {@code _id}s have these types can give them back from their keys: object
   * ids, strings, booleans and dates always, and numbers of one type only, Int32 or Int64 (a key
   * does not tell an Int32 from the equal Double, and loses -0.0 and decimals).
   */
  public static boolean decodable(Set<BsonType> types) {
    for (BsonType type : types) {
      switch (type) {
        case OBJECT_ID, STRING, BOOLEAN, DATE_TIME, INT32, INT64 -> {}
        default -> {
          return false;
        }
      }
    }
    return !(types.contains(BsonType.INT32) && types.contains(BsonType.INT64));
  }

  /**
   * The value whose key is {@code key}, in a file where {@link #decodable} held for its {@code _id}
   * types and numbers are all of type {@code number}.
   *
   * @throws IllegalArgumentException for a key of a type {@link #decodable} excludes
   */
  public static BsonValue decode(byte[] key, BsonType number) {
    ByteBuffer buffer = ByteBuffer.wrap(key, 1, key.length - 1);
    return switch (key[0]) {
      case 3 -> {
        long bits = buffer.getLong();
        long tieBreak = buffer.getLong() ^ Long.MIN_VALUE;
        double nearest = Double.longBitsToDouble(bits < 0 ? bits & Long.MAX_VALUE : ~bits);
        if (number == BsonType.INT32) {
          yield new BsonInt32((int) nearest);
        }
        yield new BsonInt64(
            nearest >= 0x1p63 ? tieBreak + Long.MAX_VALUE + 1 : (long) nearest + tieBreak);
      }
      case 4 -> new BsonString(new String(key, 1, key.length - 1, StandardCharsets.UTF_8));
      case 8 -> {
        byte[] id = new byte[12];
        buffer.get(id);
        yield new BsonObjectId(new ObjectId(id));
      }
      case 9 -> BsonBoolean.valueOf(key[1] == 1);
      case 10 -> new BsonDateTime(buffer.getLong() ^ Long.MIN_VALUE);
      default -> throw new IllegalArgumentException("Cannot decode an _id key of kind " + key[0]);
    };
  }

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
