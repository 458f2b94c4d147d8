package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Every accumulator by name. Those whose argument is one expression register a factory; the others
 * ({@code $topN}, {@code $percentile}, ...) register a parser of their named arguments. Immutable
 * and thread-safe.
 */
public final class AccumulatorRegistry {

  private static final AccumulatorRegistry INSTANCE = build();

  private final Map<String, AccumulatorParser> parsers;

  private AccumulatorRegistry(Map<String, AccumulatorParser> parsers) {
    this.parsers = Map.copyOf(parsers);
  }

  /** The registry of every accumulator. */
  public static AccumulatorRegistry instance() {
    return INSTANCE;
  }

  private static AccumulatorRegistry build() {
    Map<String, AccumulatorParser> parsers = new TreeMap<>();
    simple(parsers, "$sum", Sum::new);
    simple(parsers, "$avg", Average::new);
    simple(parsers, "$min", () -> new Extreme(true));
    simple(parsers, "$max", () -> new Extreme(false));
    simple(parsers, "$first", () -> new Positional(true));
    simple(parsers, "$last", () -> new Positional(false));
    simple(parsers, "$push", Push::new);
    simple(parsers, "$addToSet", AddToSet::new);
    return new AccumulatorRegistry(parsers);
  }

  private static void simple(
      Map<String, AccumulatorParser> parsers, String name, Supplier<Accumulator> factory) {
    parsers.put(
        name,
        (operator, argument, scope) ->
            new AccumulatorSpec(operator, ExpressionParser.parse(argument, scope), factory));
  }

  /**
   * Parses {@code {<name>: <argument>}} as used in {@code $group}.
   *
   * @throws MongoLakeException 15952 for a name that is no accumulator
   */
  public AccumulatorSpec parse(String name, org.bson.BsonValue argument, VariableScope scope) {
    AccumulatorParser parser = parsers.get(name);
    if (parser == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_15952, "unknown group operator '" + name + "'");
    }
    return parser.parse(name, argument, scope);
  }

  /** Whether {@code name} is an accumulator. */
  public boolean supports(String name) {
    return parsers.containsKey(name);
  }

  /** The accumulators' names, sorted. */
  public List<String> names() {
    return List.copyOf(parsers.keySet());
  }
}
