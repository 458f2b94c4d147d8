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
import org.bson.BsonArray;
import org.bson.BsonValue;

/** {@code $pop}: removes the last ({@code 1}) or first ({@code -1}) element of an array. */
public final class PopHandler extends FieldModifierHandler {
  @Override
  public String name() {
    return "$pop";
  }

  @Override
  protected FieldModification modification(
      String field, BsonValue argument, BsonComparisonOrder order) {
    if (!NumericArithmetic.isNumber(argument)) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "Expected a number in: " + BsonDebugText.element(field, argument));
    }
    double direction =
        argument.isDecimal128()
            ? argument.asDecimal128().doubleValue()
            : argument.asNumber().doubleValue();
    if (direction != 1 && direction != -1) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "$pop expects 1 or -1, found: " + BsonDebugText.value(argument));
    }
    boolean fromFront = direction < 0;
    return new FieldModification() {
      @Override
      public Change onExisting(BsonValue current, FieldTarget target) {
        if (!current.isArray()) {
          throw new MongoLakeException(
              ErrorCode.TYPE_MISMATCH,
              "Path '"
                  + target.path()
                  + "' contains an element of non-array type '"
                  + BsonTypeNames.of(current)
                  + "'");
        }
        if (current.asArray().isEmpty()) {
          return Change.KEEP;
        }
        BsonArray result = current.asArray().clone();
        result.remove(fromFront ? 0 : result.size() - 1);
        return Change.set(result);
      }

      @Override
      public Change onMissing(FieldTarget target) {
        return Change.KEEP;
      }
    };
  }
}
