package dev.mongolake.aggregate.internal.window;

import dev.mongolake.aggregate.internal.expression.VariableScope;
import org.bson.BsonDocument;

/** Parses one window function from its whole specification ({@code {$sum: "$x", window: ..}}). */
@FunctionalInterface
interface WindowFunctionParser {

  /**
   * @param name the function's name, a key of {@code specification}
   * @param specification the output field's value
   * @param sortBy the stage's sortBy, which some functions require
   * @param scope the variables visible here
   */
  WindowFunction parse(String name, BsonDocument specification, SortBy sortBy, VariableScope scope);
}
