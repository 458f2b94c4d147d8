package dev.mongolake.delta.query.ast;

import java.util.List;
import org.bson.BsonValue;

/**
 * Several operators on one field ({@code {a: {$gt: 1, $lt: 5}}}) and {@code $all}: every predicate
 * holds, each judged on its own over the whole path (so {@code {$gt: 1, $lt: 5}} matches {@code [0,
 * 9]}; use {@code $elemMatch} to require one element to satisfy both).
 */
public record AllOfPredicate(List<FieldPredicate> predicates) implements FieldPredicate {
  public AllOfPredicate {
    predicates = List.copyOf(predicates);
  }

  @Override
  public boolean matches(PathValues values) {
    for (FieldPredicate predicate : predicates) {
      if (!predicate.matches(values)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean matchesSingle(BsonValue value) {
    for (FieldPredicate predicate : predicates) {
      if (!predicate.matchesSingle(value)) {
        return false;
      }
    }
    return true;
  }
}
