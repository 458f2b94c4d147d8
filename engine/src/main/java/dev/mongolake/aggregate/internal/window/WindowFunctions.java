package dev.mongolake.aggregate.internal.window;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.accumulator.AccumulatorRegistry;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Every window function of {@code $setWindowFields} by name: the window-only ones and the
 * accumulators MongoDB allows in a window, which come from the {@link AccumulatorRegistry} (one
 * MongoDB has but the registry lacks is refused as not implemented rather than as unknown).
 */
public final class WindowFunctions {

  /** The accumulators MongoDB accepts as window functions. */
  private static final Set<String> ACCUMULATORS =
      Set.of(
          "$addToSet",
          "$avg",
          "$bottom",
          "$bottomN",
          "$count",
          "$first",
          "$firstN",
          "$last",
          "$lastN",
          "$max",
          "$maxN",
          "$median",
          "$min",
          "$minN",
          "$percentile",
          "$push",
          "$stdDevPop",
          "$stdDevSamp",
          "$sum",
          "$top",
          "$topN");

  /** Those whose parser words an unknown argument as {@code "$first got unexpected argument"}. */
  static final Set<String> NAMED_ARGUMENT_MESSAGES =
      Set.of(
          "$first",
          "$last",
          "$minN",
          "$maxN",
          "$firstN",
          "$lastN",
          "$topN",
          "$bottomN",
          "$top",
          "$bottom",
          "$median",
          "$percentile");

  private static final Map<String, WindowFunctionParser> PARSERS = build();

  private WindowFunctions() {}

  private static Map<String, WindowFunctionParser> build() {
    Map<String, WindowFunctionParser> parsers = new TreeMap<>();
    for (String name : ACCUMULATORS) {
      parsers.put(name, WindowFunctions::accumulator);
    }
    parsers.put("$first", EndpointFunction::parse);
    parsers.put("$last", EndpointFunction::parse);
    parsers.put("$rank", RankFunction::parse);
    parsers.put("$denseRank", RankFunction::parse);
    parsers.put("$documentNumber", RankFunction::parse);
    parsers.put("$shift", ShiftFunction::parse);
    parsers.put("$expMovingAvg", ExpMovingAverage::parse);
    parsers.put("$derivative", Derivative::parse);
    parsers.put("$integral", Integral::parse);
    parsers.put("$covariancePop", Covariance::parse);
    parsers.put("$covarianceSamp", Covariance::parse);
    parsers.put("$locf", FillFunction::parse);
    parsers.put("$linearFill", FillFunction::parse);
    return Map.copyOf(parsers);
  }

  private static WindowFunction accumulator(
      String name, BsonDocument specification, SortBy sortBy, VariableScope scope) {
    String registered = name.equals("$count") ? "$sum" : name;
    if (!AccumulatorRegistry.instance().supports(registered)) {
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "The window function " + name + " is not supported in $setWindowFields");
    }
    return AccumulatorWindow.parse(name, specification, sortBy, scope);
  }

  /** Whether {@code name} is a window function. */
  static boolean isFunction(String name) {
    return PARSERS.containsKey(name);
  }

  /**
   * Parses the value of the output field {@code field}: {@code {<function>: <argument>, window:
   * ...}}.
   *
   * @throws MongoLakeException FailedToParse for no or an unknown function, or the function's own
   *     errors
   */
  public static WindowFunction parse(
      String field, BsonValue specification, SortBy sortBy, VariableScope scope) {
    if (!specification.isDocument()) {
      throw WindowSpecs.failed("The field '" + field + "' must be an object");
    }
    BsonDocument spec = specification.asDocument();
    for (String key : spec.keySet()) {
      if (key.startsWith("$")) {
        WindowFunctionParser parser = PARSERS.get(key);
        if (parser == null) {
          throw WindowSpecs.failed("Unrecognized window function, " + key);
        }
        return parser.parse(key, spec, sortBy, scope);
      }
    }
    throw WindowSpecs.failed(
        "Expected a $-prefixed window function"
            + (spec.isEmpty() ? "" : ", " + spec.getFirstKey()));
  }
}
