package dev.mongolake.update;

import static dev.mongolake.update.UpdateTesting.assertUpdate;

import org.junit.jupiter.api.Test;

class FieldOrderTest {
  @Test
  void newFieldsAreAppendedInLexicographicOrder() {
    assertUpdate(
        "{$set: {c: 3, a: 1, b: 2}}", "{_id: 1, z: 0}", "{_id: 1, z: 0, a: 1, b: 2, c: 3}");
  }

  @Test
  void newFieldsFromSeveralOperatorsInterleaveByName() {
    assertUpdate(
        "{$inc: {d: 1}, $set: {b: 1}, $push: {a: 1}, $min: {c: 1}}",
        "{_id: 1}",
        "{_id: 1, a: [1], b: 1, c: 1, d: 1}");
  }

  @Test
  void numericFieldNamesAreAppliedInNumericOrder() {
    assertUpdate(
        "{$set: {'a.10': 'x', 'a.2': 'y'}}",
        "{_id: 1, a: {}}",
        "{_id: 1, a: {'2': 'y', '10': 'x'}}");
  }

  @Test
  void numericIndexesPadInNumericOrder() {
    assertUpdate(
        "{$set: {'a.3': 'x', 'a.1': 'y'}}",
        "{_id: 1, a: []}",
        "{_id: 1, a: [null, 'y', null, 'x']}");
  }

  @Test
  void existingFieldsKeepTheirPlace() {
    assertUpdate("{$set: {b: 20, a: 10}}", "{b: 2, _id: 1, a: 1}", "{b: 20, _id: 1, a: 10}");
  }

  @Test
  void unsetThenSetOfAnotherFieldAppendsAtTheEnd() {
    assertUpdate("{$unset: {a: 1}, $set: {b: 2}}", "{_id: 1, a: 1, c: 3}", "{_id: 1, c: 3, b: 2}");
  }
}
