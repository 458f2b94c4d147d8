package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Every expression operator by name, built once from the operator families. Operators MongoDB has
 * that MongoLake does not are listed too, so that they answer NotImplemented naming the reason
 * rather than "Unrecognized expression". Immutable and thread-safe.
 */
public final class OperatorRegistry {

  /**
   * The families, in no particular order (names must not collide): this package's, and those that
   * packages built on expressions contribute through {@link ServiceLoader} (the accumulators'
   * expression forms), which this package cannot name without a package cycle.
   */
  private static final List<OperatorFamily> FAMILIES = families();

  private static final OperatorRegistry INSTANCE = build(FAMILIES);

  private final Map<String, OperatorParser> operators;
  private final Map<String, String> unsupported;

  private OperatorRegistry(Map<String, OperatorParser> operators, Map<String, String> unsupported) {
    this.operators = Map.copyOf(operators);
    this.unsupported = Map.copyOf(unsupported);
  }

  private static List<OperatorFamily> families() {
    List<OperatorFamily> families =
        new ArrayList<>(
            List.of(
                new ArithmeticOperators(),
                new ComparisonOperators(),
                new BooleanOperators(),
                new ConditionalOperators(),
                new VariableOperators(),
                new TypeOperators(),
                new StringOperators(),
                new ObjectOperators(),
                new ArrayOperators(),
                new SetOperators(),
                new DateOperators(),
                new MiscellaneousOperators(),
                new BitwiseOperators(),
                new TimestampOperators()));
    ServiceLoader.load(OperatorFamily.class, OperatorFamily.class.getClassLoader())
        .forEach(families::add);
    return List.copyOf(families);
  }

  /** The registry of every family. */
  public static OperatorRegistry instance() {
    return INSTANCE;
  }

  static OperatorRegistry build(List<OperatorFamily> families) {
    Builder builder = new Builder();
    families.forEach(family -> family.register(builder));
    return new OperatorRegistry(builder.operators, builder.unsupported);
  }

  /**
   * The parser of {@code name}.
   *
   * @throws MongoLakeException NotImplemented (238) for an operator MongoLake refuses, and
   *     InvalidPipelineOperator (168) for a name MongoDB does not know either
   */
  public OperatorParser parser(String name) {
    OperatorParser parser = operators.get(name);
    if (parser != null) {
      return parser;
    }
    String reason = unsupported.get(name);
    if (reason != null) {
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED, "Cannot evaluate expression " + name + ": " + reason);
    }
    throw new MongoLakeException(
        ErrorCode.INVALID_PIPELINE_OPERATOR, "Unrecognized expression '" + name + "'");
  }

  /** Whether {@code name} is an operator that works. */
  public boolean supports(String name) {
    return operators.containsKey(name);
  }

  /** The names of the operators that work, sorted. */
  public List<String> supported() {
    return List.copyOf(new TreeMap<>(operators).keySet());
  }

  /** The operators refused on purpose, with the reason each gives. */
  public Map<String, String> refused() {
    return new TreeMap<>(unsupported);
  }

  /** Collects the operators of the families. */
  public static final class Builder {
    private final Map<String, OperatorParser> operators = new TreeMap<>();
    private final Map<String, String> unsupported = new TreeMap<>();

    private Builder() {}

    /** Registers an operator with its own parser. */
    public Builder operator(String name, OperatorParser parser) {
      if (operators.putIfAbsent(name, parser) != null || unsupported.containsKey(name)) {
        throw new IllegalStateException("expression operator registered twice: " + name);
      }
      return this;
    }

    /**
     * Registers an operator whose value is a function of its evaluated arguments: {@code [a, b]} or
     * a single non-array argument, checked against {@code arity}.
     */
    public Builder function(String name, Arity arity, ValueFunction function) {
      return operator(
          name,
          (operator, arguments, scope) -> {
            List<Expression> parsed = Arguments.list(arguments, scope);
            arity.check(operator, parsed.size());
            return new FunctionCall(operator, parsed, function);
          });
    }

    /**
     * Registers an operator that compares values: as {@link #function}, its body made for the order
     * of the scope it is parsed in (the command's collation), once per parse.
     */
    public Builder comparingFunction(
        String name, Arity arity, Function<BsonComparisonOrder, ValueFunction> function) {
      return operator(
          name,
          (operator, arguments, scope) -> {
            List<Expression> parsed = Arguments.list(arguments, scope);
            arity.check(operator, parsed.size());
            return new FunctionCall(operator, parsed, function.apply(scope.order()));
          });
    }

    /** Lists an operator MongoDB has and MongoLake refuses, with the reason it answers. */
    public Builder unsupported(String name, String reason) {
      if (operators.containsKey(name) || unsupported.putIfAbsent(name, reason) != null) {
        throw new IllegalStateException("expression operator registered twice: " + name);
      }
      return this;
    }
  }

  /** Looks an operator up without throwing. */
  public Optional<OperatorParser> find(String name) {
    return Optional.ofNullable(operators.get(name));
  }
}
