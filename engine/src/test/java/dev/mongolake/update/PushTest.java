package dev.mongolake.update;

import static dev.mongolake.update.UpdateTesting.assertApplyFails;
import static dev.mongolake.update.UpdateTesting.assertNoOp;
import static dev.mongolake.update.UpdateTesting.assertParseFails;
import static dev.mongolake.update.UpdateTesting.assertUpdate;

import dev.mongolake.ErrorCode;
import org.junit.jupiter.api.Test;

class PushTest {
  @Test
  void pushAppendsAValue() {
    assertUpdate(
        "{$push: {scores: 89}}", "{_id: 1, scores: [44, 78]}", "{_id: 1, scores: [44, 78, 89]}");
  }

  @Test
  void pushToAMissingFieldCreatesAnArray() {
    assertUpdate("{$push: {scores: 89}}", "{_id: 1}", "{_id: 1, scores: [89]}");
  }

  @Test
  void pushOfAnArrayAppendsItAsOneElement() {
    assertUpdate("{$push: {a: [1, 2]}}", "{_id: 1, a: []}", "{_id: 1, a: [[1, 2]]}");
  }

  @Test
  void pushEachAppendsEveryValue() {
    assertUpdate(
        "{$push: {scores: {$each: [90, 92, 85]}}}",
        "{_id: 1, scores: [1]}",
        "{_id: 1, scores: [1, 90, 92, 85]}");
  }

  @Test
  void pushEachOfNothingIsANoOp() {
    assertNoOp("{$push: {a: {$each: []}}}", "{_id: 1, a: [1]}");
  }

  @Test
  void pushEachOfNothingToAMissingFieldCreatesAnEmptyArray() {
    assertUpdate("{$push: {a: {$each: []}}}", "{_id: 1}", "{_id: 1, a: []}");
  }

  @Test
  void pushToANonArrayIsRefused() {
    assertApplyFails(
        "{$push: {a: 1}}",
        "{_id: 1, a: 5}",
        ErrorCode.BAD_VALUE,
        "The field 'a' must be an array but is of type int in document {_id: 1}");
  }

  @Test
  void pushToANonArrayInADocumentWithoutIdSaysNoId() {
    assertApplyFails(
        "{$push: {'x.a': 1}}",
        "{x: {a: 'y'}}",
        ErrorCode.BAD_VALUE,
        "The field 'x.a' must be an array but is of type string in document {no id}");
  }

  @Test
  void pushAtAPosition() {
    assertUpdate(
        "{$push: {scores: {$each: [50, 60, 70], $position: 0}}}",
        "{_id: 1, scores: [100]}",
        "{_id: 1, scores: [50, 60, 70, 100]}");
    assertUpdate(
        "{$push: {scores: {$each: [20, 30], $position: 2}}}",
        "{_id: 1, scores: [50, 60, 70, 100]}",
        "{_id: 1, scores: [50, 60, 20, 30, 70, 100]}");
  }

  @Test
  void pushAtANegativePositionCountsFromTheEnd() {
    assertUpdate(
        "{$push: {scores: {$each: [90, 80], $position: -2}}}",
        "{_id: 1, scores: [50, 60, 20, 30, 70, 100]}",
        "{_id: 1, scores: [50, 60, 20, 30, 90, 80, 70, 100]}");
  }

  @Test
  void pushAtAPositionBeyondTheEndAppends() {
    assertUpdate(
        "{$push: {a: {$each: [9], $position: 10}}}",
        "{_id: 1, a: [1, 2]}",
        "{_id: 1, a: [1, 2, 9]}");
    assertUpdate(
        "{$push: {a: {$each: [9], $position: -10}}}",
        "{_id: 1, a: [1, 2]}",
        "{_id: 1, a: [9, 1, 2]}");
  }

