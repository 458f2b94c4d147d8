package dev.mongolake.delta.query.internal.schema;

import dev.mongolake.delta.order.NumericComparison;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * {@code multipleOf}: the number divided by the operand leaves no remainder. As in MongoDB the
 * division is decimal: a double counts with its 15 significant digits (so {@code 0.3} is a multiple
 * of {@code 0.1}); NaN and infinities are multiples of nothing.
 */
record MultipleOfKeyword(BsonValue divisor) implements SchemaKeyword {
  private static final MathContext FIFTEEN_DIGITS = new MathContext(15);

  @Override
  public boolean matches(BsonValue value) {
    if (!Restriction.NUMBER.appliesTo(value)) {
      return true;
    }
    Optional<BigDecimal> dividend = decimal(value);
    if (dividend.isEmpty()) {
      return false;
    }
    Optional<BigDecimal> by = decimal(divisor);
    if (by.isEmpty()) {
      // An infinite divisor leaves only zero without a remainder; a NaN one, nothing.
      return !NumericComparison.isNaN(divisor) && dividend.get().signum() == 0;
    }
    return dividend.get().remainder(by.get()).signum() == 0;
  }

  @Override
  public List<BsonDocument> explain(BsonValue value) {
    return Details.failed(
        "multipleOf", divisor, "considered value is not a multiple of the specified value", value);
  }

  /** The finite value as a decimal, as MongoDB's {@code numberDecimal()} converts it. */
  static Optional<BigDecimal> decimal(BsonValue number) {
    return switch (number.getBsonType()) {
      case INT32 -> Optional.of(BigDecimal.valueOf(number.asInt32().getValue()));
      case INT64 -> Optional.of(BigDecimal.valueOf(number.asInt64().getValue()));
      case DOUBLE -> {
        double d = number.asDouble().getValue();
        yield Double.isFinite(d)
            ? Optional.of(new BigDecimal(d, FIFTEEN_DIGITS))
            : Optional.empty();
      }
      case DECIMAL128 -> {
        Decimal128 dec = number.asDecimal128().getValue();
        yield dec.isFinite() ? Optional.of(NumericComparison.finiteDecimal(dec)) : Optional.empty();
      }
      default -> Optional.empty();
    };
  }
}
