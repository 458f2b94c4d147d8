package dev.mongolake.delta.query.ast;

import java.util.Objects;
import org.bson.BsonValue;

/**
 * {@code $not}, {@code $ne} (not {@code $eq}) and {@code $nin} (not {@code $in}): negates the inner
 * predicate over the whole path, so {@code {a: {$ne: 1}}} does not match {@code [1, 2]} and does
 * match a missing field.
 */
public record NotPredicate(FieldPredicate inner) implements FieldPredicate {
  public NotPredicate {
    Objects.requireNonNull(inner, "inner");
  }

  @Override
  public boolean matches(PathValues values) {
    return !inner.matches(values);
  }

  @Override
  public boolean matchesSingle(BsonValue value) {
    return !inner.matchesSingle(value);
  }
}
