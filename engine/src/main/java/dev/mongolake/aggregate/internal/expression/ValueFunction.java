package dev.mongolake.aggregate.internal.expression;

import org.bson.BsonValue;

/**
 * The body of an operator whose value depends only on its evaluated arguments ({@code $add}, {@code
 * $toUpper}, ...).
 */
@FunctionalInterface
public interface ValueFunction {

  /**
   * @param arguments the arguments' values; an element is {@code null} when that argument is
   *     missing
   * @return the value, or {@code null} for missing
   */
  BsonValue apply(BsonValue[] arguments);
}
