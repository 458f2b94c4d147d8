package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.assertFails;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.eval;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.parse;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.junit.jupiter.api.Test;

class ArrayHigherOrderTest {

  @Test
  void mapBindsEachElementToItsVariable() {
    assertThat(
            eval(
                "{$map: {input: '$quizzes', as: 'grade', in: {$arrayElemAt: [['F', 'D', 'C'],"
                    + " '$$grade']}}}",
                "{quizzes: [2, 0, 1]}"))
        .isEqualTo(value("['C', 'F', 'D']"));
    assertThat(eval("{$map: {input: '$a', in: ['$$this', '$b']}}", "{a: [1, 2], b: 'x'}"))
        .isEqualTo(value("[[1, 'x'], [2, 'x']]"));
  }

  @Test
  void mapStoresNullForAMissingResultAndAnswersNullForANullInput() {
    assertThat(eval("{$map: {input: [{x: 1}, {}], in: '$$this.x'}}")).isEqualTo(value("[1, null]"));
    assertThat(eval("{$map: {input: '$nope', in: 1}}")).isEqualTo(value("null"));
    assertThat(eval("{$map: {input: [], in: '$$this'}}")).isEqualTo(value("[]"));
  }

  @Test
  void nestedMapsWithTheSameNameEachSeeTheirOwnElement() {
    assertThat(
            eval(
                "{$map: {input: [[1, 2], [3]], as: 'row', in: {$map: {input: '$$row', as: 'row',"
                    + " in: ['$$row']}}}}"))
        .isEqualTo(value("[[[1], [2]], [[3]]]"));
    assertThat(
            eval(
                "{$map: {input: [[1, 2], [3]], as: 'outer', in: {$map: {input: '$$outer', in:"
                    + " {$size: '$$outer'}}}}}"))
        .isEqualTo(value("[[2, 2], [1]]"));
  }

  @Test
  void anOuterVariableOfTheSameNameKeepsItsValue() {
    assertThat(
            eval(
                "{$let: {vars: {this: 'outer'}, in: [{$map: {input: [1], in: '$$this'}},"
                    + " '$$this']}}"))
        .isEqualTo(value("[[1], 'outer']"));
  }

  @Test
  void mapRefusesMalformedSpecifications() {
    assertFails(
        "{$map: [1]}", ErrorCode.LOCATION_16878, "$map only supports an object as its argument");
    assertFails(
        "{$map: {input: [], in: 1, x: 1}}",
        ErrorCode.LOCATION_16879,
        "Unrecognized parameter to $map: x");
    assertFails("{$map: {in: 1}}", ErrorCode.LOCATION_16880, "Missing 'input' parameter to $map");
    assertFails("{$map: {input: []}}", ErrorCode.LOCATION_16882, "Missing 'in' parameter to $map");
    assertFails(
        "{$map: {input: 'x', in: 1}}",
        ErrorCode.LOCATION_16883,
        "input to $map must be an array not string");
    assertFails(
        "{$map: {input: [], as: 'Bad', in: 1}}",
        ErrorCode.LOCATION_16867,
        "'Bad' starts with an invalid character for a user variable name");
    assertFails(
        "{$map: {input: [], as: 1, in: 1}}",
        ErrorCode.LOCATION_16866,
        "empty variable names are not allowed");
    assertFails(
        "{$map: {input: [], in: '$$value'}}",
        ErrorCode.LOCATION_17276,
        "Use of undefined variable: value");
  }

  @Test
  void filterKeepsTheElementsWhoseConditionIsTrue() {
    assertThat(
            eval(
                "{$filter: {input: '$items', as: 'item', cond: {$in: ['$$item.type', ['pen',"
                    + " 'ink']]}}}",
                "{items: [{type: 'pen'}, {type: 'pad'}, {type: 'ink'}]}"))
        .isEqualTo(value("[{type: 'pen'}, {type: 'ink'}]"));
    // Truthiness: 0, null and missing are false; every array is true.
    assertThat(eval("{$filter: {input: [0, 1, null, [], '$nope'], cond: '$$this'}}"))
        .isEqualTo(value("[1, []]"));
    assertThat(eval("{$filter: {input: '$nope', cond: true}}")).isEqualTo(value("null"));
  }

  @Test
  void filterLimitStopsAfterThatManyMatches() {
    assertThat(eval("{$filter: {input: [1, 2, 3, 4], cond: true, limit: 2}}"))
        .isEqualTo(value("[1, 2]"));
    assertThat(eval("{$filter: {input: [1, 2], cond: true, limit: NumberLong(5)}}"))
        .isEqualTo(value("[1, 2]"));
    assertThat(eval("{$filter: {input: [1, 2], cond: true, limit: null}}"))
        .isEqualTo(value("[1, 2]"));
    assertFails(
        "{$filter: {input: [1], cond: true, limit: 0}}",
        ErrorCode.LOCATION_327392,
        "$filter: limit must be greater than 0: 0");
    assertFails(
        "{$filter: {input: [1], cond: true, limit: 1.5}}",
        ErrorCode.LOCATION_327391,
        "$filter: limit must be represented as a 32-bit integral value: 1.5");
  }

