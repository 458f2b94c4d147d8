package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.aggregate.internal.expression.VariableScope;
import org.bson.BsonValue;

/** Parses one accumulator from the value under its name ({@code {$sum: <this>}}). */
@FunctionalInterface
public interface AccumulatorParser {

  /**
   * @param name the accumulator's name
   * @param argument its argument: an expression, or a document of named arguments ({@code $topN})
   * @param scope the variables visible here
   */
  AccumulatorSpec parse(String name, BsonValue argument, VariableScope scope);
}
