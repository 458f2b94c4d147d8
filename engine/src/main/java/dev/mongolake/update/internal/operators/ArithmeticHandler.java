package dev.mongolake.update.internal.operators;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.update.internal.Change;
import dev.mongolake.update.internal.FieldModification;
import dev.mongolake.update.internal.FieldModifierHandler;
import dev.mongolake.update.internal.FieldTarget;
import dev.mongolake.update.internal.NumericArithmetic;
import java.util.Optional;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * {@code $inc} and {@code $mul}, with MongoDB's numeric promotion ({@link NumericArithmetic}). A
 * missing field is created with the increment, or with a zero of the multiplier's type.
 */
public final class ArithmeticHandler extends FieldModifierHandler {
  private final String name;
  private final String verb;
  private final boolean multiply;

  private ArithmeticHandler(String name, String verb, boolean multiply) {
    this.name = name;
    this.verb = verb;
    this.multiply = multiply;
  }

  /** {@code $inc}. */
  public static ArithmeticHandler inc() {
    return new ArithmeticHandler("$inc", "increment", false);
  }

  /** {@code $mul}. */
  public static ArithmeticHandler mul() {
    return new ArithmeticHandler("$mul", "multiply", true);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  protected FieldModification modification(
      String field, BsonValue argument, BsonComparisonOrder order) {
    if (!NumericArithmetic.isNumber(argument)) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "Cannot "
              + verb
              + " with non-numeric argument: {"
              + BsonDebugText.element(field, argument)
              + "}");
    }
    return new Arithmetic(argument);
  }

  private final class Arithmetic implements FieldModification {
    private final BsonValue operand;

    Arithmetic(BsonValue operand) {
      this.operand = operand;
    }

    @Override
    public Change onExisting(BsonValue current, FieldTarget target) {
      if (!NumericArithmetic.isNumber(current)) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH,
            "Cannot apply "
                + name
                + " to a value of non-numeric type. {"
                + target.idText()
                + "} has the field '"
                + target.fieldName()
                + "' of non-numeric type "
                + BsonTypeNames.of(current));
      }
      Optional<BsonValue> result =
          multiply
              ? NumericArithmetic.multiply(operand, current)
              : NumericArithmetic.add(operand, current);
      return Change.set(
          result.orElseThrow(
              () ->
                  new MongoLakeException(
                      ErrorCode.BAD_VALUE,
                      "Failed to apply "
                          + name
                          + " operations to current value ("
                          + NumericArithmetic.debugText(current)
                          + ") for document {"
                          + target.idText()
                          + "}")));
    }

    @Override
    public Change onMissing(FieldTarget target) {
      if (!multiply) {
        return Change.set(operand);
      }
      return Change.set(NumericArithmetic.multiply(operand, new BsonInt32(0)).orElseThrow());
    }
  }
}
