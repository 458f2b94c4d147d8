package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.assertFails;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.eval;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;

class BitwiseAndTimestampOperatorsTest {

  @Test
  void bitwiseOperatorsKeepInt32UnlessAnOperandIsInt64() {
    assertThat(eval("{$bitAnd: [12, 10]}")).isEqualTo(new BsonInt32(8));
    assertThat(eval("{$bitOr: [12, NumberLong(3)]}")).isEqualTo(new BsonInt64(15));
    assertThat(eval("{$bitXor: [12, 10]}")).isEqualTo(new BsonInt32(6));
    assertThat(eval("{$bitNot: NumberLong(0)}")).isEqualTo(new BsonInt64(-1));
    assertThat(eval("{$bitAnd: []}")).isEqualTo(new BsonInt32(-1));
    assertThat(eval("{$bitOr: ['$a', 1]}", "{a: null}")).isEqualTo(value("null"));
  }

  @Test
  void bitwiseOperatorsRefuseOtherTypesAsMongoDb() {
    assertFails(
        "{$bitAnd: [1, 1.5]}",
        ErrorCode.TYPE_MISMATCH,
        "$bitAnd only supports int and long operands.");
    assertFails(
        "{$bitNot: 1.5}",
        ErrorCode.TYPE_MISMATCH,
        "$bitNot only supports int and long, not: double.");
    assertFails(
        "{$bitNot: 'x'}",
        ErrorCode.LOCATION_28765,
        "$bitNot only supports numeric types, not string");
  }

  @Test
  void timestampPartsAreUnsignedLongs() {
    assertThat(eval("'$t'", "{t: Timestamp(1700000000, 7)}")).isNotNull();
    assertThat(eval("{$tsSecond: '$t'}", "{t: Timestamp(1700000000, 7)}"))
        .isEqualTo(new BsonInt64(1700000000));
    assertThat(eval("{$tsIncrement: '$t'}", "{t: Timestamp(1700000000, 7)}"))
        .isEqualTo(new BsonInt64(7));
    assertThat(eval("{$tsSecond: '$nope'}", "{}")).isEqualTo(value("null"));
    assertFails(
        "{$tsSecond: '$t'}",
        "{t: 5}",
        ErrorCode.LOCATION_5687301,
        "Argument to $tsSecond must be a timestamp, but is int");
  }
}
