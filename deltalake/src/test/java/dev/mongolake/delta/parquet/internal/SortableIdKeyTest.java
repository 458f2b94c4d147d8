package dev.mongolake.delta.parquet.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.variant.RandomBson;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

class SortableIdKeyTest {

  private static final long NUMBERS_SEED = 0x5EED_50B7_0001L;
  private static final long STRINGS_SEED = 0x5EED_50B7_0002L;

  @Test
  void numbersOfAnyTypeSortByNumericValue() {
    Random random = new Random(NUMBERS_SEED);
    for (int i = 0; i < 500; i++) {
      BsonValue a = number(random);
      BsonValue b = random.nextBoolean() ? number(random) : nearby(random, a);

      int byKey = Integer.signum(Arrays.compareUnsigned(SortableIdKey.of(a), SortableIdKey.of(b)));

      assertThat(byKey)
          .as("seed 0x%X, case %d: %s vs %s", NUMBERS_SEED, i, a, b)
          .isEqualTo(Integer.signum(compareNumbers(a, b)));
    }
  }

  @Test
  void stringsSortByTheirUtf8Bytes() {
    Random random = new Random(STRINGS_SEED);
    for (int i = 0; i < 300; i++) {
      String a = text(random);
      String b = random.nextBoolean() ? text(random) : variantOf(random, a);

      int byKey =
          Arrays.compareUnsigned(
              SortableIdKey.of(new BsonString(a)), SortableIdKey.of(new BsonString(b)));
      int byBytes =
          Arrays.compareUnsigned(
              a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));

      assertThat(Integer.signum(byKey))
          .as("seed 0x%X, case %d: %s vs %s", STRINGS_SEED, i, escaped(a), escaped(b))
          .isEqualTo(Integer.signum(byBytes));
    }
  }

  @Test
  void typeBracketsFollowMongoDbComparisonOrder() {
    List<BsonValue> ascending =
        List.of(
            new BsonMinKey(),
            BsonNull.VALUE,
            new BsonDouble(Double.NaN),
            new BsonInt64(Long.MIN_VALUE),
            new BsonInt32(-1),
            new BsonDouble(-0.0),
            new BsonInt64(1),
            new BsonDouble(1.5),
            new BsonDouble(Double.POSITIVE_INFINITY),
            new BsonString(""),
            new BsonString("a"),
            new BsonDocument("a", new BsonInt32(1)),
            new org.bson.BsonArray(List.of(new BsonInt32(1))),
            new BsonBinary(new byte[] {9}),
            new BsonBinary(new byte[] {1, 2}),
            new BsonObjectId(new ObjectId("000000000000000000000001")),
            new BsonObjectId(new ObjectId("ff0000000000000000000000")),
            BsonBoolean.FALSE,
            BsonBoolean.TRUE,
            new BsonDateTime(-1),
            new BsonDateTime(0),
            new BsonTimestamp(1, 0),
            new BsonTimestamp(-1, 0),
            new BsonRegularExpression("a", ""),
            new BsonMaxKey());

    for (int i = 1; i < ascending.size(); i++) {
      assertThat(
              Arrays.compareUnsigned(
                  SortableIdKey.of(ascending.get(i - 1)), SortableIdKey.of(ascending.get(i))))
          .as("%s < %s", ascending.get(i - 1), ascending.get(i))
          .isNegative();
    }
  }

  /** Int32, Int64 and double values, with the edges and values around 2^53 drawn often. */
  private static BsonValue number(Random random) {
    return switch (random.nextInt(6)) {
      case 0 -> new BsonInt32(RandomBson.anyInt(random));
      case 1 -> new BsonInt64(RandomBson.anyLong(random));
      case 2 -> new BsonInt64((1L << 53) + random.nextInt(11) - 5);
      case 3 ->
          new BsonInt64(
              new long[] {Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1}[random.nextInt(3)]);
      case 4 -> new BsonDouble(RandomBson.anyDouble(random));
      default ->
          new BsonDouble(
              new double[] {
                    Double.NaN,
                    -0.0,
                    0.0,
                    0x1p53,
                    0x1p63,
                    -0x1p63,
                    Double.NEGATIVE_INFINITY,
                    Double.POSITIVE_INFINITY
                  }
                  [random.nextInt(8)]);
    };
  }

  /** The same number in another type, or one of its closest neighbours in some type. */
  private static BsonValue nearby(Random random, BsonValue number) {
    double asDouble = number.asNumber().doubleValue();
    long asLong =
        number.isDouble() ? (long) number.asDouble().getValue() : number.asNumber().longValue();
    return switch (random.nextInt(8)) {
      case 0 -> new BsonDouble(asDouble);
      case 1 -> new BsonDouble(Math.nextUp(asDouble));
      case 2 -> new BsonDouble(Math.nextDown(asDouble));
      case 3 -> new BsonDouble(-asDouble);
      case 4 -> new BsonInt64(asLong);
      case 5 -> new BsonInt64(asLong + (random.nextBoolean() ? 1 : -1));
      case 6 -> new BsonInt32((int) asLong);
      default -> number;
    };
  }

  /** Text with NUL, ASCII, two- and three-byte characters, surrogate pairs and lone surrogates. */
  private static String text(Random random) {
    int length = random.nextInt(12);
    if (random.nextInt(8) > 0) {
      return RandomBson.unicodeString(random, length);
    }
    StringBuilder text = new StringBuilder(RandomBson.unicodeString(random, length));
    text.insert(random.nextInt(text.length() + 1), (char) (0xD800 + random.nextInt(0x800)));
    return text.toString();
  }

  /** The same text, a prefix of it, an extension of it, or the text with one character changed. */
  private static String variantOf(Random random, String text) {
    return switch (random.nextInt(4)) {
      case 0 -> text;
      case 1 -> text.substring(0, random.nextInt(text.length() + 1));
      case 2 -> text + RandomBson.unicodeString(random, 1 + random.nextInt(3));
      default -> {
        if (text.isEmpty()) {
          yield RandomBson.unicodeString(random, 1);
        }
        int at = random.nextInt(text.length());
        yield text.substring(0, at) + RandomBson.unicodeString(random, 1) + text.substring(at + 1);
      }
    };
  }

  private static String escaped(String text) {
    StringBuilder escaped = new StringBuilder("\"");
    text.chars()
        .forEach(c -> escaped.append(c < 0x20 || c > 0x7E ? "\\u%04X".formatted(c) : (char) c));
    return escaped.append('"').toString();
  }

  /** MongoDB's order of numbers: NaN below everything, otherwise by exact value. */
  private static int compareNumbers(BsonValue a, BsonValue b) {
    boolean aNaN = a.isDouble() && Double.isNaN(a.asDouble().getValue());
    boolean bNaN = b.isDouble() && Double.isNaN(b.asDouble().getValue());
    if (aNaN || bNaN) {
      return Boolean.compare(bNaN, aNaN);
    }
    double da = a.asNumber().doubleValue();
    double db = b.asNumber().doubleValue();
    if (Double.isInfinite(da) || Double.isInfinite(db)) {
      if (Double.isInfinite(da) && Double.isInfinite(db)) {
        return Double.compare(da, db);
      }
      return Double.isInfinite(da) ? (da > 0 ? 1 : -1) : (db > 0 ? -1 : 1);
    }
    return exact(a).compareTo(exact(b));
  }

  private static BigDecimal exact(BsonValue value) {
    return switch (value.getBsonType()) {
      case INT32 -> BigDecimal.valueOf(value.asInt32().getValue());
      case INT64 -> BigDecimal.valueOf(value.asInt64().getValue());
      default -> new BigDecimal(value.asDouble().getValue());
    };
  }
}
