package dev.mongolake.update.internal.operators;

import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.update.internal.Change;
import dev.mongolake.update.internal.FieldModification;
import dev.mongolake.update.internal.FieldModifierHandler;
import dev.mongolake.update.internal.FieldTarget;
import org.bson.BsonValue;

/** {@code $set}: sets the field, creating it and its missing parents. */
public final class SetHandler extends FieldModifierHandler {
  @Override
  public String name() {
    return "$set";
  }

  @Override
  protected FieldModification modification(
      String field, BsonValue argument, BsonComparisonOrder order) {
    return new SetValue(ValueCopies.copy(argument));
  }

  /** Sets a field to a fixed value (shared by $set and $setOnInsert). */
  record SetValue(BsonValue value) implements FieldModification {
    @Override
    public Change onExisting(BsonValue current, FieldTarget target) {
      return Change.set(ValueCopies.copy(value));
    }

    @Override
    public Change onMissing(FieldTarget target) {
      return Change.set(ValueCopies.copy(value));
    }
  }
}
