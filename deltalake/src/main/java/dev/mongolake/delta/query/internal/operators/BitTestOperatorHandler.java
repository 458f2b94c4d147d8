package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.query.ast.BitTest;
import dev.mongolake.delta.query.ast.BitTestPredicate;
import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.internal.parse.FieldContext;
import dev.mongolake.delta.query.internal.parse.FieldOperatorHandler;
import dev.mongolake.delta.query.internal.parse.IntegerOperand;
import dev.mongolake.delta.query.internal.parse.OperandText;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonValue;

/**
 * {@code $bitsAllSet $bitsAnySet $bitsAllClear $bitsAnyClear}: the operand is a non-negative
 * integer mask, a BinData mask, or an array of non-negative bit positions.
 */
final class BitTestOperatorHandler implements FieldOperatorHandler {
  private final BitTest test;

  BitTestOperatorHandler(BitTest test) {
    this.test = test;
  }

  @Override
  public Optional<FieldPredicate> parse(
      String operatorName, BsonValue operand, FieldContext context) {
    List<Integer> positions = new ArrayList<>();
    if (operand.isArray()) {
      int index = 0;
      for (BsonValue position : operand.asArray()) {
        try {
          positions.add(IntegerOperand.nonNegativeInt(Integer.toString(index++), position));
        } catch (QueryException e) {
          throw QueryErrors.badValue("Failed to parse bit position. " + e.getMessage());
        }
      }
    } else if (operand.isNumber() || operand.isDecimal128()) {
      long mask = IntegerOperand.nonNegativeLong(operatorName, operand);
      for (int bit = 0; bit < 63; bit++) {
        if ((mask & (1L << bit)) != 0) {
          positions.add(bit);
        }
      }
    } else if (operand.isBinary()) {
      byte[] mask = operand.asBinary().getData();
      for (int bit = 0; bit < mask.length * 8; bit++) {
        if (((mask[bit / 8] >> (bit % 8)) & 1) != 0) {
          positions.add(bit);
        }
      }
    } else {
      throw QueryErrors.badValue(
          operatorName
              + " takes an Array, a number, or a BinData but received: "
              + OperandText.element(operatorName, operand));
    }
    return Optional.of(new BitTestPredicate(test, positions));
  }
}
