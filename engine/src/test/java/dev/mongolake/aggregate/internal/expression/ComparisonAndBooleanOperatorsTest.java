package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.OperatorTesting.assertFails;
import static dev.mongolake.aggregate.internal.expression.OperatorTesting.eval;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonBoolean;
import org.bson.BsonInt32;
import org.junit.jupiter.api.Test;

class ComparisonAndBooleanOperatorsTest {

  @Test
  void cmpAnswersMinusOneZeroOrOneAcrossNumericTypes() {
    assertThat(eval("{$cmp: ['$qty', 250]}", "{qty: 300}")).isEqualTo(new BsonInt32(1));
    assertThat(eval("{$cmp: ['$qty', 250]}", "{qty: 200}")).isEqualTo(new BsonInt32(-1));
    assertThat(eval("{$cmp: [1, NumberDecimal('1.0')]}")).isEqualTo(new BsonInt32(0));
    assertThat(eval("{$cmp: ['b', 'a']}")).isEqualTo(new BsonInt32(1));
  }

  @Test
  void equalityTreatsAllNumericTypesAlike() {
    assertThat(eval("{$eq: [1, 1.0]}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$eq: [NumberLong(1), NumberDecimal('1')]}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$ne: ['$qty', 250]}", "{qty: 250}")).isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$eq: [[1, 2], [1, 2]]}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$eq: [{a: 1}, {a: 1.0}]}")).isEqualTo(BsonBoolean.TRUE);
  }

  @Test
  void orderingFollowsBsonTypeOrder() {
    assertThat(eval("{$gt: ['a', 5]}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$gte: [5, 5.0]}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$lt: [null, 0]}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$lte: [{$date: 0}, true]}")).isEqualTo(BsonBoolean.FALSE);
  }

  @Test
  void missingIsBelowNullAndEqualToMissing() {
    assertThat(eval("{$eq: ['$nope', null]}")).isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$lt: ['$nope', null]}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$eq: ['$nope', '$alsoNot']}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$cmp: ['$nope', {$minKey: 1}]}")).isEqualTo(new BsonInt32(1));
  }

  @Test
  void comparisonsTakeExactlyTwoArguments() {
    assertFails(
        "{$eq: [1]}",
        ErrorCode.LOCATION_16020,
        "Expression $eq takes exactly 2 arguments. 1 were passed in.");
  }

  @Test
  void andOrUseTruthinessAndStopAtTheAnswer() {
    assertThat(eval("{$and: [1, 'a', [], {}]}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$and: [1, 0]}")).isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$and: []}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$or: []}")).isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$or: [null, '$nope', NumberDecimal('0'), 2]}")).isEqualTo(BsonBoolean.TRUE);
    // The division by zero is never evaluated.
    assertThat(eval("{$and: ['$nope', {$divide: [1, '$zero']}]}", "{zero: 0}"))
        .isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$or: [true, {$divide: [1, '$zero']}]}", "{zero: 0}"))
        .isEqualTo(BsonBoolean.TRUE);
  }

  @Test
  void notNegatesTruthinessOfExactlyOneArgument() {
    assertThat(eval("{$not: [{$gt: ['$qty', 250]}]}", "{qty: 300}")).isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$not: '$nope'}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$not: [[]]}")).isEqualTo(BsonBoolean.FALSE);
    assertFails(
        "{$not: [1, 2]}",
        ErrorCode.LOCATION_16020,
        "Expression $not takes exactly 1 arguments. 2 were passed in.");
  }
}
