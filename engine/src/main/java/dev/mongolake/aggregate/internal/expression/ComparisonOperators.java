package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.function.IntPredicate;
import org.bson.BsonBoolean;
import org.bson.BsonInt32;
import org.bson.BsonUndefined;
import org.bson.BsonValue;

/**
 * {@code $cmp}, {@code $eq}, {@code $ne}, {@code $gt}, {@code $gte}, {@code $lt}, {@code $lte}: two
 * values compared in BSON order ({@link BsonComparisonOrder}: {@code 1 == 1.0 == NumberLong(1) ==
 * NumberDecimal("1")}, arrays and documents as whole values). A missing value compares as MongoDB's
 * server does: equal to undefined and to another missing value, below null.
 */
final class ComparisonOperators implements OperatorFamily {

  private static final BsonValue MISSING = new BsonUndefined();

  @Override
  public void register(OperatorRegistry.Builder registry) {
    registry.function(
        "$cmp", Arity.exactly(2), arguments -> new BsonInt32(Integer.signum(compare(arguments))));
    comparison(registry, "$eq", c -> c == 0);
    comparison(registry, "$ne", c -> c != 0);
    comparison(registry, "$gt", c -> c > 0);
    comparison(registry, "$gte", c -> c >= 0);
    comparison(registry, "$lt", c -> c < 0);
    comparison(registry, "$lte", c -> c <= 0);
  }

  private static void comparison(
      OperatorRegistry.Builder registry, String name, IntPredicate holds) {
    registry.function(
        name, Arity.exactly(2), arguments -> BsonBoolean.valueOf(holds.test(compare(arguments))));
  }

  private static int compare(BsonValue[] arguments) {
    return BsonComparisonOrder.INSTANCE.compare(orMissing(arguments[0]), orMissing(arguments[1]));
  }

  private static BsonValue orMissing(BsonValue value) {
    return value == null ? MISSING : value;
  }
}
