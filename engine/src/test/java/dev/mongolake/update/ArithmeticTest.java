package dev.mongolake.update;

import static dev.mongolake.update.UpdateTesting.assertApplyFails;
import static dev.mongolake.update.UpdateTesting.assertNoOp;
import static dev.mongolake.update.UpdateTesting.assertParseFails;
import static dev.mongolake.update.UpdateTesting.assertUpdate;

import dev.mongolake.ErrorCode;
import org.junit.jupiter.api.Test;

class ArithmeticTest {
  @Test
  void incAddsToAnInt32() {
    assertUpdate(
        "{$inc: {quantity: -2, 'metrics.orders': 1}}",
        "{_id: 1, quantity: 10, metrics: {orders: 2, ratings: 3.5}}",
        "{_id: 1, quantity: 8, metrics: {orders: 3, ratings: 3.5}}");
  }

  @Test
  void incOfAMissingFieldSetsTheIncrement() {
    assertUpdate("{$inc: {a: 5}}", "{_id: 1}", "{_id: 1, a: 5}");
  }

  @Test
  void incPromotesInt32OverflowToInt64() {
    assertUpdate(
        "{$inc: {a: 1}}", "{_id: 1, a: 2147483647}", "{_id: 1, a: {$numberLong: '2147483648'}}");
  }

  @Test
  void incPromotesInt32UnderflowToInt64() {
    assertUpdate(
        "{$inc: {a: -1}}", "{_id: 1, a: -2147483648}", "{_id: 1, a: {$numberLong: '-2147483649'}}");
  }

  @Test
  void incOfInt32ByInt64GivesInt64() {
    assertUpdate(
        "{$inc: {a: {$numberLong: '1'}}}", "{_id: 1, a: 1}", "{_id: 1, a: {$numberLong: '2'}}");
  }

  @Test
  void incOfInt64ByInt32GivesInt64() {
    assertUpdate(
        "{$inc: {a: 1}}", "{_id: 1, a: {$numberLong: '5'}}", "{_id: 1, a: {$numberLong: '6'}}");
  }

  @Test
  void incOfAnIntegerByADoubleGivesADouble() {
    assertUpdate("{$inc: {a: 0.5}}", "{_id: 1, a: 1}", "{_id: 1, a: 1.5}");
  }

  @Test
  void incWithDecimal128GivesDecimal128() {
    assertUpdate(
        "{$inc: {a: {$numberDecimal: '0.1'}}}",
        "{_id: 1, a: 1}",
        "{_id: 1, a: {$numberDecimal: '1.1'}}");
  }

  @Test
  void incOfADecimalByADoubleKeepsDecimalPrecision() {
    assertUpdate(
        "{$inc: {a: 0.1}}",
        "{_id: 1, a: {$numberDecimal: '0.2'}}",
        "{_id: 1, a: {$numberDecimal: '0.300000000000000'}}");
  }

  @Test
  void incOverflowingInt64FailsLikeMongoDB() {
    assertApplyFails(
        "{$inc: {a: 1}}",
        "{_id: 1, a: {$numberLong: '9223372036854775807'}}",
        ErrorCode.BAD_VALUE,
        "Failed to apply $inc operations to current value ((NumberLong)9223372036854775807) for"
            + " document {_id: 1}");
  }

  @Test
  void incByZeroIsANoOp() {
    assertNoOp("{$inc: {a: 0}}", "{_id: 1, a: 5}");
  }

  @Test
  void incOfAStringIsATypeMismatch() {
    assertApplyFails(
        "{$inc: {x: 1}}",
        "{_id: 1, x: 'a'}",
        ErrorCode.TYPE_MISMATCH,
        "Cannot apply $inc to a value of non-numeric type. {_id: 1} has the field 'x' of"
            + " non-numeric type string");
  }

  @Test
  void incOfNullIsATypeMismatch() {
    assertApplyFails(
        "{$inc: {'a.b': 1}}",
        "{_id: 'k', a: {b: null}}",
        ErrorCode.TYPE_MISMATCH,
        "Cannot apply $inc to a value of non-numeric type. {_id: \"k\"} has the field 'b' of"
            + " non-numeric type null");
  }

  @Test
  void incWithANonNumericArgumentFailsToParse() {
    assertParseFails(
        "{$inc: {a: 'x'}}",
        ErrorCode.TYPE_MISMATCH,
        "Cannot increment with non-numeric argument: {a: \"x\"}");
  }

  @Test
  void incThroughAScalarIsPathNotViable() {
    assertApplyFails(
        "{$inc: {'a.b': 1}}",
        "{_id: 1, a: 'x'}",
        ErrorCode.PATH_NOT_VIABLE,
        "Cannot create field 'b' in element {a: \"x\"}");
  }

  @Test
  void mulMultipliesInPlace() {
    assertUpdate(
        "{$mul: {price: 1.25, qty: 2}}",
        "{_id: 1, price: 10.5, qty: 25}",
        "{_id: 1, price: 13.125, qty: 50}");
  }

  @Test
  void mulOfAMissingFieldCreatesAZeroOfTheMultipliersType() {
    assertUpdate(
        "{$mul: {a: {$numberLong: '5'}, b: 2.5, c: 3}}",
        "{_id: 1}",
        "{_id: 1, a: {$numberLong: '0'}, b: 0.0, c: 0}");
  }

  @Test
  void mulPromotesInt32OverflowToInt64() {
    assertUpdate(
        "{$mul: {a: 2}}", "{_id: 1, a: 2000000000}", "{_id: 1, a: {$numberLong: '4000000000'}}");
  }

  @Test
  void mulOfMixedIntegerTypesGivesInt64() {
    assertUpdate(
        "{$mul: {a: {$numberLong: '2'}}}", "{_id: 1, a: 3}", "{_id: 1, a: {$numberLong: '6'}}");
  }

  @Test
  void mulOverflowingInt64FailsLikeMongoDB() {
    assertApplyFails(
        "{$mul: {a: 2}}",
        "{_id: 1, a: {$numberLong: '9223372036854775807'}}",
        ErrorCode.BAD_VALUE,
        "Failed to apply $mul operations to current value ((NumberLong)9223372036854775807) for"
            + " document {_id: 1}");
  }

  @Test
  void mulOfAStringIsATypeMismatch() {
    assertApplyFails(
        "{$mul: {x: 2}}",
        "{_id: 1, x: true}",
        ErrorCode.TYPE_MISMATCH,
        "Cannot apply $mul to a value of non-numeric type. {_id: 1} has the field 'x' of"
            + " non-numeric type bool");
  }

  @Test
  void mulWithANonNumericArgumentFailsToParse() {
    assertParseFails(
        "{$mul: {a: null}}",
        ErrorCode.TYPE_MISMATCH,
        "Cannot multiply with non-numeric argument: {a: null}");
  }

  @Test
  void mulByOneIsANoOp() {
    assertNoOp("{$mul: {a: 1}}", "{_id: 1, a: 7}");
  }
}
