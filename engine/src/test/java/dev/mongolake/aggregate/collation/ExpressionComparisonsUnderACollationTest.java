package dev.mongolake.aggregate.collation;

import static dev.mongolake.aggregate.collation.CollatedPipelines.CASE_INSENSITIVE;
import static dev.mongolake.aggregate.collation.CollatedPipelines.NUMERIC;
import static dev.mongolake.aggregate.collation.CollatedPipelines.SIMPLE;
import static dev.mongolake.aggregate.collation.CollatedPipelines.documents;
import static dev.mongolake.aggregate.collation.CollatedPipelines.evaluate;
import static dev.mongolake.aggregate.collation.CollatedPipelines.json;
import static dev.mongolake.aggregate.collation.CollatedPipelines.run;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * MongoDB's manual: an aggregation's collation governs every comparison of strings its expressions
 * make ("Collation allows users to specify language-specific rules for string comparison"), while
 * the string operators themselves ({@code $strcasecmp}, {@code $indexOfBytes}, {@code $regexMatch},
 * {@code $split}, {@code $toUpper}) compare bytes or code points whatever the collation.
 */
class ExpressionComparisonsUnderACollationTest {

  private static final String DOC = "{_id: 1, s: 'abc', n: '10'}";

  @Test
  void comparisonOperatorsFollowTheCollation() {
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$eq: ['$s', 'ABC']}")).isEqualTo(json("true"));
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$ne: ['$s', 'ABC']}")).isEqualTo(json("false"));
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$cmp: ['$s', 'ABC']}")).isEqualTo(json("0"));
    assertThat(evaluate(NUMERIC, DOC, "{$gt: ['$n', '9']}")).isEqualTo(json("true"));
    assertThat(evaluate(NUMERIC, DOC, "{$lte: ['$n', '9']}")).isEqualTo(json("false"));
  }

  @Test
  void theSimpleCollationKeepsBinaryComparison() {
    assertThat(evaluate(SIMPLE, DOC, "{$eq: ['$s', 'ABC']}")).isEqualTo(json("false"));
    assertThat(evaluate(SIMPLE, DOC, "{$cmp: ['$s', 'ABC']}")).isEqualTo(json("1"));
    assertThat(evaluate(SIMPLE, DOC, "{$gt: ['$n', '9']}")).isEqualTo(json("false"));
  }

  @Test
  void comparisonsInsideDocumentsAndArraysFollowTheCollation() {
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$eq: [{a: ['$s']}, {$literal: {a: ['ABC']}}]}"))
        .isEqualTo(json("true"));
    assertThat(evaluate(SIMPLE, DOC, "{$eq: [{a: ['$s']}, {$literal: {a: ['ABC']}}]}"))
        .isEqualTo(json("false"));
  }

  @Test
  void inAndIndexOfArrayFindStringsTheCollationFindsEqual() {
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$in: ['$s', ['x', 'ABC']]}"))
        .isEqualTo(json("true"));
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$indexOfArray: [['x', 'ABC'], '$s']}"))
        .isEqualTo(json("1"));
    assertThat(evaluate(SIMPLE, DOC, "{$in: ['$s', ['x', 'ABC']]}")).isEqualTo(json("false"));
    assertThat(evaluate(SIMPLE, DOC, "{$indexOfArray: [['x', 'ABC'], '$s']}"))
        .isEqualTo(json("-1"));
  }

  @Test
  void setOperatorsTreatStringsTheCollationFindsEqualAsOneMember() {
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$setEquals: [['a', 'B'], ['b', 'A']]}"))
        .isEqualTo(json("true"));
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$setIsSubset: [['A'], ['a', 'b']]}"))
        .isEqualTo(json("true"));
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$size: {$setUnion: [['a', 'b'], ['A']]}}"))
        .isEqualTo(json("2"));
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$setIntersection: [['a', 'c'], ['A', 'b']]}"))
        .isEqualTo(json("['a']"));
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$setDifference: [['a', 'c'], ['A']]}"))
        .isEqualTo(json("['c']"));
    assertThat(evaluate(SIMPLE, DOC, "{$setEquals: [['a', 'B'], ['b', 'A']]}"))
        .isEqualTo(json("false"));
    assertThat(evaluate(SIMPLE, DOC, "{$setDifference: [['a', 'c'], ['A']]}"))
        .isEqualTo(json("['a', 'c']"));
  }

  @Test
  void maxAndMinExpressionsOrderStringsByTheCollation() {
    // Binary: 'a' (0x61) sorts after 'B' (0x42); English puts a before b whatever the case.
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$max: ['a', 'B']}")).isEqualTo(json("'B'"));
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$min: [['a', 'B']]}")).isEqualTo(json("'a'"));
    assertThat(evaluate(SIMPLE, DOC, "{$max: ['a', 'B']}")).isEqualTo(json("'a'"));
    assertThat(evaluate(NUMERIC, DOC, "{$max: ['9', '10']}")).isEqualTo(json("'10'"));
  }

  @Test
  void sortArrayAndTheNOperatorsOrderStringsByTheCollation() {
    assertThat(evaluate(NUMERIC, DOC, "{$sortArray: {input: ['10', '9', '2'], sortBy: 1}}"))
        .isEqualTo(json("['2', '9', '10']"));
    assertThat(
            evaluate(NUMERIC, DOC, "{$sortArray: {input: [{k: '10'}, {k: '9'}], sortBy: {k: -1}}}"))
        .isEqualTo(json("[{k: '10'}, {k: '9'}]"));
    assertThat(evaluate(NUMERIC, DOC, "{$maxN: {n: 2, input: ['10', '9', '2']}}"))
        .isEqualTo(json("['10', '9']"));
    assertThat(evaluate(NUMERIC, DOC, "{$minN: {n: 1, input: ['10', '9', '2']}}"))
        .isEqualTo(json("['2']"));
    assertThat(evaluate(SIMPLE, DOC, "{$sortArray: {input: ['10', '9', '2'], sortBy: 1}}"))
        .isEqualTo(json("['10', '2', '9']"));
  }

  @Test
  void stringOperatorsIgnoreTheCollation() {
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$indexOfBytes: ['$s', 'B']}"))
        .isEqualTo(json("-1"));
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$indexOfCP: ['$s', 'B']}")).isEqualTo(json("-1"));
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$regexMatch: {input: '$s', regex: 'B'}}"))
        .isEqualTo(json("false"));
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$split: ['aXbxc', 'x']}"))
        .isEqualTo(json("['aXb', 'c']"));
    assertThat(evaluate(NUMERIC, DOC, "{$strcasecmp: ['10', '9']}")).isEqualTo(json("-1"));
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$toUpper: '$s'}")).isEqualTo(json("'ABC'"));
  }

  @Test
  void conditionalsBranchOnCollatedComparisons() {
    assertThat(
            evaluate(
                CASE_INSENSITIVE,
                DOC,
                "{$switch: {branches: [{case: {$eq: ['$s', 'ABC']}, then: 'same'}],"
                    + " default: 'other'}}"))
        .isEqualTo(json("'same'"));
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$cond: [{$eq: ['$s', 'ABC']}, 1, 2]}"))
        .isEqualTo(json("1"));
  }

  @Test
  void constantExpressionsFoldUnderTheCollation() {
    assertThat(evaluate(CASE_INSENSITIVE, DOC, "{$eq: ['abc', 'ABC']}")).isEqualTo(json("true"));
  }

  @Test
  void matchAndExprInsideItFollowThePipelinesCollation() {
    var input = documents("{_id: 1, s: 'abc'}", "{_id: 2, s: 'ABC'}", "{_id: 3, s: 'abd'}");
    assertThat(run(CASE_INSENSITIVE, input, "{$match: {s: 'Abc'}}")).hasSize(2);
    assertThat(run(CASE_INSENSITIVE, input, "{$match: {$expr: {$eq: ['$s', 'Abc']}}}")).hasSize(2);
    assertThat(run(SIMPLE, input, "{$match: {$expr: {$eq: ['$s', 'Abc']}}}")).isEmpty();
  }

  @Test
  void redactDecidesWithCollatedComparisons() {
    var input = documents("{_id: 1, level: 'SECRET'}", "{_id: 2, level: 'public'}");
    assertThat(
            run(
                CASE_INSENSITIVE,
                input,
                "{$redact: {$cond: [{$eq: ['$level', 'secret']}, '$$PRUNE', '$$KEEP']}}"))
        .containsExactly(documents("{_id: 2, level: 'public'}").getFirst());
  }
}
