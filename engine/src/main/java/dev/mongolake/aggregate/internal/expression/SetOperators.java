package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.List;

/**
 * The set operators, which treat arrays as sets of values compared as MongoDB compares them ({@code
 * 1} equals {@code 1.0}, strings by the command's collation): {@code $setEquals}, {@code
 * $setIntersection}, {@code $setUnion}, {@code $setDifference}, {@code $setIsSubset}, {@code
 * $anyElementTrue} and {@code $allElementsTrue} ({@link SetFunctions}). Intersections and unions
 * come out in MongoDB's value order (MongoDB keeps them in an ordered set and promises no order); a
 * difference keeps its first array's order.
 */
final class SetOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {
    registry.operator("$setEquals", SetOperators::parseSetEquals);
    InOrderCall.registerComparing(
        registry, "$setIntersection", Arity.any(), order -> new SetFunctions(order)::intersection);
    InOrderCall.registerComparing(
        registry, "$setUnion", Arity.any(), order -> new SetFunctions(order)::union);
    registry.comparingFunction(
        "$setDifference", Arity.exactly(2), order -> new SetFunctions(order)::difference);
    InOrderCall.registerComparing(
        registry, "$setIsSubset", Arity.exactly(2), order -> new SetFunctions(order)::isSubset);
    registry.function("$anyElementTrue", Arity.exactly(1), SetFunctions::anyElementTrue);
    registry.function("$allElementsTrue", Arity.exactly(1), SetFunctions::allElementsTrue);
  }

  /** {@code $setEquals} counts its arguments with its own error (17045), not the 16020 family. */
  private static Expression parseSetEquals(
      String name, org.bson.BsonValue arguments, VariableScope scope) {
    List<Expression> parsed = Arguments.list(arguments, scope);
    if (parsed.size() < 2) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_17045,
          "$setEquals needs at least two arguments had: " + parsed.size());
    }
    return new InOrderCall(name, parsed, new SetFunctions(scope.order())::equal);
  }
}
