package dev.mongolake.update.internal.operators;

import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.update.internal.Change;
import dev.mongolake.update.internal.FieldModification;
import dev.mongolake.update.internal.FieldModifierHandler;
import dev.mongolake.update.internal.FieldTarget;
import org.bson.BsonValue;

/**
 * {@code $min} and {@code $max}: replace the field when the argument is lower (higher) in BSON
 * comparison order, across types; a missing field is set to the argument.
 */
public final class ComparisonHandler extends FieldModifierHandler {
  private final String name;
  private final int wantedSign;

  private ComparisonHandler(String name, int wantedSign) {
    this.name = name;
    this.wantedSign = wantedSign;
  }

  /** {@code $min}. */
  public static ComparisonHandler min() {
    return new ComparisonHandler("$min", -1);
  }

  /** {@code $max}. */
  public static ComparisonHandler max() {
    return new ComparisonHandler("$max", 1);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  protected FieldModification modification(
      String field, BsonValue argument, BsonComparisonOrder order) {
    BsonValue operand = ValueCopies.copy(argument);
    return new FieldModification() {
      @Override
      public Change onExisting(BsonValue current, FieldTarget target) {
        int c = Integer.signum(order.compare(operand, current));
        return c == wantedSign ? Change.set(ValueCopies.copy(operand)) : Change.KEEP;
      }

      @Override
      public Change onMissing(FieldTarget target) {
        return Change.set(ValueCopies.copy(operand));
      }
    };
  }
}
