package dev.mongolake.delta.parquet.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
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

  @Property(tries = 500)
  void numbersOfAnyTypeSortByNumericValue(
      @ForAll("numbers") BsonValue a, @ForAll("numbers") BsonValue b) {
    int byKey = Integer.signum(Arrays.compareUnsigned(SortableIdKey.of(a), SortableIdKey.of(b)));

    assertThat(byKey).isEqualTo(Integer.signum(compareNumbers(a, b)));
  }

  @Property(tries = 300)
  void stringsSortByTheirUtf8Bytes(@ForAll String a, @ForAll String b) {
    int byKey =
        Arrays.compareUnsigned(
            SortableIdKey.of(new BsonString(a)), SortableIdKey.of(new BsonString(b)));
    int byBytes =
        Arrays.compareUnsigned(
            a.getBytes(java.nio.charset.StandardCharsets.UTF_8),
            b.getBytes(java.nio.charset.StandardCharsets.UTF_8));

    assertThat(Integer.signum(byKey)).isEqualTo(Integer.signum(byBytes));
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

  @Provide
  Arbitrary<BsonValue> numbers() {
    return Arbitraries.oneOf(
        Arbitraries.integers().map(BsonInt32::new),
        Arbitraries.longs().map(BsonInt64::new),
        Arbitraries.longs().between(-5, 5).map(v -> (1L << 53) + v).map(BsonInt64::new),
        Arbitraries.of(Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1).map(BsonInt64::new),
        Arbitraries.doubles().map(BsonDouble::new),
        Arbitraries.of(
                Double.NaN,
                -0.0,
                0.0,
                0x1p53,
                0x1p63,
                -0x1p63,
                Double.NEGATIVE_INFINITY,
                Double.POSITIVE_INFINITY)
            .map(BsonDouble::new));
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
