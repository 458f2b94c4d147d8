package dev.mongolake.aggregate.internal.expression;

import org.bson.BsonValue;

/**
 * A value known at parse time: a literal, {@code $literal}, or an expression folded because all its
 * arguments were constant.
 *
 * @param value the value ({@code null} for missing)
 */
public record Constant(BsonValue value) implements Expression {

  @Override
  public BsonValue evaluate(Variables variables) {
    return value;
  }

  @Override
  public boolean isConstant() {
    return true;
  }
}
