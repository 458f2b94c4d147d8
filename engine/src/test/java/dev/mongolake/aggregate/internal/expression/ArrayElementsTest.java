package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.assertFails;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.eval;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.junit.jupiter.api.Test;

class ArrayElementsTest {

  @Test
  void arrayElemAtCountsNegativeIndexesFromTheEnd() {
    // The manual's examples.
    assertThat(eval("{$arrayElemAt: [[1, 2, 3], 0]}")).isEqualTo(value("1"));
    assertThat(eval("{$arrayElemAt: [[1, 2, 3], -2]}")).isEqualTo(value("2"));
    assertThat(eval("{$arrayElemAt: ['$a', NumberLong(1)]}", "{a: ['x', 'y']}"))
        .isEqualTo(value("'y'"));
    assertThat(eval("{$arrayElemAt: ['$a', 1.0]}", "{a: ['x', 'y']}")).isEqualTo(value("'y'"));
    assertThat(eval("{$arrayElemAt: ['$a', NumberDecimal('-0')]}", "{a: ['x', 'y']}"))
        .isEqualTo(value("'x'"));
  }

  @Test
  void arrayElemAtOutOfRangeIsMissingAndNullArgumentsAreNull() {
    assertThat(eval("{$arrayElemAt: [[1, 2, 3], 15]}")).isNull();
    assertThat(eval("{$arrayElemAt: [[1, 2, 3], -4]}")).isNull();
    assertThat(eval("{$arrayElemAt: ['$nope', 0]}")).isEqualTo(value("null"));
    assertThat(eval("{$arrayElemAt: [[1], null]}")).isEqualTo(value("null"));
  }

  @Test
  void arrayElemAtRefusesWhatMongoDbRefuses() {
    assertFails(
        "{$arrayElemAt: [1, 0]}",
        ErrorCode.LOCATION_28689,
        "$arrayElemAt's first argument must be an array, but is int");
    assertFails(
        "{$arrayElemAt: [[1], 'x']}",
        ErrorCode.LOCATION_28690,
        "$arrayElemAt's second argument must be a numeric value, but is string");
    assertFails(
        "{$arrayElemAt: [[1], 1.5]}",
        ErrorCode.LOCATION_28691,
        "$arrayElemAt's second argument must be representable as a 32-bit integer: 1.5");
    assertFails(
        "{$arrayElemAt: [[1], 2147483648]}",
        ErrorCode.LOCATION_28691,
        "$arrayElemAt's second argument must be representable as a 32-bit integer: 2.14748e+09");
    assertFails(
        "{$arrayElemAt: [[1], NumberDecimal('NaN')]}",
        ErrorCode.LOCATION_28691,
        "$arrayElemAt's second argument must be representable as a 32-bit integer: nan");
    assertFails(
        "{$arrayElemAt: [[1]]}",
        ErrorCode.LOCATION_16020,
        "Expression $arrayElemAt takes exactly 2 arguments. 1 were passed in.");
  }

  @Test
  void firstAndLastTakeTheEndsAndAnEmptyArrayGivesMissing() {
    assertThat(eval("{$first: [[1, 2, 3]]}")).isEqualTo(value("1"));
    assertThat(eval("{$last: '$a'}", "{a: [1, 2, 3]}")).isEqualTo(value("3"));
    assertThat(eval("{$first: [[[ ]]]}")).isEqualTo(value("[]"));
    assertThat(eval("{$first: '$a'}", "{a: []}")).isNull();
    assertThat(eval("{$last: '$nope'}")).isEqualTo(value("null"));
    assertThat(eval("{$first: null}")).isEqualTo(value("null"));
  }

  @Test
  void firstOfANonArrayNamesItsOnlyArgument() {
    assertFails(
        "{$first: '$a'}",
        "{a: 5}",
        ErrorCode.LOCATION_28689,
        "$first's argument must be an array, but is int");
    assertFails(
        "{$last: '$a'}",
        "{a: 'x'}",
        ErrorCode.LOCATION_28689,
        "$last's argument must be an array, but is string");
  }

  @Test
  void sliceWithACountTakesFromTheFrontOrTheBack() {
    // The manual's examples.
    assertThat(eval("{$slice: [[1, 2, 3], 1, 1]}")).isEqualTo(value("[2]"));
    assertThat(eval("{$slice: [[1, 2, 3], -2]}")).isEqualTo(value("[2, 3]"));
    assertThat(eval("{$slice: [[1, 2, 3], 15, 2]}")).isEqualTo(value("[]"));
    assertThat(eval("{$slice: [[1, 2, 3], -15, 2]}")).isEqualTo(value("[1, 2]"));
    assertThat(eval("{$slice: [[1, 2, 3], 2]}")).isEqualTo(value("[1, 2]"));
    assertThat(eval("{$slice: [[1, 2, 3], -5]}")).isEqualTo(value("[1, 2, 3]"));
    assertThat(eval("{$slice: [[1, 2, 3], 0]}")).isEqualTo(value("[]"));
    assertThat(eval("{$slice: [[1, 2, 3], -1, 5]}")).isEqualTo(value("[3]"));
  }

  @Test
  void sliceOfNullIsNull() {
    assertThat(eval("{$slice: ['$nope', 1]}")).isEqualTo(value("null"));
    assertThat(eval("{$slice: [[1], null]}")).isEqualTo(value("null"));
    assertThat(eval("{$slice: [[1], 0, null]}")).isEqualTo(value("null"));
  }

  @Test
  void sliceRefusesWhatMongoDbRefuses() {
    assertFails(
        "{$slice: ['a', 1]}",
        ErrorCode.LOCATION_28724,
        "First argument to $slice must be an array, but is of type: string");
    assertFails(
        "{$slice: [[1], 'x']}",
        ErrorCode.LOCATION_28725,
        "Second argument to $slice must be a numeric value, but is of type: string");
    assertFails(
        "{$slice: [[1], 0.5]}",
        ErrorCode.LOCATION_28726,
        "Second argument to $slice can't be represented as a 32-bit integer: 0.5");
    assertFails(
        "{$slice: [[1], 0, 'x']}",
        ErrorCode.LOCATION_28727,
        "Third argument to $slice must be numeric, but is of type: string");
    assertFails(
        "{$slice: [[1], 0, 1.5]}",
        ErrorCode.LOCATION_28728,
        "Third argument to $slice can't be represented as a 32-bit integer: 1.5");
    assertFails(
        "{$slice: [[1], 0, 0]}",
        ErrorCode.LOCATION_28729,
        "Third argument to $slice must be positive: 0");
    assertFails(
        "{$slice: [[1]]}",
        ErrorCode.LOCATION_16021,
        "Expression $slice takes at least 2 arguments, and at most 3. 1 were passed in.");
  }
}
