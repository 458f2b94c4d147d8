package dev.mongolake.delta.query.ast;

import org.bson.BsonValue;

/**
 * {@code $exists}: with {@code true}, the path reaches at least one value (null included); with
 * {@code false}, it reaches none.
 */
public record ExistsPredicate(boolean shouldExist) implements FieldPredicate {
  @Override
  public boolean matches(PathValues values) {
    return values.values().isEmpty() != shouldExist;
  }

  @Override
  public boolean matchesSingle(BsonValue value) {
    return shouldExist;
  }
}
