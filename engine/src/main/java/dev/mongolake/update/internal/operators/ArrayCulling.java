package dev.mongolake.update.internal.operators;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.update.internal.Change;
import dev.mongolake.update.internal.ElementMatcher;
import dev.mongolake.update.internal.FieldModification;
import dev.mongolake.update.internal.FieldTarget;
import org.bson.BsonArray;
import org.bson.BsonValue;

/** Removes the matching elements of an array ($pull, $pullAll); a missing field is left alone. */
record ArrayCulling(ElementMatcher matcher) implements FieldModification {
  @Override
  public Change onExisting(BsonValue current, FieldTarget target) {
    if (!current.isArray()) {
      // MongoDB reports $pull for both operators.
      throw new MongoLakeException(ErrorCode.BAD_VALUE, "Cannot apply $pull to a non-array value");
    }
    BsonArray kept = new BsonArray();
    for (BsonValue element : current.asArray()) {
      if (!matcher.matches(element)) {
        kept.add(element);
      }
    }
    return kept.size() == current.asArray().size() ? Change.KEEP : Change.set(kept);
  }

  @Override
  public Change onMissing(FieldTarget target) {
    return Change.KEEP;
  }
}
