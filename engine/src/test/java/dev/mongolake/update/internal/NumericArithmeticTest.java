package dev.mongolake.update.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.types.Decimal128;
import org.junit.jupiter.api.Test;

class NumericArithmeticTest {
  @Test
  void int64OverflowHasNoResult() {
    assertThat(NumericArithmetic.add(new BsonInt64(Long.MAX_VALUE), new BsonInt32(1))).isEmpty();
    assertThat(NumericArithmetic.multiply(new BsonInt64(Long.MIN_VALUE), new BsonInt32(-1)))
        .isEmpty();
  }

  @Test
  void int32ProductThatFitsStaysInt32() {
    assertThat(NumericArithmetic.multiply(new BsonInt32(-46341), new BsonInt32(46340)))
        .contains(new BsonInt32(-2147441940));
  }

  @Test
  void doublesFollowIeeeArithmetic() {
    assertThat(
            NumericArithmetic.add(
                new BsonDouble(Double.MAX_VALUE), new BsonDouble(Double.MAX_VALUE)))
        .contains(new BsonDouble(Double.POSITIVE_INFINITY));
  }

  @Test
  void decimalNaNPropagates() {
    assertThat(NumericArithmetic.add(new BsonDecimal128(Decimal128.NaN), new BsonInt32(1)))
        .contains(new BsonDecimal128(Decimal128.NaN));
  }

  @Test
  void decimalMultiplication() {
    assertThat(
            NumericArithmetic.multiply(
                new BsonDecimal128(Decimal128.parse("1.5")), new BsonInt64(4)))
        .contains(new BsonDecimal128(Decimal128.parse("6.0")));
  }
}