  @Test
  void pushWithSliceKeepsTheFirstElements() {
    assertUpdate(
        "{$push: {scores: {$each: [80, 78, 86], $slice: 5}}}",
        "{_id: 1, scores: [89, 90]}",
        "{_id: 1, scores: [89, 90, 80, 78, 86]}");
    assertUpdate(
        "{$push: {scores: {$each: [100, 20], $slice: 3}}}",
        "{_id: 1, scores: [89, 90]}",
        "{_id: 1, scores: [89, 90, 100]}");
  }

  @Test
  void pushWithANegativeSliceKeepsTheLastElements() {
    assertUpdate(
        "{$push: {scores: {$each: [80, 78, 86], $slice: -5}}}",
        "{_id: 1, scores: [40, 50, 60]}",
        "{_id: 1, scores: [50, 60, 80, 78, 86]}");
  }

  @Test
  void pushWithZeroSliceEmptiesTheArray() {
    assertUpdate(
        "{$push: {scores: {$each: [], $slice: 0}}}",
        "{_id: 1, scores: [1, 2]}",
        "{_id: 1, scores: []}");
  }

  @Test
  void pushSortsDocumentsByAFieldThenSlices() {
    assertUpdate(
        "{$push: {quizzes: {$each: [{id: 3, score: 8}, {id: 4, score: 7}, {id: 5, score: 6}],"
            + " $sort: {score: 1}, $slice: -3}}}",
        "{_id: 5, quizzes: [{wk: 1, score: 10}, {wk: 2, score: 8}, {wk: 3, score: 5},"
            + " {wk: 4, score: 6}]}",
        "{_id: 5, quizzes: [{wk: 2, score: 8}, {id: 3, score: 8}, {wk: 1, score: 10}]}");
  }

  @Test
  void pushSortsWholeValuesDescending() {
    assertUpdate(
        "{$push: {tests: {$each: [40, 60], $sort: -1}}}",
        "{_id: 1, tests: [89, 70, 100, 20]}",
        "{_id: 1, tests: [100, 89, 70, 60, 40, 20]}");
  }

  @Test
  void pushSortOnlyReordersTheExistingArray() {
    assertUpdate(
        "{$push: {tests: {$each: [], $sort: 1}}}",
        "{_id: 1, tests: [3, 1, 2]}",
        "{_id: 1, tests: [1, 2, 3]}");
  }

  @Test
  void pushSortByADottedFieldTreatsMissingAsNull() {
    assertUpdate(
        "{$push: {a: {$each: [{v: {n: 2}}], $sort: {'v.n': 1}}}}",
        "{_id: 1, a: [{v: {n: 3}}, {w: 1}]}",
        "{_id: 1, a: [{w: 1}, {v: {n: 2}}, {v: {n: 3}}]}");
  }

  @Test
  void pushSortsMixedTypesInBsonOrder() {
    assertUpdate(
        "{$push: {a: {$each: ['b', null, 2.5], $sort: 1}}}",
        "{_id: 1, a: [1, {x: 1}]}",
        "{_id: 1, a: [null, 1, 2.5, 'b', {x: 1}]}");
  }

  @Test
  void pushPositionThenSortThenSliceAllApply() {
    assertUpdate(
        "{$push: {a: {$each: [5, 0], $position: 0, $sort: -1, $slice: 3}}}",
        "{_id: 1, a: [1, 4, 2]}",
        "{_id: 1, a: [5, 4, 2]}");
  }

  @Test
  void pushWithoutEachPushesAModifierLookingDocumentAsAValue() {
    assertUpdate("{$push: {a: {$slice: 1}}}", "{_id: 1, a: []}", "{_id: 1, a: [{$slice: 1}]}");
  }

  @Test
  void pushAcceptsIntegralDoublesForSliceAndPosition() {
    assertUpdate(
        "{$push: {a: {$each: [3], $position: 0.0, $slice: 2.0}}}",
        "{_id: 1, a: [1, 2]}",
        "{_id: 1, a: [3, 1]}");
  }

