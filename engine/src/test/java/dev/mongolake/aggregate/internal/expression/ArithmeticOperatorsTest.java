package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.OperatorTesting.assertFails;
import static dev.mongolake.aggregate.internal.expression.OperatorTesting.eval;
import static dev.mongolake.aggregate.internal.expression.OperatorTesting.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.types.Decimal128;
import org.junit.jupiter.api.Test;

class ArithmeticOperatorsTest {

  @Test
  void addKeepsTheWidestTypeAndWidensOnOverflow() {
    assertThat(eval("{$add: ['$price', '$fee']}", "{price: 10, fee: 2}"))
        .isEqualTo(new BsonInt32(12));
    assertThat(eval("{$add: [2147483647, 1]}")).isEqualTo(new BsonInt64(2147483648L));
    assertThat(eval("{$add: [1, NumberLong(2)]}")).isEqualTo(new BsonInt64(3));
    assertThat(eval("{$add: [NumberLong('9223372036854775807'), 1]}"))
        .isEqualTo(new BsonDouble(9.223372036854775807E18));
    assertThat(eval("{$add: [1, 2.5]}")).isEqualTo(new BsonDouble(3.5));
    assertThat(eval("{$add: [1, NumberDecimal('2.50')]}"))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("3.50")));
    assertThat(eval("{$add: []}")).isEqualTo(new BsonInt32(0));
  }

  @Test
  void addWithADateGivesADate() {
    assertThat(eval("{$add: ['$date', 259200000]}", "{date: {$date: '2014-03-01T08:00:00Z'}}"))
        .isEqualTo(value("{$date: '2014-03-04T08:00:00Z'}"));
    assertThat(eval("{$add: [{$date: 1000}, 1.5]}")).isEqualTo(new BsonDateTime(1002));
    assertFails(
        "{$add: [{$date: 1}, {$date: 2}]}",
        ErrorCode.LOCATION_16612,
        "only one date allowed in an $add expression");
  }

  @Test
  void addIsNullOnNullOrMissingButRefusesStringsInOrder() {
    assertThat(eval("{$add: [1, '$missing']}")).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$add: [null, 'a']}")).isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$add: ['a', null]}",
        ErrorCode.TYPE_MISMATCH,
        "$add only supports numeric or date types, not string");
  }

  @Test
  void addMultiplyAndRoundStopAtTheFirstNullOperand() {
    // MongoDB does not evaluate the operands after a null one, so the division never fails.
    String failing = "{$divide: [1, '$zero']}";
    assertThat(eval("{$add: [null, " + failing + "]}", "{zero: 0}")).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$multiply: ['$nope', " + failing + "]}", "{zero: 0}"))
        .isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$round: ['$nope', " + failing + "]}", "{zero: 0}")).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$atan2: [null, " + failing + "]}", "{zero: 0}")).isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$add: [1, " + failing + "]}", "{zero: 0}", ErrorCode.BAD_VALUE, "can't $divide by zero");
  }

  @Test
  void subtractNumbersAndDates() {
    assertThat(eval("{$subtract: [5, 7]}")).isEqualTo(new BsonInt32(-2));
    assertThat(eval("{$subtract: [NumberInt(-2147483648), 1]}"))
        .isEqualTo(new BsonInt64(-2147483649L));
    assertThat(eval("{$subtract: [NumberLong('-9223372036854775808'), 1]}"))
        .isEqualTo(new BsonDouble(-9.223372036854775808E18));
    assertThat(eval("{$subtract: [{$date: 5000}, {$date: 2000}]}")).isEqualTo(new BsonInt64(3000));
    assertThat(eval("{$subtract: [{$date: 400000}, 300000]}")).isEqualTo(new BsonDateTime(100000));
    assertThat(eval("{$subtract: [{$date: 0}, null]}")).isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$subtract: [5, {$date: 0}]}", ErrorCode.TYPE_MISMATCH, "can't $subtract date from int");
    assertFails(
        "{$subtract: [{$date: 0}, 'x']}",
        ErrorCode.TYPE_MISMATCH,
        "can't $subtract string from Date");
    assertFails(
        "{$subtract: [1]}",
        ErrorCode.LOCATION_16020,
        "Expression $subtract takes exactly 2 arguments. 1 were passed in.");
  }

  @Test
  void multiplyWidensLikeAdd() {
    assertThat(eval("{$multiply: ['$price', '$quantity']}", "{price: 10, quantity: 2}"))
        .isEqualTo(new BsonInt32(20));
    assertThat(eval("{$multiply: [65536, 65536]}")).isEqualTo(new BsonInt64(4294967296L));
    assertThat(eval("{$multiply: [NumberLong('4611686018427387904'), 4]}"))
        .isEqualTo(new BsonDouble(1.8446744073709552E19));
    assertThat(eval("{$multiply: [2.5, NumberDecimal('2')]}"))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("5.00000000000000")));
    assertThat(eval("{$multiply: []}")).isEqualTo(new BsonInt32(1));
    assertFails(
        "{$multiply: [2, true]}",
        ErrorCode.TYPE_MISMATCH,
        "$multiply only supports numeric types, not bool");
  }

  @Test
  void divideGivesADoubleUnlessDecimalAndRefusesZero() {
    assertThat(eval("{$divide: ['$hours', 8]}", "{hours: 80}")).isEqualTo(new BsonDouble(10));
    assertThat(eval("{$divide: [NumberDecimal('1'), 3]}"))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("0.3333333333333333333333333333333333")));
    assertThat(eval("{$divide: [NumberDecimal('6.0'), 2]}"))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("3.0")));
    assertFails("{$divide: [1, 0]}", ErrorCode.BAD_VALUE, "can't $divide by zero");
    assertFails(
        "{$divide: [NumberDecimal('1'), NumberDecimal('-0')]}",
        ErrorCode.BAD_VALUE,
        "can't $divide by zero");
    assertFails(
        "{$divide: ['a', true]}",
        ErrorCode.TYPE_MISMATCH,
        "$divide only supports numeric types, not string and bool");
    assertThat(eval("{$divide: ['a', '$missing']}")).isEqualTo(BsonNull.VALUE);
  }

  @Test
  void modKeepsIntegersAndFollowsTheDividendsSign() {
    assertThat(eval("{$mod: ['$hours', '$tasks']}", "{hours: 80, tasks: 7}"))
        .isEqualTo(new BsonInt32(3));
    assertThat(eval("{$mod: [-5, 3]}")).isEqualTo(new BsonInt32(-2));
    assertThat(eval("{$mod: [5, 2.0]}")).isEqualTo(new BsonInt32(1));
    assertThat(eval("{$mod: [NumberLong(5), 3]}")).isEqualTo(new BsonInt64(2));
    assertThat(eval("{$mod: [5.5, 2]}")).isEqualTo(new BsonDouble(1.5));
    assertThat(eval("{$mod: [5, 2.5]}")).isEqualTo(new BsonDouble(0));
    assertThat(eval("{$mod: [NumberDecimal('5.5'), 2]}"))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("1.5")));
    assertThat(eval("{$mod: [NumberInt(-2147483648), -1]}")).isEqualTo(new BsonInt32(0));
    assertFails("{$mod: [5, 0]}", ErrorCode.LOCATION_16610, "can't $mod by zero");
    assertFails(
        "{$mod: [NumberDecimal('5'), 0]}", ErrorCode.LOCATION_5733415, "can't $mod by zero");
    assertFails(
        "{$mod: ['a', 1]}",
        ErrorCode.LOCATION_16611,
        "$mod only supports numeric types, not string and int");
  }

  @Test
  void absCeilFloorKeepTheType() {
    assertThat(eval("{$abs: -5}")).isEqualTo(new BsonInt32(5));
    assertThat(eval("{$abs: NumberInt(-2147483648)}")).isEqualTo(new BsonInt64(2147483648L));
    assertThat(eval("{$abs: -2.5}")).isEqualTo(new BsonDouble(2.5));
    assertThat(eval("{$abs: null}")).isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$abs: NumberLong('-9223372036854775808')}",
        ErrorCode.LOCATION_28680,
        "can't take $abs of long long min");
    assertFails(
        "{$abs: 'x'}", ErrorCode.LOCATION_28765, "$abs only supports numeric types, not string");
    assertThat(eval("{$ceil: 7.80}")).isEqualTo(new BsonDouble(8));
    assertThat(eval("{$ceil: -2.8}")).isEqualTo(new BsonDouble(-2));
    assertThat(eval("{$ceil: 5}")).isEqualTo(new BsonInt32(5));
    assertThat(eval("{$floor: -2.8}")).isEqualTo(new BsonDouble(-3));
    assertThat(eval("{$floor: NumberDecimal('1.5')}"))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("1")));
    assertThat(eval("{$ceil: NumberDecimal('1E+2')}"))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("100")));
  }

  @Test
  void roundIsHalfToEvenAndTruncTowardZeroKeepingTheType() {
    assertThat(eval("{$round: [19.25, 1]}")).isEqualTo(new BsonDouble(19.2));
    assertThat(eval("{$round: [28.73, 1]}")).isEqualTo(new BsonDouble(28.7));
    assertThat(eval("{$round: [-45.39, 1]}")).isEqualTo(new BsonDouble(-45.4));
    assertThat(eval("{$round: [10.5, 0]}")).isEqualTo(new BsonDouble(10));
    assertThat(eval("{$round: [11.5, 0]}")).isEqualTo(new BsonDouble(12));
    assertThat(eval("{$round: [-12.5]}")).isEqualTo(new BsonDouble(-12));
    assertThat(eval("{$round: [1234, -2]}")).isEqualTo(new BsonInt32(1200));
    assertThat(eval("{$round: [1250, -2]}")).isEqualTo(new BsonInt32(1200));
    assertThat(eval("{$round: [2147483647, -1]}")).isEqualTo(new BsonInt64(2147483650L));
    assertThat(eval("{$round: [NumberLong(15), 2]}")).isEqualTo(new BsonInt64(15));
    assertThat(eval("{$round: [NumberDecimal('1.2345'), 2]}"))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("1.23")));
    assertThat(eval("{$trunc: [19.25, 1]}")).isEqualTo(new BsonDouble(19.2));
    assertThat(eval("{$trunc: [-7.9]}")).isEqualTo(new BsonDouble(-7));
    assertThat(eval("{$trunc: [1299, -2]}")).isEqualTo(new BsonInt32(1200));
    assertThat(eval("{$round: [1.5, null]}")).isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$round: [1.5, 101]}",
        ErrorCode.LOCATION_51083,
        "cannot apply $round with precision value 101 value must be in [-20, 100]");
    assertFails(
        "{$round: [1.5, 1.5]}",
        ErrorCode.LOCATION_51082,
        "precision argument to  $round must be a integral value");
    assertFails(
        "{$trunc: ['a']}",
        ErrorCode.LOCATION_51081,
        "$trunc only supports numeric types, not string");
    assertFails(
        "{$round: [NumberLong('9223372036854775807'), -1]}",
        ErrorCode.LOCATION_51080,
        "invalid conversion from Decimal128 result in $round resulting from arguments:"
            + " [9223372036854775807, -1]");
  }

  @Test
  void powStaysIntegralWhileTheResultFits() {
    assertThat(eval("{$pow: [2, 10]}")).isEqualTo(new BsonInt32(1024));
    assertThat(eval("{$pow: [2, 40]}")).isEqualTo(new BsonInt64(1099511627776L));
    assertThat(eval("{$pow: [2, 64]}")).isEqualTo(new BsonDouble(1.8446744073709552E19));
    assertThat(eval("{$pow: [NumberLong(3), 2]}")).isEqualTo(new BsonInt64(9));
    assertThat(eval("{$pow: [5, 0]}")).isEqualTo(new BsonInt32(1));
    assertThat(eval("{$pow: [2, -2]}")).isEqualTo(new BsonDouble(0.25));
    assertThat(eval("{$pow: [-1, 3]}")).isEqualTo(new BsonInt32(-1));
    assertThat(eval("{$pow: [-5, 0.5]}").asDouble().getValue()).isNaN();
    assertFails(
        "{$pow: [0, -1]}",
        ErrorCode.LOCATION_28764,
        "$pow cannot take a base of 0 and a negative exponent");
    assertFails(
        "{$pow: ['a', 1]}", ErrorCode.LOCATION_28762, "$pow's base must be numeric, not string");
    assertFails(
        "{$pow: [NumberDecimal('2'), 2]}",
        ErrorCode.NOT_IMPLEMENTED,
        "Cannot evaluate expression $pow on a decimal value: decimal $pow is not supported");
  }

  @Test
  void squareRootsExponentsAndLogarithms() {
    assertThat(eval("{$sqrt: 25}")).isEqualTo(new BsonDouble(5));
    assertThat(eval("{$sqrt: NumberDecimal('2')}"))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("1.414213562373095048801688724209698")));
    assertFails(
        "{$sqrt: -1}",
        ErrorCode.LOCATION_28714,
        "$sqrt's argument must be greater than or equal to 0");
    assertThat(eval("{$exp: 0}")).isEqualTo(new BsonDouble(1));
    assertThat(eval("{$ln: 1}")).isEqualTo(new BsonDouble(0));
    assertThat(eval("{$log10: 1000}")).isEqualTo(new BsonDouble(3));
    assertThat(eval("{$log: [100, 10]}")).isEqualTo(new BsonDouble(2));
    assertThat(eval("{$ln: null}")).isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$ln: -1.5}",
        ErrorCode.LOCATION_28766,
        "$ln's argument must be a positive number, but is -1.5");
    assertFails(
        "{$log10: 0}",
        ErrorCode.LOCATION_28761,
        "$log10's argument must be a positive number, but is 0");
    assertFails(
        "{$log: [10, 1]}",
        ErrorCode.LOCATION_28759,
        "$log's base must be a positive number not equal to 1, but is 1");
    assertFails(
        "{$log: [10, 'a']}", ErrorCode.LOCATION_28757, "$log's base must be numeric, not string");
  }

  @Test
  void trigonometryChecksTheDomain() {
    assertThat(eval("{$sin: 0}")).isEqualTo(new BsonDouble(0));
    assertThat(eval("{$cos: 0}")).isEqualTo(new BsonDouble(1));
    assertThat(eval("{$degreesToRadians: 180}")).isEqualTo(new BsonDouble(Math.PI));
    assertThat(eval("{$radiansToDegrees: " + Math.PI + "}")).isEqualTo(new BsonDouble(180));
    assertThat(eval("{$atan2: [1, 1]}")).isEqualTo(new BsonDouble(Math.PI / 4));
    assertThat(eval("{$asinh: 0}")).isEqualTo(new BsonDouble(0));
    assertThat(eval("{$acosh: 1}")).isEqualTo(new BsonDouble(0));
    assertThat(eval("{$acos: NaN}").asDouble().getValue()).isNaN();
    assertFails(
        "{$acos: 1.5}",
        ErrorCode.LOCATION_50989,
        "cannot apply $acos to 1.5, value must in [-1,1]");
    assertFails(
        "{$sin: Infinity}",
        ErrorCode.LOCATION_50989,
        "cannot apply $sin to inf, value must in (-inf,inf)");
    assertFails(
        "{$atan2: [1, 'a']}",
        ErrorCode.LOCATION_51045,
        "$atan2 only supports numeric types, not string");
  }
}
