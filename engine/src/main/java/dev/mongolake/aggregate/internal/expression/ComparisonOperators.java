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
 * NumberDecimal("1")}, arrays and documents as whole values), strings by the command's collation
 * wherever they are. A missing value compares as MongoDB's server does: equal to undefined and to
 * another missing value, below null.
 */
final class ComparisonOperators implements OperatorFamily {

  private static final BsonValue MISSING = new BsonUndefined();

  @Override
  public void register(OperatorRegistry.Builder registry) {
    registry.comparingFunction(
        "$cmp",
        Arity.exactly(2),
        order -> arguments -> new BsonInt32(Integer.signum(compare(order, arguments))));
    comparison(registry, "$eq", c -> c == 0);
    comparison(registry, "$ne", c -> c != 0);
    comparison(registry, "$gt", c -> c > 0);
    comparison(registry, "$gte", c -> c >= 0);
    comparison(registry, "$lt", c -> c < 0);
    comparison(registry, "$lte", c -> c <= 0);
  }

  private static void comparison(
      OperatorRegistry.Builder registry, String name, IntPredicate holds) {
    registry.comparingFunction(
        name,
        Arity.exactly(2),
        order -> arguments -> BsonBoolean.valueOf(holds.test(compare(order, arguments))));
  }

  private static int compare(BsonComparisonOrder order, BsonValue[] arguments) {
    return order.compare(orMissing(arguments[0]), orMissing(arguments[1]));
  }

  private static BsonValue orMissing(BsonValue value) {
    return value == null ? MISSING : value;
  }
}
