package dev.mongolake.update.internal;

import org.bson.BsonValue;

/** A handler whose operator modifies exactly the field it names (all but $rename). */
public abstract class FieldModifierHandler implements ModifierHandler {
  @Override
  public UpdateStep parse(String field, BsonValue argument, UpdateParseScope scope) {
    UpdatePath path = scope.claim(field);
    return new PathStep(path, modification(field, argument));
  }

  /** Parses the argument into the modification for the field. */
  protected abstract FieldModification modification(String field, BsonValue argument);
}
