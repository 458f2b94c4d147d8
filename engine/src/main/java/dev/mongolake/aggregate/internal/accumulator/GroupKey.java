package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.delta.query.BsonComparisonOrder;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A value as a hash key with MongoDB's equality: {@code 1}, {@code 1.0}, {@code NumberLong(1)} and
 * {@code NumberDecimal("1")} are one key, while documents with the same fields in another order are
 * different keys ({@link BsonComparisonOrder#equal}). What {@code $group} and {@code $addToSet} key
 * their values by. The hash is computed once; the wrapped value must not change afterwards.
 *
 * @param value the value (never {@code null}: missing is grouped as BSON null by the callers)
 */
public record GroupKey(BsonValue value, int hash) {

  /** The key of {@code value}. */
  public static GroupKey of(BsonValue value) {
    return new GroupKey(value, hashOf(value));
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof GroupKey that
        && hash == that.hash
        && BsonComparisonOrder.equal(value, that.value);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  /** A hash consistent with {@link BsonComparisonOrder#equal}: equal values hash alike. */
  static int hashOf(BsonValue value) {
    return switch (BsonComparisonOrder.bracketOf(value)) {
      // Equal numbers of any types round to the same double, so their hashes agree.
      case NUMBER -> Double.hashCode(normalized(Numbers.toDouble(value)));
      case STRING ->
          (value.isString() ? value.asString().getValue() : value.asSymbol().getSymbol())
              .hashCode();
      case DOCUMENT -> documentHash(value.asDocument());
      case ARRAY -> {
        int h = 1;
        for (BsonValue element : value.asArray()) {
          h = 31 * h + hashOf(element);
        }
        yield h;
      }
      // A scope compares by MongoDB's order (1 equals 1.0 inside it): hash only the bracket.
      case MIN_KEY, MAX_KEY, NULL, UNDEFINED, JAVASCRIPT_WITH_SCOPE ->
          BsonComparisonOrder.bracketOf(value).ordinal();
      default -> value.hashCode();
    };
  }

  private static int documentHash(BsonDocument document) {
    int h = 7;
    for (Map.Entry<String, BsonValue> field : document.entrySet()) {
      h = 31 * h + field.getKey().hashCode();
      h = 31 * h + hashOf(field.getValue());
    }
    return h;
  }

  private static double normalized(double value) {
    return value == 0.0 ? 0.0 : Double.isNaN(value) ? Double.NaN : value;
  }
}
