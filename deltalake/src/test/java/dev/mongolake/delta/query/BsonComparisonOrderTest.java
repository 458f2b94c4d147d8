package dev.mongolake.delta.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
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
import org.bson.BsonSymbol;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

class BsonComparisonOrderTest {
  private static final BsonComparisonOrder ORDER = BsonComparisonOrder.INSTANCE;

  @Test
  void typesSortInMongoDbOrder() {
    List<BsonValue> expected =
        List.of(
            new BsonMinKey(),
            BsonNull.VALUE,
            new BsonInt32(5),
            new BsonString("a"),
            new BsonDocument("a", new BsonInt32(1)),
            new BsonArray(List.of(new BsonInt32(1))),
            new BsonBinary(new byte[] {1}),
            new BsonObjectId(new ObjectId("000000000000000000000001")),
            BsonBoolean.FALSE,
            new BsonDateTime(0),
            new BsonTimestamp(0, 0),
            new BsonRegularExpression("a"),
            new BsonMaxKey());
    List<BsonValue> shuffled = new ArrayList<>(expected.reversed());
    shuffled.sort(ORDER);
    assertThat(shuffled).containsExactlyElementsOf(expected);
  }

  @Test
  void numbersCompareByValueAcrossTypes() {
    assertThat(ORDER.compare(new BsonInt32(1), new BsonDouble(1.0))).isZero();
    assertThat(ORDER.compare(new BsonInt64(1), new BsonDecimal128(Decimal128.parse("1.00"))))
        .isZero();
    assertThat(ORDER.compare(new BsonInt32(2), new BsonDouble(1.5))).isPositive();
    assertThat(ORDER.compare(new BsonDecimal128(Decimal128.parse("-0")), new BsonDouble(0.0)))
        .isZero();
  }

  @Test
  void longAndDoubleCompareWithoutPrecisionLoss() {
    long big = (1L << 53) + 1;
    // (double) big rounds to 2^53, a lossy comparison would call them equal.
    assertThat(ORDER.compare(new BsonInt64(big), new BsonDouble((double) (1L << 53)))).isPositive();
    assertThat(ORDER.compare(new BsonInt64(Long.MAX_VALUE), new BsonDouble(0x1p63))).isNegative();
    assertThat(ORDER.compare(new BsonInt64(Long.MIN_VALUE), new BsonDouble(-0x1p63))).isZero();
    assertThat(ORDER.compare(new BsonInt64(-3), new BsonDouble(-2.5))).isNegative();
  }

  @Test
  void decimalComparesExactlyWithDouble() {
    // 0.1 as a double is slightly more than decimal 0.1.
    assertThat(ORDER.compare(new BsonDouble(0.1), new BsonDecimal128(Decimal128.parse("0.1"))))
        .isPositive();
    assertThat(
            ORDER.compare(
                new BsonDouble(Double.POSITIVE_INFINITY),
                new BsonDecimal128(Decimal128.POSITIVE_INFINITY)))
        .isZero();
  }

  @Test
  void nanEqualsNanAndSortsBelowAllNumbers() {
    BsonValue nan = new BsonDouble(Double.NaN);
    assertThat(ORDER.compare(nan, new BsonDecimal128(Decimal128.NaN))).isZero();
    assertThat(ORDER.compare(nan, new BsonDouble(Double.NEGATIVE_INFINITY))).isNegative();
    assertThat(ORDER.compare(nan, new BsonInt64(Long.MIN_VALUE))).isNegative();
    assertThat(ORDER.compare(nan, BsonNull.VALUE)).isPositive();
  }

  @Test
  void stringsCompareByUtf8BytesAndEqualSymbols() {
    // U+FF21 is below U+1F600 in UTF-8, though its UTF-16 unit is above the surrogate.
    assertThat(ORDER.compare(new BsonString("\uFF21"), new BsonString("\uD83D\uDE00")))
        .isNegative();
    assertThat(ORDER.compare(new BsonString("B"), new BsonString("a"))).isNegative();
    assertThat(ORDER.compare(new BsonString("ab"), new BsonSymbol("ab"))).isZero();
  }

  @Test
  void documentsCompareTypeThenNameThenValue() {
    BsonDocument numberValue = BsonDocument.parse("{b: 1}");
    BsonDocument stringValue = BsonDocument.parse("{a: 'x'}");
    // The value's type class decides before the field name.
    assertThat(ORDER.compare(numberValue, stringValue)).isNegative();
    assertThat(ORDER.compare(BsonDocument.parse("{a: 1}"), BsonDocument.parse("{b: 1}")))
        .isNegative();
    assertThat(ORDER.compare(BsonDocument.parse("{a: 1}"), BsonDocument.parse("{a: 1, b: 0}")))
        .isNegative();
    assertThat(ORDER.compare(BsonDocument.parse("{a: 1}"), BsonDocument.parse("{a: 1.0}")))
        .isZero();
  }

  @Test
  void arraysCompareElementWiseWithPrefixFirst() {
    assertThat(ORDER.compare(BsonArray.parse("[1, 2]"), BsonArray.parse("[1, 3]"))).isNegative();
    assertThat(ORDER.compare(BsonArray.parse("[1]"), BsonArray.parse("[1, 0]"))).isNegative();
    assertThat(ORDER.compare(BsonArray.parse("[]"), BsonArray.parse("[null]"))).isNegative();
  }

  @Test
  void binDataComparesLengthThenSubtypeThenBytes() {
    BsonBinary shortHigh = new BsonBinary((byte) 5, new byte[] {(byte) 0xFF});
    BsonBinary longLow = new BsonBinary((byte) 0, new byte[] {0, 0});
    BsonBinary sameLengthLowSubtype = new BsonBinary((byte) 0, new byte[] {(byte) 0xFF});
    BsonBinary unsignedBytes = new BsonBinary((byte) 0, new byte[] {(byte) 0x80});
    BsonBinary smallBytes = new BsonBinary((byte) 0, new byte[] {0x01});
    assertThat(ORDER.compare(shortHigh, longLow)).isNegative();
    assertThat(ORDER.compare(sameLengthLowSubtype, shortHigh)).isNegative();
    assertThat(ORDER.compare(smallBytes, unsignedBytes)).isNegative();
  }

  @Test
  void scalarsOfOneTypeCompareByTheirValue() {
    assertThat(ORDER.compare(BsonBoolean.FALSE, BsonBoolean.TRUE)).isNegative();
    assertThat(ORDER.compare(new BsonDateTime(-1), new BsonDateTime(1))).isNegative();
    // Timestamps are unsigned: the high bit set is the largest.
    assertThat(ORDER.compare(new BsonTimestamp(1, 0), new BsonTimestamp(0x80000000, 0)))
        .isNegative();
    assertThat(
            ORDER.compare(new BsonRegularExpression("a", "i"), new BsonRegularExpression("a", "m")))
        .isNegative();
    assertThat(
            ORDER.compare(
                new BsonObjectId(new ObjectId("7fffffffffffffffffffffff")),
                new BsonObjectId(new ObjectId("800000000000000000000000"))))
        .isNegative();
  }

  @Test
  void datesSortBeforeTimestamps() {
    assertThat(ORDER.compare(new BsonDateTime(Long.MAX_VALUE), new BsonTimestamp(0, 0)))
        .isNegative();
  }
}
