package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Constant;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * Every accumulator by name. Those whose argument is one expression register a factory; the others
 * ({@code $topN}, {@code $percentile}, ...) register a parser of their named arguments. Those
 * MongoDB has and MongoLake refuses answer NotImplemented with the reason. Immutable and
 * thread-safe.
 */
public final class AccumulatorRegistry {

  private static final AccumulatorRegistry INSTANCE = build();

  private final Map<String, AccumulatorParser> parsers;
  private final Map<String, Function<BsonComparisonOrder, Accumulator>> simple;
  private final Map<String, String> refused;

  private AccumulatorRegistry(
      Map<String, AccumulatorParser> parsers,
      Map<String, Function<BsonComparisonOrder, Accumulator>> simple,
      Map<String, String> refused) {
    this.parsers = Map.copyOf(parsers);
    this.simple = Map.copyOf(simple);
    this.refused = Map.copyOf(refused);
  }

  /** The registry of every accumulator. */
  public static AccumulatorRegistry instance() {
    return INSTANCE;
  }

  private static AccumulatorRegistry build() {
    Map<String, AccumulatorParser> parsers = new TreeMap<>();
    // Each made for the order of the scope it is parsed in: the command's collation.
    Map<String, Function<BsonComparisonOrder, Accumulator>> simple = new TreeMap<>();
    simple.put("$sum", order -> new Sum());
    simple.put("$avg", order -> new Average());
    simple.put("$min", order -> new Extreme(true, false, order));
    simple.put("$max", order -> new Extreme(false, false, order));
    simple.put("$first", order -> new Positional(true));
    simple.put("$last", order -> new Positional(false));
    simple.put("$push", order -> new Push());
    simple.put("$addToSet", AddToSet::new);
    simple.put("$mergeObjects", order -> new MergeObjects());
    simple.put("$stdDevPop", order -> new StandardDeviation(false));
    simple.put("$stdDevSamp", order -> new StandardDeviation(true));
    simple.forEach(
        (name, factory) ->
            parsers.put(
                name,
                (operator, argument, scope) -> {
                  BsonComparisonOrder order = scope.order();
                  return new AccumulatorSpec(
                      operator,
                      ExpressionParser.parse(argument, scope),
                      () -> factory.apply(order));
                }));
    for (String name : List.of("$min", "$max")) {
      boolean min = name.equals("$min");
      parsers.put(
          name,
          (operator, argument, scope) -> {
            BsonComparisonOrder order = scope.order();
            return new AccumulatorSpec(
                operator,
                ExpressionParser.parse(argument, scope),
                () -> new Extreme(min, false, order),
                () -> new Extreme(min, true, order));
          });
    }
    parsers.put("$count", AccumulatorRegistry::count);
    parsers.put("$firstN", NAccumulatorParsers.firstLastN(true));
    parsers.put("$lastN", NAccumulatorParsers.firstLastN(false));
    parsers.put("$minN", NAccumulatorParsers.minMaxN(true));
    parsers.put("$maxN", NAccumulatorParsers.minMaxN(false));
    parsers.put("$top", NAccumulatorParsers.topBottom(true, true));
    parsers.put("$bottom", NAccumulatorParsers.topBottom(false, true));
    parsers.put("$topN", NAccumulatorParsers.topBottom(true, false));
    parsers.put("$bottomN", NAccumulatorParsers.topBottom(false, false));
    parsers.put("$percentile", quantile(ErrorCode.LOCATION_7429703));
    parsers.put("$median", quantile(ErrorCode.LOCATION_7436100));
    Map<String, String> refused = Map.of("$accumulator", "server-side JavaScript is not supported");
    return new AccumulatorRegistry(parsers, simple, refused);
  }

  /** {@code $count: {}}: MongoDB's {@code $sum: 1}; any other argument is a TypeMismatch. */
  private static AccumulatorSpec count(String name, BsonValue argument, VariableScope scope) {
    if (!argument.isDocument() || !argument.asDocument().isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH, "$count takes no arguments, i.e. $count:{}");
    }
    return new AccumulatorSpec(name, new Constant(new BsonInt32(1)), Count::new);
  }

  private static AccumulatorParser quantile(ErrorCode notAnObject) {
    return (name, argument, scope) -> {
      QuantileArguments arguments = QuantileArguments.parse(name, argument, scope, notAnObject);
      return new AccumulatorSpec(name, arguments.input(), () -> new Percentile(arguments));
    };
  }

  /**
   * Parses {@code {<name>: <argument>}} as used in {@code $group}.
   *
   * @throws MongoLakeException 15952 for a name that is no accumulator, NotImplemented for one
   *     refused on purpose
   */
  public AccumulatorSpec parse(String name, BsonValue argument, VariableScope scope) {
    AccumulatorParser parser = parsers.get(name);
    if (parser == null) {
      String reason = refused.get(name);
      if (reason != null) {
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED, "Cannot run accumulator " + name + ": " + reason);
      }
      throw new MongoLakeException(
          ErrorCode.LOCATION_15952, "unknown group operator '" + name + "'");
    }
    return parser.parse(name, argument, scope);
  }

  /**
   * A fresh accumulator of one whose argument is a single expression ({@code $sum}, {@code
   * $stdDevPop}, ...): what the expression forms ({@code {$sum: [1, 2]}}) run over their values.
   *
   * @throws IllegalArgumentException for any other name
   */
  public Accumulator create(String name) {
    return create(name, BsonComparisonOrder.INSTANCE);
  }

  /**
   * As {@link #create(String)}, comparing values in {@code order} (the command's collation).
   *
   * @throws IllegalArgumentException for a name that is not a single-expression accumulator
   */
  public Accumulator create(String name, BsonComparisonOrder order) {
    Function<BsonComparisonOrder, Accumulator> factory = simple.get(name);
    if (factory == null) {
      throw new IllegalArgumentException("not a single-expression accumulator: " + name);
    }
    return factory.apply(order);
  }

  /** Whether {@code name} is an accumulator that works. */
  public boolean supports(String name) {
    return parsers.containsKey(name);
  }

  /** The accumulators' names, sorted. */
  public List<String> names() {
    return List.copyOf(new TreeMap<>(parsers).keySet());
  }

  /** The accumulators refused on purpose, with the reason each gives. */
  public Map<String, String> refused() {
    return new TreeMap<>(refused);
  }
}
