package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.ErrorCode;
import dev.mongolake.aggregate.internal.expression.Arity;
import dev.mongolake.aggregate.internal.expression.FunctionCall;
import dev.mongolake.aggregate.internal.expression.OperatorFamily;
import dev.mongolake.aggregate.internal.expression.OperatorParser;
import dev.mongolake.aggregate.internal.expression.OperatorRegistry;
import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.List;
import org.bson.BsonValue;

/**
 * The expression forms of the accumulators, run by the same accumulator classes as {@code $group}:
 * {@code $sum}, {@code $avg}, {@code $min}, {@code $max}, {@code $stdDevPop} and {@code
 * $stdDevSamp} over the elements of their one array argument, or over their arguments when there
 * are several or the one is not an array ({@code {$sum: ["$a", "$b"]}}, {@code {$max: "$scores"}});
 * {@code $median} and {@code $percentile} over an array or a single number.
 *
 * <p>The expression registry finds this family with {@link java.util.ServiceLoader} ({@code
 * META-INF/services}): the accumulators are built on expressions, so the expression package cannot
 * name them.
 */
public final class AccumulatorOperators implements OperatorFamily {

  private static final List<String> OVER_VALUES =
      List.of("$sum", "$avg", "$min", "$max", "$stdDevPop", "$stdDevSamp");

  @Override
  public void register(OperatorRegistry.Builder registry) {
    for (String name : OVER_VALUES) {
      registry.comparingFunction(
          name, Arity.any(), order -> arguments -> overValues(name, order, arguments));
    }
    registry.operator("$median", quantile(ErrorCode.LOCATION_7436201));
    registry.operator("$percentile", quantile(ErrorCode.LOCATION_7436200));
  }

  private static BsonValue overValues(
      String name, BsonComparisonOrder order, BsonValue[] arguments) {
    Accumulator accumulator = AccumulatorRegistry.instance().create(name, order);
    if (arguments.length == 1 && arguments[0] != null && arguments[0].isArray()) {
      arguments[0].asArray().forEach(accumulator::accumulate);
    } else {
      for (BsonValue argument : arguments) {
        accumulator.accumulate(argument);
      }
    }
    return accumulator.result();
  }

  private static OperatorParser quantile(ErrorCode notAnObject) {
    return (name, specification, scope) -> {
      QuantileArguments arguments =
          QuantileArguments.parse(name, specification, scope, notAnObject);
      return new FunctionCall(
          name, List.of(arguments.input()), values -> arguments.evaluateOver(values[0]));
    };
  }
}
