package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.assertFails;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.eval;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.junit.jupiter.api.Test;

class ArrayShapeAndSearchTest {

  @Test
  void sizeCountsElementsAsAnIntAndRefusesNonArraysIncludingMissing() {
    assertThat(eval("{$size: '$a'}", "{a: [1, [2, 3], null]}")).isEqualTo(value("3"));
    assertThat(eval("{$size: [[]]}")).isEqualTo(value("0"));
    assertFails(
        "{$size: '$a'}",
        ErrorCode.LOCATION_17124,
        "The argument to $size must be an array, but was of type: missing");
    assertFails(
        "{$size: null}",
        ErrorCode.LOCATION_17124,
        "The argument to $size must be an array, but was of type: null");
  }

  @Test
  void isArrayOfAOneElementListAsksAboutThatElement() {
    assertThat(eval("{$isArray: ['$a']}", "{a: [1]}")).isEqualTo(value("true"));
    assertThat(eval("{$isArray: '$a'}", "{a: [1]}")).isEqualTo(value("true"));
    assertThat(eval("{$isArray: [[1, 2]]}")).isEqualTo(value("true"));
    assertThat(eval("{$isArray: '$nope'}")).isEqualTo(value("false"));
    assertThat(eval("{$isArray: 'a'}")).isEqualTo(value("false"));
    assertFails(
        "{$isArray: [1, 2]}",
        ErrorCode.LOCATION_16020,
        "Expression $isArray takes exactly 1 arguments. 2 were passed in.");
  }

  @Test
  void concatArraysJoinsInOrderAndNullWins() {
    assertThat(eval("{$concatArrays: [['hello', ' '], [['world'], 'again']]}"))
        .isEqualTo(value("['hello', ' ', ['world'], 'again']"));
    assertThat(eval("{$concatArrays: []}")).isEqualTo(value("[]"));
    assertThat(eval("{$concatArrays: [[1], '$nope']}")).isEqualTo(value("null"));
    assertFails(
        "{$concatArrays: [[1], 2]}",
        ErrorCode.LOCATION_28664,
        "$concatArrays only supports arrays, not int");
  }

  @Test
  void reverseArrayReversesAndAnswersNullForNull() {
    assertThat(eval("{$reverseArray: [[1, 2, 3]]}")).isEqualTo(value("[3, 2, 1]"));
    assertThat(eval("{$reverseArray: [[[1, 2, 3]]]}")).isEqualTo(value("[[1, 2, 3]]"));
    assertThat(eval("{$reverseArray: '$nope'}")).isEqualTo(value("null"));
    assertFails(
        "{$reverseArray: 'x'}",
        ErrorCode.LOCATION_34435,
        "The argument to $reverseArray must be an array, but was of type: string");
  }

  @Test
  void inComparesNumbersByValueAcrossTypes() {
    assertThat(eval("{$in: [2, [1, NumberLong(2), 3]]}")).isEqualTo(value("true"));
    assertThat(eval("{$in: [2.0, [1, 2]]}")).isEqualTo(value("true"));
    assertThat(eval("{$in: ['abc', ['xyz', 'abc']]}")).isEqualTo(value("true"));
    assertThat(eval("{$in: ['xy', ['xyz', 'abc']]}")).isEqualTo(value("false"));
    assertThat(eval("{$in: [[1], [1, [1]]]}")).isEqualTo(value("true"));
  }

  @Test
  void aMissingValueIsNotNullButMatchesUndefinedAsInMongoDb() {
    assertThat(eval("{$in: ['$nope', [null]]}")).isEqualTo(value("false"));
    assertThat(eval("{$in: ['$nope', [{$literal: undefined}]]}", "{}")).isEqualTo(value("true"));
    assertThat(eval("{$in: [null, [null]]}")).isEqualTo(value("true"));
    assertThat(eval("{$indexOfArray: [[null, 1], '$nope']}")).isEqualTo(value("-1"));
  }

  @Test
  void inRefusesAnythingButAnArrayAsSecondArgument() {
    assertFails(
        "{$in: [1, '$nope']}",
        ErrorCode.LOCATION_40081,
        "$in requires an array as a second argument, found: missing");
    assertFails(
        "{$in: ['a', 'b']}",
        ErrorCode.LOCATION_40081,
        "$in requires an array as a second argument, found: string");
  }

  @Test
  void indexOfArrayFindsTheFirstMatchWithinStartAndEnd() {
    // The manual's examples.
    assertThat(eval("{$indexOfArray: [['a', 'abc'], 'a']}")).isEqualTo(value("0"));
    assertThat(eval("{$indexOfArray: [['a', 'abc', 'de', ['de']], ['de']]}")).isEqualTo(value("3"));
    assertThat(eval("{$indexOfArray: [[1, 2], 5]}")).isEqualTo(value("-1"));
    assertThat(eval("{$indexOfArray: [[1, 2, 3], [1, 2]]}")).isEqualTo(value("-1"));
    assertThat(eval("{$indexOfArray: [[10, 9, 9, 8, 9], 9, 3]}")).isEqualTo(value("4"));
    assertThat(eval("{$indexOfArray: [['a', 'abc', 'b'], 'b', 0, 1]}")).isEqualTo(value("-1"));
    assertThat(eval("{$indexOfArray: [['a', 'abc', 'b'], 'b', 1, 0]}")).isEqualTo(value("-1"));
    assertThat(eval("{$indexOfArray: [['a', 'abc', 'b'], 'b', 20]}")).isEqualTo(value("-1"));
    assertThat(eval("{$indexOfArray: [[null, 1], null]}")).isEqualTo(value("0"));
    assertThat(eval("{$indexOfArray: [null, 'foo']}")).isEqualTo(value("null"));
    assertThat(eval("{$indexOfArray: [[1, 2.0], 2, 0, 9]}")).isEqualTo(value("1"));
  }

  @Test
  void indexOfArrayRefusesBadArgumentsWithMongoDbsWording() {
    assertFails(
        "{$indexOfArray: ['abc', 'a']}",
        ErrorCode.LOCATION_40090,
        "$indexOfArray requires an array as a first argument, found: string");
    assertFails(
        "{$indexOfArray: [[1], 1, 1.5]}",
        ErrorCode.LOCATION_40096,
        "$indexOfArrayrequires an integral starting index, found a value of type: double,"
            + " with value: 1.5");
    assertFails(
        "{$indexOfArray: [[1], 1, null]}",
        ErrorCode.LOCATION_40096,
        "$indexOfArrayrequires an integral starting index, found a value of type: null,"
            + " with value: null");
    assertFails(
        "{$indexOfArray: [[1], 1, -1]}",
        ErrorCode.LOCATION_40097,
        "$indexOfArray requires a nonnegative starting index, found: -1");
    assertFails(
        "{$indexOfArray: [[1], 1, 0, -2]}",
        ErrorCode.LOCATION_40097,
        "$indexOfArray requires a nonnegative ending index, found: -2");
  }
}
