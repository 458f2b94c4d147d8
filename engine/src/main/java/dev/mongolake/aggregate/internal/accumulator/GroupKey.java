package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A value as a hash key with MongoDB's equality: {@code 1}, {@code 1.0}, {@code NumberLong(1)} and
 * {@code NumberDecimal("1")} are one key, while documents with the same fields in another order are
 * different keys ({@link BsonComparisonOrder#equal}). What {@code $group} and {@code $addToSet} key
 * their values by. The hash is computed once; the wrapped value must not change afterwards.
 *
 * <p>Under a collation the key compares the value's {@linkplain BsonComparisonOrder#comparisonKey
 * comparison key} (each string replaced by its collation key), so that {@code "a"} and {@code "A"}
 * are one key at strength 2, while {@link #value()} stays the value as first seen.
 */
public final class GroupKey {
  private final BsonValue value;
  // What equality and the hash look at: the value itself, or its collation key.
  private final BsonValue compared;
  private final int hash;

  private GroupKey(BsonValue value, BsonValue compared) {
    this.value = value;
    this.compared = compared;
    this.hash = hashOf(compared);
  }

  /** The key of {@code value} (never {@code null}: callers group missing as BSON null). */
  public static GroupKey of(BsonValue value) {
    return new GroupKey(value, value);
  }

  /** The key of {@code value} under {@code order}'s collation. */
  public static GroupKey of(BsonValue value, BsonComparisonOrder order) {
    return new GroupKey(value, order.comparisonKey(value));
  }

  /** The value this key was made of. */
  public BsonValue value() {
    return value;
  }

  @Override
  public boolean equals(Object other) {
    // A value read from a column's dictionary is one instance for all its rows.
    return other instanceof GroupKey that
        && hash == that.hash
        && (compared == that.compared || BsonComparisonOrder.equal(compared, that.compared));
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public String toString() {
    return value.toString();
  }

  /** A hash consistent with {@link BsonComparisonOrder#equal}: equal values hash alike. */
  private static int hashOf(BsonValue value) {
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
    // -0 equals 0; every NaN equals every other.
    return value == 0.0 ? 0.0 : Double.isNaN(value) ? Double.NaN : value;
  }
}
