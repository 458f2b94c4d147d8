package dev.mongolake.update.internal;

import dev.mongolake.delta.order.BsonComparisonOrder;
import org.bson.BsonValue;

/** A handler whose operator modifies exactly the field it names (all but $rename). */
public abstract class FieldModifierHandler implements ModifierHandler {
  @Override
  public UpdateStep parse(String field, BsonValue argument, UpdateParseScope scope) {
    UpdatePath path = scope.claim(field);
    return new PathStep(path, modification(field, argument, scope.order()));
  }

  /**
   * Parses the argument into the modification for the field.
   *
   * @param order the order values compare in: the command's collation, which MongoDB gives the
   *     operators that compare ({@code $addToSet}, {@code $pull}, {@code $pullAll}, {@code $push}'s
   *     {@code $sort}, {@code $min}, {@code $max}); the others ignore it
   */
  protected abstract FieldModification modification(
      String field, BsonValue argument, BsonComparisonOrder order);
}
