package dev.mongolake.delta.query.ast;

import java.util.List;
import java.util.function.Predicate;
import org.bson.BsonValue;

/**
 * What a {@link FieldPath} resolves to in one document.
 *
 * @param values the values reached, arrays at the end of the path not expanded
 * @param missing whether some branch of the traversal ended on a missing field (this is what {@code
 *     {a: null}} and {@code $exists} look at)
 */
public record PathValues(List<BsonValue> values, boolean missing) {
  public PathValues {
    values = List.copyOf(values);
  }

  /** A single value, as an {@code $elemMatch} element is seen. */
  public static PathValues single(BsonValue value) {
    return new PathValues(List.of(value), false);
  }

  /**
   * MongoDB's implicit array expansion at the end of a path: whether {@code test} holds for a value
   * or, when the value is an array, for the array itself or any of its elements.
   */
  public boolean anyExpanded(Predicate<BsonValue> test) {
    for (BsonValue value : values) {
      if (test.test(value)) {
        return true;
      }
      if (value.isArray()) {
        for (BsonValue element : value.asArray()) {
          if (test.test(element)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Whether {@code test} holds for a value as reached, arrays not expanded. */
  public boolean anyValue(Predicate<BsonValue> test) {
    for (BsonValue value : values) {
      if (test.test(value)) {
        return true;
      }
    }
    return false;
  }
}
