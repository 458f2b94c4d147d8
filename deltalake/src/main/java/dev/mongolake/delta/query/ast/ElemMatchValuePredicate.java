package dev.mongolake.delta.query.ast;

import java.util.Objects;
import org.bson.BsonValue;

/**
 * {@code $elemMatch} with operators ({@code {$elemMatch: {$gte: 80, $lt: 85}}}): an array with at
 * least one element that satisfies {@code predicate} on its own (no further array expansion).
 */
public record ElemMatchValuePredicate(FieldPredicate predicate) implements FieldPredicate {
  public ElemMatchValuePredicate {
    Objects.requireNonNull(predicate, "predicate");
  }

  @Override
  public boolean matches(PathValues values) {
    return values.anyValue(this::matchesSingle);
  }

  @Override
  public boolean matchesSingle(BsonValue value) {
    if (!value.isArray()) {
      return false;
    }
    for (BsonValue element : value.asArray()) {
      if (predicate.matchesSingle(element)) {
        return true;
      }
    }
    return false;
  }
}