  @Test
  void pushRefusesAnUnknownClause() {
    assertParseFails(
        "{$push: {a: {$each: [1], $foo: 1}}}",
        ErrorCode.BAD_VALUE,
        "Unrecognized clause in $push: $foo");
  }

  @Test
  void pushRefusesANonArrayEach() {
    assertParseFails(
        "{$push: {a: {$each: 1}}}",
        ErrorCode.BAD_VALUE,
        "The argument to $each in $push must be an array but it was of type: int");
  }

  @Test
  void pushRefusesANonIntegerSlice() {
    assertParseFails(
        "{$push: {a: {$each: [1], $slice: 'x'}}}",
        ErrorCode.BAD_VALUE,
        "The value for $slice must be an integer value but was given type: string");
    assertParseFails(
        "{$push: {a: {$each: [1], $slice: 1.5}}}",
        ErrorCode.BAD_VALUE,
        "The value for $slice must be an integer value but was given type: double");
  }

  @Test
  void pushRefusesANonIntegerPosition() {
    assertParseFails(
        "{$push: {a: {$each: [1], $position: 'x'}}}",
        ErrorCode.BAD_VALUE,
        "The value for $position must be an integer value, not of type: string");
  }

  @Test
  void pushRefusesABadSort() {
    assertParseFails(
        "{$push: {a: {$each: [1], $sort: 2}}}",
        ErrorCode.BAD_VALUE,
        "The $sort element value must be either 1 or -1");
    assertParseFails(
        "{$push: {a: {$each: [1], $sort: {x: 0}}}}",
        ErrorCode.BAD_VALUE,
        "The $sort element value must be either 1 or -1");
    assertParseFails(
        "{$push: {a: {$each: [1], $sort: 'up'}}}",
        ErrorCode.BAD_VALUE,
        "The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort"
            + " embedded fields");
    assertParseFails(
        "{$push: {a: {$each: [1], $sort: {}}}}",
        ErrorCode.BAD_VALUE,
        "The $sort pattern is empty when it should be a set of fields.");
    assertParseFails(
        "{$push: {a: {$each: [1], $sort: {'a..b': 1}}}}",
        ErrorCode.BAD_VALUE,
        "The $sort field is a dotted field but has an empty part: a..b");
  }

  @Test
  void pushIntoANestedArrayByIndex() {
    assertUpdate(
        "{$push: {'a.1': 'x'}}", "{_id: 1, a: [[1], [2]]}", "{_id: 1, a: [[1], [2, 'x']]}");
  }

  @Test
  void pushSortByAFieldSortsNonDocumentElementsAsNull() {
    assertUpdate(
        "{$push: {a: {$each: [{v: 2}], $sort: {v: 1}}}}",
        "{_id: 1, a: [{v: 3}, 5, {v: 1}]}",
        "{_id: 1, a: [5, {v: 1}, {v: 2}, {v: 3}]}");
  }

  @Test
  void pushSortByAFieldComparesArrayValuesWhole() {
    // [1, 9] < [2] element by element; a find sort would use the smallest element instead.
    assertUpdate(
        "{$push: {a: {$each: [], $sort: {v: 1}}}}",
        "{_id: 1, a: [{v: [2]}, {v: [1, 9]}]}",
        "{_id: 1, a: [{v: [1, 9]}, {v: [2]}]}");
  }

  @Test
  void pushSortByAFieldIsStable() {
    assertUpdate(
        "{$push: {a: {$each: [{k: 1, n: 'c'}], $sort: {k: -1}}}}",
        "{_id: 1, a: [{k: 1, n: 'a'}, {k: 2, n: 'x'}, {k: 1, n: 'b'}]}",
        "{_id: 1, a: [{k: 2, n: 'x'}, {k: 1, n: 'a'}, {k: 1, n: 'b'}, {k: 1, n: 'c'}]}");
  }
}
