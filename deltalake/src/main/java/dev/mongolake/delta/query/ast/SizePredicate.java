package dev.mongolake.delta.query.ast;

import org.bson.BsonValue;

/** {@code $size}: an array with exactly {@code size} elements (arrays are not expanded). */
public record SizePredicate(int size) implements FieldPredicate {
  @Override
  public boolean matches(PathValues values) {
    return values.anyValue(this::matchesSingle);
  }

  @Override
  public boolean matchesSingle(BsonValue value) {
    return value.isArray() && value.asArray().size() == size;
  }
}
