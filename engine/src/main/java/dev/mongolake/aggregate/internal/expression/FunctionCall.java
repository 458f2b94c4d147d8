package dev.mongolake.aggregate.internal.expression;

import java.util.List;
import org.bson.BsonValue;

/**
 * An operator applied to arguments that are all evaluated first. When every argument is constant
 * the parser evaluates it once ({@link ExpressionParser}).
 *
 * @param name the operator, for messages and explain
 * @param arguments the argument expressions
 * @param function the operator's body
 */
public record FunctionCall(String name, List<Expression> arguments, ValueFunction function)
    implements Expression {

  public FunctionCall {
    arguments = List.copyOf(arguments);
  }

  @Override
  public BsonValue evaluate(Variables variables) {
    BsonValue[] values = new BsonValue[arguments.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = arguments.get(i).evaluate(variables);
    }
    return function.apply(values);
  }

  @Override
  public List<Expression> children() {
    return arguments;
  }
}