  @Test
  void filterRefusesMalformedSpecifications() {
    assertFails(
        "{$filter: 1}",
        ErrorCode.LOCATION_28646,
        "$filter only supports an object as its argument");
    assertFails(
        "{$filter: {input: [], cond: 1, foo: 1}}",
        ErrorCode.LOCATION_28647,
        "Unrecognized parameter to $filter: foo");
    assertFails(
        "{$filter: {cond: 1}}", ErrorCode.LOCATION_28648, "Missing 'input' parameter to $filter");
    assertFails(
        "{$filter: {input: []}}", ErrorCode.LOCATION_28650, "Missing 'cond' parameter to $filter");
    assertFails(
        "{$filter: {input: 'a', cond: true}}",
        ErrorCode.LOCATION_28651,
        "input to $filter must be an array not string");
    assertFails(
        "{$filter: {input: [], as: '', cond: 1}}",
        ErrorCode.LOCATION_16866,
        "empty variable names are not allowed");
  }

  @Test
  void reduceFoldsWithValueAndThis() {
    // The manual's example: flattening an array of arrays.
    assertThat(
            eval(
                "{$reduce: {input: [[3, 4], [5, 6]], initialValue: [1, 2], in: {$concatArrays:"
                    + " ['$$value', '$$this']}}}"))
        .isEqualTo(value("[1, 2, 3, 4, 5, 6]"));
    assertThat(
            eval(
                "{$reduce: {input: ['a', 'b'], initialValue: '$start', in: ['$$value',"
                    + " '$$this']}}",
                "{start: 0}"))
        .isEqualTo(value("[[0, 'a'], 'b']"));
    assertThat(eval("{$reduce: {input: [], initialValue: 7, in: '$$this'}}")).isEqualTo(value("7"));
    assertThat(eval("{$reduce: {input: '$nope', initialValue: 7, in: 1}}"))
        .isEqualTo(value("null"));
  }

  @Test
  void reduceRefusesMalformedSpecifications() {
    assertFails(
        "{$reduce: 1}",
        ErrorCode.LOCATION_40075,
        "$reduce requires an object as an argument, found: int");
    assertFails(
        "{$reduce: {input: [], initialValue: 0, in: 1, as: 'x'}}",
        ErrorCode.LOCATION_40076,
        "$reduce found an unknown argument: as");
    assertFails(
        "{$reduce: {initialValue: 0, in: 1}}",
        ErrorCode.LOCATION_40077,
        "$reduce requires 'input' to be specified");
    assertFails(
        "{$reduce: {input: [], in: 1}}",
        ErrorCode.LOCATION_40078,
        "$reduce requires 'initialValue' to be specified");
    assertFails(
        "{$reduce: {input: [], initialValue: 0}}",
        ErrorCode.LOCATION_40079,
        "$reduce requires 'in' to be specified");
    assertFails(
        "{$reduce: {input: 'abc', initialValue: 0, in: 1}}",
        ErrorCode.LOCATION_40080,
        "$reduce requires that 'input' be an array, found: \"abc\"");
    assertFails(
        "{$reduce: {input: [], initialValue: '$$this', in: 1}}",
        ErrorCode.LOCATION_17276,
        "Use of undefined variable: this");
  }

  @Test
  void dependenciesAreTheInputsAndTheBodysFieldPathsNotItsVariables() {
    Dependencies dependencies = new Dependencies();
    parse(
            "{$map: {input: '$a', as: 'x', in: {$filter: {input: '$$x.b', cond: {$in: ['$$this',"
                + " '$c']}}}}}")
        .addDependencies(dependencies);
    assertThat(dependencies.paths()).containsExactly("a", "c");
    assertThat(dependencies.needsWholeDocument()).isFalse();
  }

  @Test
  void higherOrderOperatorsAreEvaluatedPerDocumentEvenWithConstantArguments() {
    assertThat(parse("{$map: {input: [1, 2], in: ['$$this']}}").isConstant()).isFalse();
    // As MongoDB's optimizer: not folded, so its errors surface only when a document reaches it.
    assertThat(parse("{$map: {input: [1, 2], in: 5}}").isConstant()).isFalse();
    assertThat(eval("{$map: {input: [1, 2], in: 5}}")).isEqualTo(value("[5, 5]"));
    assertThat(parse("{$map: {input: 7, in: 5}}").isConstant()).isFalse();
    assertThat(parse("{$reduce: {input: [1], initialValue: 0, in: '$$value'}}").isConstant())
        .isFalse();
  }
}
