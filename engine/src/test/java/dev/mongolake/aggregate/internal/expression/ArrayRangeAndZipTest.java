package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.assertFails;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.eval;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.junit.jupiter.api.Test;

class ArrayRangeAndZipTest {

  @Test
  void rangeCountsByTheStepAndExcludesTheEnd() {
    // The manual's examples.
    assertThat(eval("{$range: [0, 10, 2]}")).isEqualTo(value("[0, 2, 4, 6, 8]"));
    assertThat(eval("{$range: [10, 0, -2]}")).isEqualTo(value("[10, 8, 6, 4, 2]"));
    assertThat(eval("{$range: [0, 10, -2]}")).isEqualTo(value("[]"));
    assertThat(eval("{$range: [0, 5]}")).isEqualTo(value("[0, 1, 2, 3, 4]"));
  }

  @Test
  void rangeAcceptsWholeNumbersOfAnyTypeAndAnswersInts() {
    assertThat(eval("{$range: [NumberLong(1), 3.0, NumberDecimal('1')]}"))
        .isEqualTo(value("[1, 2]"));
    assertThat(eval("{$range: [2147483646, 2147483647, 5]}")).isEqualTo(value("[2147483646]"));
  }

  @Test
  void rangeRefusesNullAndFractionsWithMongoDbsWording() {
    assertFails(
        "{$range: [null, 1]}",
        ErrorCode.LOCATION_34443,
        "$range requires a numeric starting value, found value of type: null");
    assertFails(
        "{$range: [0.5, 1]}",
        ErrorCode.LOCATION_34444,
        "$range requires a starting value that can be represented as a 32-bit integer, found"
            + " value: 0.5");
    assertFails(
        "{$range: [0, '$nope']}",
        ErrorCode.LOCATION_34445,
        "$range requires a numeric ending value, found value of type: missing");
    assertFails(
        "{$range: [0, 1.5]}",
        ErrorCode.LOCATION_34446,
        "$range requires an ending value that can be represented as a 32-bit integer, found"
            + " value: 1.5");
    assertFails(
        "{$range: [0, 1, 'x']}",
        ErrorCode.LOCATION_34447,
        "$range requires a numeric step value, found value of type:string");
    assertFails(
        "{$range: [0, 1, 0.5]}",
        ErrorCode.LOCATION_34448,
        "$range requires a step value that can be represented as a 32-bit integer, found"
            + " value: 0.5");
    assertFails(
        "{$range: [0, 1, 0]}", ErrorCode.LOCATION_34449, "$range requires a non-zero step value");
  }

  @Test
  void rangeRefusesAnArrayLargerThanMongoDbsMemoryLimit() {
    assertFails(
        "{$range: [0, 2147483647]}",
        ErrorCode.EXCEEDED_MEMORY_LIMIT,
        "$range would use too much memory (34359738392 bytes) and cannot spill to disk. Memory"
            + " limit: 104857600 bytes");
  }

  @Test
  void zipTransposesToTheShortestInput() {
    // The manual's matrix transposition example.
    assertThat(
            eval(
                "{$zip: {inputs: [{$arrayElemAt: ['$matrix', 0]}, {$arrayElemAt: ['$matrix', 1]},"
                    + " {$arrayElemAt: ['$matrix', 2]}]}}",
                "{matrix: [[1, 2], [2, 3], [3, 4]]}"))
        .isEqualTo(value("[[1, 2, 3], [2, 3, 4]]"));
    assertThat(eval("{$zip: {inputs: [['a'], ['b', 'c']]}}")).isEqualTo(value("[['a', 'b']]"));
  }

  @Test
  void zipWithUseLongestLengthPadsWithDefaultsOrNull() {
    assertThat(eval("{$zip: {inputs: [['a'], ['b', 'c']], useLongestLength: true}}"))
        .isEqualTo(value("[['a', 'b'], [null, 'c']]"));
    assertThat(
            eval(
                "{$zip: {inputs: [['a'], ['b', 'c']], useLongestLength: true, defaults: ['a',"
                    + " 'b']}}"))
        .isEqualTo(value("[['a', 'b'], ['a', 'c']]"));
    assertThat(
            eval(
                "{$zip: {inputs: [['a'], ['b', 'c']], useLongestLength: true, defaults: ['$nope',"
                    + " 0]}}"))
        .isEqualTo(value("[['a', 'b'], ['c']]"));
  }

  @Test
  void zipOfANullInputIsNullAndOfAScalarAnError() {
    assertThat(eval("{$zip: {inputs: [[1], '$nope']}}")).isEqualTo(value("null"));
    assertFails(
        "{$zip: {inputs: [[1], 'x']}}",
        ErrorCode.LOCATION_34468,
        "$zip found a non-array expression in input: \"x\"");
  }

  @Test
  void zipRefusesMalformedSpecificationsWithMongoDbsWording() {
    assertFails(
        "{$zip: [1]}",
        ErrorCode.LOCATION_34460,
        "$zip only supports an object as an argument, found array");
    assertFails(
        "{$zip: {inputs: 'x'}}",
        ErrorCode.LOCATION_34461,
        "inputs must be an array of expressions, found string");
    assertFails(
        "{$zip: {inputs: [[1]], useLongestLength: true, defaults: 1}}",
        ErrorCode.LOCATION_34462,
        "defaults must be an array of expressions, found int");
    assertFails(
        "{$zip: {inputs: [[1]], useLongestLength: 1}}",
        ErrorCode.LOCATION_34463,
        "useLongestLength must be a bool, found object");
    assertFails(
        "{$zip: {inputs: [[1]], foo: 1}}",
        ErrorCode.LOCATION_34464,
        "$zip found an unknown argument: foo");
    assertFails(
        "{$zip: {inputs: []}}", ErrorCode.LOCATION_34465, "$zip requires at least one input array");
    assertFails(
        "{$zip: {inputs: [[1]], defaults: [1]}}",
        ErrorCode.LOCATION_34466,
        "cannot specify defaults unless useLongestLength is true");
    assertFails(
        "{$zip: {inputs: [[1], [2]], useLongestLength: true, defaults: [1]}}",
        ErrorCode.LOCATION_34467,
        "defaults and inputs must have the same length");
  }
}
