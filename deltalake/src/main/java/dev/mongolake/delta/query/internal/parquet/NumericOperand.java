package dev.mongolake.delta.query.internal.parquet;

import dev.mongolake.delta.order.NumericComparison;
import java.math.BigDecimal;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/** A numeric operand on the extended real line, exact. */
record NumericOperand(Kind kind, BigDecimal finite) {
  enum Kind {
    NAN,
    NEGATIVE_INFINITY,
    FINITE,
    POSITIVE_INFINITY
  }

  static NumericOperand of(BsonValue number) {
    switch (number.getBsonType()) {
      case INT32:
      case INT64:
        return finite(BigDecimal.valueOf(number.asNumber().longValue()));
      case DOUBLE:
        {
          double d = number.asDouble().getValue();
          if (Double.isNaN(d)) {
            return new NumericOperand(Kind.NAN, null);
          }
          if (Double.isInfinite(d)) {
            return infinity(d > 0);
          }
          return finite(new BigDecimal(d));
        }
      case DECIMAL128:
        {
          Decimal128 dec = number.asDecimal128().getValue();
          if (dec.isNaN()) {
            return new NumericOperand(Kind.NAN, null);
          }
          if (dec.isInfinite()) {
            return infinity(!dec.isNegative());
          }
          return finite(NumericComparison.finiteDecimal(dec));
        }
      default:
        throw new IllegalArgumentException("Not a number: " + number);
    }
  }

  private static NumericOperand finite(BigDecimal value) {
    return new NumericOperand(Kind.FINITE, value);
  }

  private static NumericOperand infinity(boolean positive) {
    return new NumericOperand(positive ? Kind.POSITIVE_INFINITY : Kind.NEGATIVE_INFINITY, null);
  }
}
