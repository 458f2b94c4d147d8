package dev.mongolake.delta.query.ast;

import org.bson.BsonValue;

/** A predicate with a fixed outcome ({@code $all: []} never matches). */
public record ConstantPredicate(boolean value) implements FieldPredicate {
  @Override
  public boolean matches(PathValues values) {
    return value;
  }

  @Override
  public boolean matchesSingle(BsonValue value) {
    return this.value;
  }
}
