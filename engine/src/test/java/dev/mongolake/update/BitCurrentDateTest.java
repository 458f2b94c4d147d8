package dev.mongolake.update;

import static dev.mongolake.update.UpdateTesting.assertApplyFails;
import static dev.mongolake.update.UpdateTesting.assertParseFails;
import static dev.mongolake.update.UpdateTesting.assertUpdate;

import dev.mongolake.ErrorCode;
import org.junit.jupiter.api.Test;

class BitCurrentDateTest {
  @Test
  void bitAnd() {
    assertUpdate("{$bit: {expdata: {and: 10}}}", "{_id: 1, expdata: 13}", "{_id: 1, expdata: 8}");
  }

  @Test
  void bitOrWithInt64GivesInt64() {
    assertUpdate(
        "{$bit: {expdata: {or: {$numberLong: '5'}}}}",
        "{_id: 2, expdata: 3}",
        "{_id: 2, expdata: {$numberLong: '7'}}");
  }

  @Test
  void bitXor() {
    assertUpdate("{$bit: {expdata: {xor: 5}}}", "{_id: 3, expdata: 1}", "{_id: 3, expdata: 4}");
  }

  @Test
  void bitAppliesSeveralOperationsInOrder() {
    assertUpdate("{$bit: {a: {and: 12, or: 1}}}", "{_id: 1, a: 10}", "{_id: 1, a: 9}");
  }

  @Test
  void bitOnAMissingFieldStartsFromZero() {
    assertUpdate("{$bit: {a: {or: 6}}}", "{_id: 1}", "{_id: 1, a: 6}");
  }

  @Test
  void bitOnADoubleIsRefused() {
    assertApplyFails(
        "{$bit: {a: {and: 1}}}",
        "{_id: 1, a: 1.5}",
        ErrorCode.BAD_VALUE,
        "Cannot apply $bit to a value of non-integral type._id: 1 has the field a of non-integer"
            + " type double");
  }

  @Test
  void bitRefusesBadArguments() {
    assertParseFails(
        "{$bit: {a: 1}}",
        ErrorCode.BAD_VALUE,
        "The $bit modifier is not compatible with a int. You must pass in an embedded document:"
            + " {$bit: {field: {and/or/xor: #}}");
    assertParseFails(
        "{$bit: {a: {not: 1}}}",
        ErrorCode.BAD_VALUE,
        "The $bit modifier only supports 'and', 'or', and 'xor', not 'not' which is an unknown"
            + " operator: {not: 1}");
    assertParseFails(
        "{$bit: {a: {and: 1.0}}}",
        ErrorCode.BAD_VALUE,
        "The $bit modifier field must be an Integer(32/64 bit); a 'double' is not supported here:"
            + " {and: 1.0}");
    assertParseFails(
        "{$bit: {a: {}}}",
        ErrorCode.BAD_VALUE,
        "You must pass in at least one bitwise operation. The format is: {$bit: {field:"
            + " {and/or/xor: #}}");
  }

  @Test
  void currentDateTrueSetsADateFromTheClock() {
    assertUpdate(
        "{$currentDate: {lastModified: true}}",
        "{_id: 1, lastModified: 0}",
        "{_id: 1, lastModified: {$date: '2026-01-02T03:04:05.678Z'}}");
  }

  @Test
  void currentDateWithTypeDate() {
    assertUpdate(
        "{$currentDate: {'a.b': {$type: 'date'}}}",
        "{_id: 1}",
        "{_id: 1, a: {b: {$date: '2026-01-02T03:04:05.678Z'}}}");
  }

  @Test
  void currentDateWithTypeTimestamp() {
    long seconds = UpdateTesting.NOW.getEpochSecond();
    assertUpdate(
        "{$currentDate: {ts: {$type: 'timestamp'}}}",
        "{_id: 1}",
        "{_id: 1, ts: {$timestamp: {t: " + seconds + ", i: 1}}}");
  }

  @Test
  void currentDateFalseStillSetsTheDate() {
    // MongoDB treats any boolean as "set a Date".
    assertUpdate(
        "{$currentDate: {d: false}}",
        "{_id: 1}",
        "{_id: 1, d: {$date: '2026-01-02T03:04:05.678Z'}}");
  }

  @Test
  void currentDateRefusesBadArguments() {
    assertParseFails(
        "{$currentDate: {d: 1}}",
        ErrorCode.BAD_VALUE,
        "int is not valid type for $currentDate. Please use a boolean ('true') or a $type"
            + " expression ({$type: 'timestamp/date'}).");
    assertParseFails(
        "{$currentDate: {d: {$type: 'year'}}}",
        ErrorCode.BAD_VALUE,
        "The '$type' string field is required to be 'date' or 'timestamp': {$currentDate: {field :"
            + " {$type: 'date'}}}");
    assertParseFails(
        "{$currentDate: {d: {when: 'now'}}}",
        ErrorCode.BAD_VALUE,
        "Unrecognized $currentDate option: when");
  }
}
