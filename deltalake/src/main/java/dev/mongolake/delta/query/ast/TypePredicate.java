package dev.mongolake.delta.query.ast;

import java.util.Set;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * {@code $type}: the value, or an element of an array value, has one of {@code types} ({@code
 * "array"} matches the array itself; {@code "number"} stands for the four numeric types).
 */
public record TypePredicate(Set<BsonType> types) implements FieldPredicate {
  public TypePredicate {
    types = Set.copyOf(types);
  }

  @Override
  public boolean matches(PathValues values) {
    return values.anyExpanded(this::matchesSingle);
  }

  @Override
  public boolean matchesSingle(BsonValue value) {
    return types.contains(value.getBsonType());
  }
}
