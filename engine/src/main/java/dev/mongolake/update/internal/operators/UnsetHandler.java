package dev.mongolake.update.internal.operators;

import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.update.internal.Change;
import dev.mongolake.update.internal.FieldModification;
import dev.mongolake.update.internal.FieldModifierHandler;
import dev.mongolake.update.internal.FieldTarget;
import org.bson.BsonValue;

/**
 * {@code $unset}: removes the field (the argument is ignored); an array element becomes null so
 * that the other elements keep their positions.
 */
public final class UnsetHandler extends FieldModifierHandler {
  private static final FieldModification UNSET =
      new FieldModification() {
        @Override
        public Change onExisting(BsonValue current, FieldTarget target) {
          return Change.REMOVE;
        }

        @Override
        public Change onMissing(FieldTarget target) {
          return Change.KEEP;
        }
      };

  @Override
  public String name() {
    return "$unset";
  }

  @Override
  protected FieldModification modification(
      String field, BsonValue argument, BsonComparisonOrder order) {
    return UNSET;
  }
}
