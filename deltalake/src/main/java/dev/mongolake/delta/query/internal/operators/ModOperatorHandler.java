package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.order.NumericComparison;
import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.ast.ModPredicate;
import dev.mongolake.delta.query.internal.parse.FieldContext;
import dev.mongolake.delta.query.internal.parse.FieldOperatorHandler;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonValue;

/**
 * {@code $mod: [divisor, remainder]}: two numbers, truncated toward zero to 64-bit integers (NaN,
 * infinities and out-of-range values are rejected), divisor not zero.
 */
final class ModOperatorHandler implements FieldOperatorHandler {
  private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  @Override
  public Optional<FieldPredicate> parse(
      String operatorName, BsonValue operand, FieldContext context) {
    if (!operand.isArray()) {
      throw QueryErrors.badValue("malformed mod, needs to be an array");
    }
    BsonArray array = operand.asArray();
    if (array.isEmpty()) {
      throw QueryErrors.badValue("malformed mod, not enough elements");
    }
    if (!isNumber(array.get(0))) {
      throw QueryErrors.badValue("malformed mod, divisor not a number");
    }
    if (array.size() < 2) {
      throw QueryErrors.badValue("malformed mod, not enough elements");
    }
    if (!isNumber(array.get(1))) {
      throw QueryErrors.badValue("malformed mod, remainder not a number");
    }
    if (array.size() > 2) {
      throw QueryErrors.badValue("malformed mod, too many elements");
    }
    long divisor = coerce(array.get(0), "divisor");
    long remainder = coerce(array.get(1), "remainder");
    if (divisor == 0) {
      throw QueryErrors.badValue("divisor cannot be 0");
    }
    return Optional.of(new ModPredicate(divisor, remainder));
  }

  private static boolean isNumber(BsonValue value) {
    return value.isNumber() || value.isDecimal128();
  }

  private static long coerce(BsonValue value, String role) {
    if (value.isInt32() || value.isInt64()) {
      return value.asNumber().longValue();
    }
    BigDecimal exact;
    if (value.isDouble()) {
      double d = value.asDouble().getValue();
      if (!Double.isFinite(d)) {
        throw invalid(role, "Unable to coerce NaN/Inf to integral type");
      }
      exact = new BigDecimal(d);
    } else {
      if (!value.asDecimal128().getValue().isFinite()) {
        throw invalid(role, "Unable to coerce NaN/Inf to integral type");
      }
      exact = NumericComparison.finiteDecimal(value.asDecimal128().getValue());
    }
    BigDecimal truncated = exact.setScale(0, RoundingMode.DOWN);
    if (truncated.compareTo(LONG_MIN) < 0 || truncated.compareTo(LONG_MAX) > 0) {
      throw invalid(role, "Out of bounds coercing to integral value");
    }
    return truncated.longValueExact();
  }

  private static RuntimeException invalid(String role, String reason) {
    return QueryErrors.badValue(
        "malformed mod, " + role + " value is invalid :: caused by :: " + reason);
  }
}
