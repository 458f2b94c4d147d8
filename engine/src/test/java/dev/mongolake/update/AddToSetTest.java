package dev.mongolake.update;

import static dev.mongolake.update.UpdateTesting.assertApplyFails;
import static dev.mongolake.update.UpdateTesting.assertNoOp;
import static dev.mongolake.update.UpdateTesting.assertParseFails;
import static dev.mongolake.update.UpdateTesting.assertUpdate;

import dev.mongolake.ErrorCode;
import org.junit.jupiter.api.Test;

class AddToSetTest {
  @Test
  void addToSetAppendsAMissingValue() {
    assertUpdate(
        "{$addToSet: {colors: 'mauve'}}",
        "{_id: 1, colors: ['blue', 'green']}",
        "{_id: 1, colors: ['blue', 'green', 'mauve']}");
  }

  @Test
  void addToSetOfAPresentValueIsANoOp() {
    assertNoOp("{$addToSet: {colors: 'blue'}}", "{_id: 1, colors: ['blue', 'green']}");
  }

  @Test
  void addToSetUsesNumericEqualityAcrossTypes() {
    assertNoOp("{$addToSet: {a: 1.0}}", "{_id: 1, a: [1, 2]}");
  }

  @Test
  void addToSetComparesDocumentsIncludingFieldOrder() {
    assertNoOp("{$addToSet: {a: {x: 1, y: 2}}}", "{_id: 1, a: [{x: 1, y: 2}]}");
    assertUpdate(
        "{$addToSet: {a: {y: 2, x: 1}}}",
        "{_id: 1, a: [{x: 1, y: 2}]}",
        "{_id: 1, a: [{x: 1, y: 2}, {y: 2, x: 1}]}");
  }

  @Test
  void addToSetOfAnArrayAddsItAsOneElement() {
    assertUpdate(
        "{$addToSet: {letters: ['c', 'd']}}",
        "{_id: 1, letters: ['a', 'b']}",
        "{_id: 1, letters: ['a', 'b', ['c', 'd']]}");
  }

  @Test
  void addToSetEachAddsOnlyTheMissingValuesOnce() {
    assertUpdate(
        "{$addToSet: {tags: {$each: ['camera', 'electronics', 'accessories', 'camera']}}}",
        "{_id: 2, tags: ['electronics', 'supplies']}",
        "{_id: 2, tags: ['electronics', 'supplies', 'camera', 'accessories']}");
  }

  @Test
  void addToSetToAMissingFieldCreatesAnArray() {
    assertUpdate("{$addToSet: {a: {$each: [1, 1, 2]}}}", "{_id: 1}", "{_id: 1, a: [1, 2]}");
  }

  @Test
  void addToSetToANonArrayIsRefused() {
    assertApplyFails(
        "{$addToSet: {a: 1}}",
        "{_id: 1, a: 'x'}",
        ErrorCode.BAD_VALUE,
        "Cannot apply $addToSet to non-array field. Field named 'a' has non-array type string");
  }

  @Test
  void addToSetRefusesANonArrayEach() {
    assertParseFails(
        "{$addToSet: {a: {$each: 1}}}",
        ErrorCode.TYPE_MISMATCH,
        "The argument to $each in $addToSet must be an array but it was of type int");
  }

  @Test
  void addToSetRefusesFieldsAfterEach() {
    assertParseFails(
        "{$addToSet: {a: {$each: [1], b: 2}}}",
        ErrorCode.BAD_VALUE,
        "Found unexpected fields after $each in $addToSet: { $each: [ 1 ], b: 2 }");
  }
}
