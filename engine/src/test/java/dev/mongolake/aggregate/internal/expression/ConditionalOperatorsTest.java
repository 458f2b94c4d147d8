package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.OperatorTesting.assertFails;
import static dev.mongolake.aggregate.internal.expression.OperatorTesting.eval;
import static dev.mongolake.aggregate.internal.expression.OperatorTesting.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.junit.jupiter.api.Test;

class ConditionalOperatorsTest {

  @Test
  void condInBothFormsEvaluatesOnlyTheBranchTaken() {
    String discount = "{$cond: {if: {$gte: ['$qty', 250]}, then: 30, else: 20}}";
    assertThat(eval(discount, "{qty: 300}")).isEqualTo(new BsonInt32(30));
    assertThat(eval(discount, "{qty: 100}")).isEqualTo(new BsonInt32(20));
    assertThat(eval("{$cond: [{$gte: ['$qty', 250]}, 30, 20]}", "{qty: 250}"))
        .isEqualTo(new BsonInt32(30));
    assertThat(eval("{$cond: [false, {$divide: [1, '$zero']}, 'safe']}", "{zero: 0}"))
        .isEqualTo(value("'safe'"));
    assertThat(eval("{$cond: [true, '$nope', 1]}")).isNull();
  }

  @Test
  void condRefusesMalformedArguments() {
    assertFails(
        "{$cond: {if: 1, then: 2}}", ErrorCode.LOCATION_17082, "Missing 'else' parameter to $cond");
    assertFails(
        "{$cond: {then: 2, else: 3}}", ErrorCode.LOCATION_17080, "Missing 'if' parameter to $cond");
    assertFails(
        "{$cond: {if: 1, then: 2, else: 3, when: 4}}",
        ErrorCode.LOCATION_17083,
        "Unrecognized parameter to $cond: when");
    assertFails(
        "{$cond: [1, 2]}",
        ErrorCode.LOCATION_16020,
        "Expression $cond takes exactly 3 arguments. 2 were passed in.");
  }

  @Test
  void ifNullTakesTheFirstValueThatIsNeitherNullNorMissing() {
    assertThat(eval("{$ifNull: ['$description', 'Unspecified']}", "{description: null}"))
        .isEqualTo(value("'Unspecified'"));
    assertThat(eval("{$ifNull: ['$description', 'Unspecified']}", "{description: 'x'}"))
        .isEqualTo(value("'x'"));
    assertThat(eval("{$ifNull: ['$a', '$b', 'both']}", "{b: 0}")).isEqualTo(new BsonInt32(0));
    assertThat(eval("{$ifNull: ['$a', '$b']}", "{a: null}")).isNull();
    assertThat(eval("{$ifNull: ['$a', null]}")).isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$ifNull: ['$a']}",
        ErrorCode.LOCATION_1257300,
        "$ifNull needs at least two arguments, had: 1");
  }

  @Test
  void switchTakesTheFirstTrueBranchOrTheDefault() {
    String grade =
        "{$switch: {branches: [{case: {$gte: ['$score', 90]}, then: 'A'},"
            + " {case: {$gte: ['$score', 80]}, then: 'B'}], default: 'C'}}";
    assertThat(eval(grade, "{score: 95}")).isEqualTo(value("'A'"));
    assertThat(eval(grade, "{score: 85}")).isEqualTo(value("'B'"));
    assertThat(eval(grade, "{score: 10}")).isEqualTo(value("'C'"));
  }

  @Test
  void switchWithoutAMatchOrDefaultFails() {
    assertFails(
        "{$switch: {branches: [{case: {$eq: ['$a', 1]}, then: 'one'}]}}",
        "{a: 2}",
        ErrorCode.LOCATION_40066,
        "$switch could not find a matching branch for an input, and no default was specified.");
    assertFails(
        "{$switch: {branches: [{case: false, then: 1}]}}",
        ErrorCode.LOCATION_40069,
        "One cannot execute a switch statement where all the cases evaluate to false without a"
            + " default.");
  }

  @Test
  void switchRefusesMalformedArguments() {
    assertFails(
        "{$switch: 1}",
        ErrorCode.LOCATION_40060,
        "$switch requires an object as an argument, found: int");
    assertFails(
        "{$switch: {branches: {}}}",
        ErrorCode.LOCATION_40061,
        "$switch expected an array for 'branches', found: object");
    assertFails(
        "{$switch: {branches: [1]}}",
        ErrorCode.LOCATION_40062,
        "$switch expected each branch to be an object, found: int");
    assertFails(
        "{$switch: {branches: [{case: 1, then: 2, else: 3}]}}",
        ErrorCode.LOCATION_40063,
        "$switch found an unknown argument to a branch: else");
    assertFails(
        "{$switch: {branches: [{then: 2}]}}",
        ErrorCode.LOCATION_40064,
        "$switch requires each branch have a 'case' expression");
    assertFails(
        "{$switch: {branches: [{case: 1}]}}",
        ErrorCode.LOCATION_40065,
        "$switch requires each branch have a 'then' expression.");
    assertFails(
        "{$switch: {branches: [], other: 1}}",
        ErrorCode.LOCATION_40067,
        "$switch found an unknown argument: other");
    assertFails(
        "{$switch: {default: 1}}",
        ErrorCode.LOCATION_40068,
        "$switch requires at least one branch.");
  }
}
