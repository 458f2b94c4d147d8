package dev.mongolake.update;

import static dev.mongolake.update.UpdateTesting.assertNoOp;
import static dev.mongolake.update.UpdateTesting.assertUpdate;

import org.junit.jupiter.api.Test;

class MinMaxTest {
  @Test
  void minReplacesWhenTheArgumentIsLower() {
    assertUpdate(
        "{$min: {lowScore: 150}}",
        "{_id: 1, highScore: 800, lowScore: 200}",
        "{_id: 1, highScore: 800, lowScore: 150}");
  }

  @Test
  void minKeepsAHigherArgument() {
    assertNoOp("{$min: {lowScore: 250}}", "{_id: 1, lowScore: 200}");
  }

  @Test
  void maxReplacesWhenTheArgumentIsHigher() {
    assertUpdate(
        "{$max: {highScore: 950}}", "{_id: 1, highScore: 800}", "{_id: 1, highScore: 950}");
  }

  @Test
  void maxKeepsALowerArgument() {
    assertNoOp("{$max: {highScore: 870}}", "{_id: 1, highScore: 900}");
  }

  @Test
  void minOfAMissingFieldSetsIt() {
    assertUpdate("{$min: {a: 5}}", "{_id: 1}", "{_id: 1, a: 5}");
  }

  @Test
  void minComparesNumbersAcrossTypes() {
    assertUpdate("{$min: {a: 1.5}}", "{_id: 1, a: {$numberLong: '2'}}", "{_id: 1, a: 1.5}");
  }

  @Test
  void equalValueOfAnotherNumericTypeIsKept() {
    assertNoOp("{$max: {a: 2.0}}", "{_id: 1, a: 2}");
  }

  @Test
  void minComparesAcrossTypesInBsonOrder() {
    // null sorts below numbers, strings above them.
    assertUpdate("{$min: {a: null}}", "{_id: 1, a: 5}", "{_id: 1, a: null}");
    assertNoOp("{$min: {a: 'text'}}", "{_id: 1, a: 5}");
    assertUpdate("{$max: {a: 'text'}}", "{_id: 1, a: 5}", "{_id: 1, a: 'text'}");
  }

  @Test
  void minAndMaxCompareDates() {
    assertUpdate(
        "{$min: {d: {$date: '2020-01-01T00:00:00Z'}}}",
        "{_id: 1, d: {$date: '2021-01-01T00:00:00Z'}}",
        "{_id: 1, d: {$date: '2020-01-01T00:00:00Z'}}");
    assertNoOp(
        "{$max: {d: {$date: '2020-01-01T00:00:00Z'}}}",
        "{_id: 1, d: {$date: '2021-01-01T00:00:00Z'}}");
  }

  @Test
  void maxOnADottedPathInsideAnArray() {
    assertUpdate(
        "{$max: {'a.1.v': 10}}", "{_id: 1, a: [{v: 1}, {v: 2}]}", "{_id: 1, a: [{v: 1}, {v: 10}]}");
  }
}
