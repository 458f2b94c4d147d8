package dev.mongolake.aggregate.internal.expression;

import java.util.function.Consumer;
import org.bson.BsonValue;

/**
 * MongoDB reads a date operator's constant {@code timezone}, {@code unit}, {@code startOfWeek} and
 * {@code binSize} once while optimizing the pipeline, so a bad constant fails the command even when
 * no document reaches it. When every argument is constant the whole operator is folded instead, and
 * only its evaluation can fail. This repeats both rules at parse time.
 */
final class DateConstantArguments {

  private DateConstantArguments() {}

  /**
   * Runs {@code checks} unless every child of {@code expression} is constant (then the parser folds
   * it, which evaluates it as MongoDB would).
   */
  static Expression checkedUnlessFoldable(Expression expression, Runnable checks) {
    for (Expression child : expression.children()) {
      if (!child.isConstant()) {
        checks.run();
        return expression;
      }
    }
    return expression;
  }

  /** Passes the value of {@code argument} to {@code check} when it is a non-null constant. */
  static void ifConstant(Expression argument, Consumer<BsonValue> check) {
    if (argument instanceof Constant constant && !ExpressionValues.isNullish(constant.value())) {
      check.accept(constant.value());
    }
  }

  /** Reads a constant {@code timezone}, failing as MongoDB does for a bad one. */
  static void zone(Expression timezone) {
    if (timezone instanceof Constant) {
      TimeZones.evaluate(timezone, null);
    }
  }
}
