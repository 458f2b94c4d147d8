package dev.mongolake.aggregate.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.types.Decimal128;
import org.junit.jupiter.api.Test;

class GranularityRounderTest {

  private final GranularityRounder e6 = GranularityRounder.named("E6");
  private final GranularityRounder powers = GranularityRounder.named("POWERSOF2");

  @Test
  void preferredNumbersRoundStrictlyUpAndDownAcrossPowersOfTen() {
    assertThat(e6.roundUp(new BsonInt32(15))).isEqualTo(new BsonDouble(22));
    assertThat(e6.roundDown(new BsonInt32(15))).isEqualTo(new BsonDouble(10));
    assertThat(e6.roundUp(new BsonDouble(150))).isEqualTo(new BsonDouble(220));
    // Between one decade's largest value (0.68) and the next one's smallest (1).
    assertThat(e6.roundUp(new BsonDouble(0.8))).isEqualTo(new BsonDouble(1.0));
    assertThat(e6.roundDown(new BsonDouble(0.8)).asDouble().getValue()).isEqualTo(68 * 0.01);
    assertThat(e6.roundUp(new BsonInt32(0))).isEqualTo(new BsonInt32(0));
  }

  @Test
  void preferredNumbersRoundDecimalsInDecimal() {
    assertThat(e6.roundUp(new BsonDecimal128(Decimal128.parse("15"))))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("22.0000000000000")));
  }

  @Test
  void powersOfTwoAreIntegralPowersForIntegersAndDoubles() {
    assertThat(powers.roundUp(new BsonInt32(4))).isEqualTo(new BsonInt32(8));
    assertThat(powers.roundDown(new BsonInt32(4))).isEqualTo(new BsonInt32(2));
    assertThat(powers.roundDown(new BsonInt32(5))).isEqualTo(new BsonInt32(4));
    assertThat(powers.roundUp(new BsonDouble(3.5))).isEqualTo(new BsonInt32(4));
    assertThat(powers.roundDown(new BsonDouble(0.75))).isEqualTo(new BsonDouble(0.5));
    assertThat(powers.roundUp(new BsonInt64(1L << 40))).isEqualTo(new BsonInt64(1L << 41));
    assertThat(powers.roundUp(new BsonDecimal128(Decimal128.parse("5"))))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("8")));
  }

  @Test
  void roundersRefuseWhatTheyCannotRound() {
    assertThatThrownBy(() -> powers.roundUp(new BsonString("x")))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.LOCATION_40265);
              assertThat(e.getMessage())
                  .isEqualTo(
                      "A granularity rounder can only round numeric values, but found type:"
                          + " string");
            });
    assertThatThrownBy(() -> e6.roundUp(new BsonDouble(-1)))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.LOCATION_40268));
    assertThatThrownBy(() -> e6.roundUp(new BsonDouble(Double.POSITIVE_INFINITY)))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NOT_IMPLEMENTED));
  }
}
