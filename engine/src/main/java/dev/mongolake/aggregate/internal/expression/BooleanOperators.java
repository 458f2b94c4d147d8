package dev.mongolake.aggregate.internal.expression;

import java.util.List;
import org.bson.BsonBoolean;
import org.bson.BsonValue;

/**
 * {@code $and}, {@code $or} (any number of arguments, evaluated left to right only as far as the
 * answer needs: {@code $and: []} is true, {@code $or: []} false) and {@code $not} (exactly one),
 * with MongoDB's truthiness ({@link ExpressionValues#isTrue}).
 */
final class BooleanOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {
    registry.operator(
        "$and", (name, arguments, scope) -> new Junction(Arguments.list(arguments, scope), false));
    registry.operator(
        "$or", (name, arguments, scope) -> new Junction(Arguments.list(arguments, scope), true));
    registry.function(
        "$not",
        Arity.exactly(1),
        arguments -> BsonBoolean.valueOf(!ExpressionValues.isTrue(arguments[0])));
  }

  /**
   * {@code $and} or {@code $or}: stops at the first operand whose truth decides the answer.
   *
   * @param operands the operands, in order
   * @param decidingTruth true for {@code $or} (a true operand decides), false for {@code $and}
   */
  private record Junction(List<Expression> operands, boolean decidingTruth) implements Expression {

    Junction {
      operands = List.copyOf(operands);
    }

    @Override
    public BsonValue evaluate(Variables variables) {
      for (Expression operand : operands) {
        if (ExpressionValues.isTrue(operand.evaluate(variables)) == decidingTruth) {
          return BsonBoolean.valueOf(decidingTruth);
        }
      }
      return BsonBoolean.valueOf(!decidingTruth);
    }

    @Override
    public List<Expression> children() {
      return operands;
    }
  }
}
