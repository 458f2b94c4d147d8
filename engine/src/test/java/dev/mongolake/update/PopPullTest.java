package dev.mongolake.update;

import static dev.mongolake.update.UpdateTesting.assertApplyFails;
import static dev.mongolake.update.UpdateTesting.assertNoOp;
import static dev.mongolake.update.UpdateTesting.assertParseFails;
import static dev.mongolake.update.UpdateTesting.assertUpdate;

import dev.mongolake.ErrorCode;
import org.junit.jupiter.api.Test;

class PopPullTest {
  @Test
  void popMinusOneRemovesTheFirstElement() {
    assertUpdate(
        "{$pop: {scores: -1}}", "{_id: 1, scores: [8, 9, 10]}", "{_id: 1, scores: [9, 10]}");
  }

  @Test
  void popOneRemovesTheLastElement() {
    assertUpdate("{$pop: {scores: 1}}", "{_id: 1, scores: [9, 10]}", "{_id: 1, scores: [9]}");
  }

  @Test
  void popOfAnEmptyOrMissingArrayIsANoOp() {
    assertNoOp("{$pop: {a: 1, b: -1}}", "{_id: 1, a: []}");
  }

  @Test
  void popOfANonArrayIsATypeMismatch() {
    assertApplyFails(
        "{$pop: {'x.a': 1}}",
        "{_id: 1, x: {a: 1}}",
        ErrorCode.TYPE_MISMATCH,
        "Path 'x.a' contains an element of non-array type 'int'");
  }

  @Test
  void popRefusesOtherArguments() {
    assertParseFails("{$pop: {a: 2}}", ErrorCode.FAILED_TO_PARSE, "$pop expects 1 or -1, found: 2");
    assertParseFails(
        "{$pop: {a: 'x'}}", ErrorCode.FAILED_TO_PARSE, "Expected a number in: a: \"x\"");
  }

  @Test
  void pullRemovesEqualValues() {
    assertUpdate(
        "{$pull: {fruits: 'apples', vegetables: 'carrots'}}",
        "{_id: 1, fruits: ['apples', 'pears', 'apples'], vegetables: ['carrots', 'celery']}",
        "{_id: 1, fruits: ['pears'], vegetables: ['celery']}");
  }

  @Test
  void pullUsesNumericEqualityAcrossTypes() {
    assertUpdate(
        "{$pull: {a: 1}}", "{_id: 1, a: [1.0, {$numberLong: '1'}, 2]}", "{_id: 1, a: [2]}");
  }

  @Test
  void pullWithAConditionRemovesMatchingElements() {
    assertUpdate(
        "{$pull: {votes: {$gte: 6}}}",
        "{_id: 1, votes: [3, 5, 6, 7, 7, 8]}",
        "{_id: 1, votes: [3, 5]}");
  }

  @Test
  void pullWithCombinedConditions() {
    assertUpdate(
        "{$pull: {a: {$gt: 1, $lt: 4}}}", "{_id: 1, a: [1, 2, 3, 4]}", "{_id: 1, a: [1, 4]}");
    assertUpdate(
        "{$pull: {a: {$in: ['x', 'y']}}}", "{_id: 1, a: ['x', 'z', 'y']}", "{_id: 1, a: ['z']}");
  }

  @Test
  void pullWithAQueryRemovesMatchingDocuments() {
    assertUpdate(
        "{$pull: {results: {score: 8, item: 'B'}}}",
        "{_id: 1, results: [{item: 'A', score: 5}, {item: 'B', score: 8, extra: 1}, 'B']}",
        "{_id: 1, results: [{item: 'A', score: 5}, 'B']}");
  }

  @Test
  void pullWithAQueryOnNestedArrays() {
    assertUpdate(
        "{$pull: {results: {answers: {$elemMatch: {q: 2, a: {$gte: 8}}}}}}",
        "{_id: 1, results: [{item: 'A', answers: [{q: 1, a: 4}, {q: 2, a: 6}]},"
            + " {item: 'B', answers: [{q: 1, a: 0}, {q: 2, a: 8}]}]}",
        "{_id: 1, results: [{item: 'A', answers: [{q: 1, a: 4}, {q: 2, a: 6}]}]}");
  }

  @Test
  void pullWithOrQuery() {
    assertUpdate(
        "{$pull: {a: {$or: [{x: 1}, {y: 2}]}}}",
        "{_id: 1, a: [{x: 1}, {y: 2}, {z: 3}]}",
        "{_id: 1, a: [{z: 3}]}");
  }

  @Test
  void pullOfADocumentValueUsesQuerySemantics() {
    // The argument {x: 1} matches any document whose x is 1, not only {x: 1} itself.
    assertUpdate(
        "{$pull: {a: {x: 1}}}", "{_id: 1, a: [{x: 1, y: 2}, {x: 2}]}", "{_id: 1, a: [{x: 2}]}");
  }

  @Test
  void pullOfNothingMatchingIsANoOp() {
    assertNoOp("{$pull: {a: 9, b: 1}}", "{_id: 1, a: [1, 2]}");
  }

  @Test
  void pullFromANonArrayIsRefused() {
    assertApplyFails(
        "{$pull: {a: 1}}",
        "{_id: 1, a: 1}",
        ErrorCode.BAD_VALUE,
        "Cannot apply $pull to a non-array value");
  }

  @Test
  void pullWithAnInvalidConditionReportsTheFilterError() {
    assertParseFails("{$pull: {a: {$foo: 1}}}", ErrorCode.BAD_VALUE, "unknown operator: $foo");
  }

  @Test
  void pullAllRemovesEveryListedValue() {
    assertUpdate(
        "{$pullAll: {scores: [0, 5]}}",
        "{_id: 1, scores: [0, 2, 5, 5, 1, 0]}",
        "{_id: 1, scores: [2, 1]}");
  }

  @Test
  void pullAllMatchesWholeDocuments() {
    assertUpdate(
        "{$pullAll: {a: [{x: 1}]}}",
        "{_id: 1, a: [{x: 1}, {x: 1, y: 2}]}",
        "{_id: 1, a: [{x: 1, y: 2}]}");
  }

  @Test
  void pullAllRefusesANonArrayArgument() {
    assertParseFails(
        "{$pullAll: {a: 1}}",
        ErrorCode.BAD_VALUE,
        "$pullAll requires an array argument but was given a int");
  }

  @Test
  void pullAllFromANonArrayIsRefused() {
    assertApplyFails(
        "{$pullAll: {a: [1]}}",
        "{_id: 1, a: {}}",
        ErrorCode.BAD_VALUE,
        "Cannot apply $pull to a non-array value");
  }

  @Test
  void pullThroughAScalarIsANoOp() {
    assertNoOp(
        "{$pull: {'a.b': 1}, $pullAll: {'c.d': [1]}, $pop: {'e.f': 1}}",
        "{_id: 1, a: 1, c: 'x', e: true}");
  }

  @Test
  void pullWithARegularExpressionRemovesMatchingStrings() {
    assertUpdate(
        "{$pull: {tags: {$regularExpression: {pattern: '^a', options: ''}}}}",
        "{_id: 1, tags: ['apple', 'banana', 'avocado', 1]}",
        "{_id: 1, tags: ['banana', 1]}");
  }
}
