package dev.mongolake.aggregate.internal.expression;

/**
 * The arithmetic operators: {@code $add}, {@code $subtract}, {@code $multiply}, {@code $divide},
 * {@code $mod} ({@link NumericArithmetic}), the type-keeping {@code $abs}, {@code $ceil}, {@code
 * $floor}, {@code $round}, {@code $trunc} ({@link Rounding}), {@code $sqrt}, {@code $exp}, {@code
 * $ln}, {@code $log}, {@code $log10}, {@code $pow} ({@link PowersAndLogarithms}) and the
 * trigonometric ones ({@link Trigonometry}), with MongoDB's numeric widening and errors.
 */
final class ArithmeticOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {
    InOrderCall.register(
        registry,
        "$add",
        Arity.any(),
        operands -> NumericArithmetic.add(operands.count(), operands::get));
    InOrderCall.register(
        registry,
        "$multiply",
        Arity.any(),
        operands -> NumericArithmetic.multiply(operands.count(), operands::get));
    registry.function(
        "$subtract",
        Arity.exactly(2),
        arguments -> NumericArithmetic.subtract(arguments[0], arguments[1]));
    registry.function(
        "$divide",
        Arity.exactly(2),
        arguments -> NumericArithmetic.divide(arguments[0], arguments[1]));
    registry.function(
        "$mod", Arity.exactly(2), arguments -> NumericArithmetic.mod(arguments[0], arguments[1]));
    Rounding.register(registry);
    PowersAndLogarithms.register(registry);
    Trigonometry.register(registry);
  }
}
