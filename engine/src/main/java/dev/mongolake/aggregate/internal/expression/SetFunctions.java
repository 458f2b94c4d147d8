package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * The bodies of the set operators ({@link SetOperators}), each made for the order of the command's
 * collation: two strings the collation finds equal are one member.
 */
final class SetFunctions {

  private final BsonComparisonOrder order;

  SetFunctions(BsonComparisonOrder order) {
    this.order = order;
  }

  /** {@code $setEquals}: whether every argument holds the same distinct values; arrays only. */
  BsonValue equal(InOrderCall.Lazy arguments) {
    TreeSet<BsonValue> first = null;
    for (int i = 0; i < arguments.size(); i++) {
      BsonValue argument = arguments.get(i);
      if (!(argument instanceof BsonArray array)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_17044,
            "All operands of $setEquals must be arrays. "
                + (i + 1)
                + "-th argument is of type: "
                + Substrings.typeName(argument));
      }
      TreeSet<BsonValue> set = setOf(array);
      if (first == null) {
        first = set;
      } else if (!first.equals(set)) {
        return BsonBoolean.FALSE;
      }
    }
    return BsonBoolean.TRUE;
  }

  /**
   * {@code $setIntersection}: the values in every argument; null when any is nullish. Like MongoDB,
   * the smaller of the running intersection and the next set is the one kept, which decides which
   * of two equal values ({@code 1} or {@code 1.0}) comes out.
   */
  BsonValue intersection(InOrderCall.Lazy arguments) {
    TreeSet<BsonValue> current = null;
    for (int i = 0; i < arguments.size(); i++) {
      BsonValue argument = arguments.get(i);
      if (ExpressionValues.isNullish(argument)) {
        return BsonNull.VALUE;
      }
      if (!(argument instanceof BsonArray array)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_17047,
            "All operands of $setIntersection must be arrays. One argument is of type: "
                + Substrings.typeName(argument));
      }
      if (current == null) {
        current = setOf(array);
      } else if (!current.isEmpty()) {
        TreeSet<BsonValue> next = setOf(array);
        if (current.size() > next.size()) {
          TreeSet<BsonValue> swap = current;
          current = next;
          next = swap;
        }
        current.retainAll(next);
      }
    }
    return current == null ? new BsonArray() : new BsonArray(current.stream().toList());
  }

  /** {@code $setUnion}: the distinct values of all arguments; null when any is nullish. */
  BsonValue union(InOrderCall.Lazy arguments) {
    TreeSet<BsonValue> union = new TreeSet<>(order);
    for (int i = 0; i < arguments.size(); i++) {
      BsonValue argument = arguments.get(i);
      if (ExpressionValues.isNullish(argument)) {
        return BsonNull.VALUE;
      }
      if (!(argument instanceof BsonArray array)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_17043,
            "All operands of $setUnion must be arrays. One argument is of type: "
                + Substrings.typeName(argument));
      }
      union.addAll(array);
    }
    return new BsonArray(union.stream().toList());
  }

  /**
   * {@code $setDifference}: the distinct values of the first array not in the second, in the first
   * array's order; null when either is nullish.
   */
  BsonValue difference(BsonValue[] arguments) {
    BsonValue left = arguments[0];
    BsonValue right = arguments[1];
    if (ExpressionValues.isNullish(left) || ExpressionValues.isNullish(right)) {
      return BsonNull.VALUE;
    }
    if (!(left instanceof BsonArray leftArray)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_17048,
          "both operands of $setDifference must be arrays. First argument is of type: "
              + Substrings.typeName(left));
    }
    if (!(right instanceof BsonArray rightArray)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_17049,
          "both operands of $setDifference must be arrays. Second argument is of type: "
              + Substrings.typeName(right));
    }
    TreeSet<BsonValue> seen = setOf(rightArray);
    BsonArray out = new BsonArray();
    for (BsonValue value : leftArray) {
      if (seen.add(value)) {
        out.add(value);
      }
    }
    return out;
  }

  /** {@code $setIsSubset}: whether every value of the first array is in the second. */
  BsonValue isSubset(InOrderCall.Lazy arguments) {
    if (!(arguments.get(0) instanceof BsonArray left)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_17046,
          "both operands of $setIsSubset must be arrays. First argument is of type: "
              + Substrings.typeName(arguments.get(0)));
    }
    if (!(arguments.get(1) instanceof BsonArray right)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_17042,
          "both operands of $setIsSubset must be arrays. Second argument is of type: "
              + Substrings.typeName(arguments.get(1)));
    }
    return BsonBoolean.valueOf(setOf(right).containsAll(left));
  }

  /** {@code $anyElementTrue}: whether some element is true by MongoDB's truthiness. */
  static BsonValue anyElementTrue(BsonValue[] arguments) {
    BsonArray array = requireArray(arguments[0], "$anyElementTrue", ErrorCode.LOCATION_17041);
    return BsonBoolean.valueOf(array.stream().anyMatch(ExpressionValues::isTrue));
  }

  /** {@code $allElementsTrue}: whether every element is true (so true for an empty array). */
  static BsonValue allElementsTrue(BsonValue[] arguments) {
    BsonArray array = requireArray(arguments[0], "$allElementsTrue", ErrorCode.LOCATION_17040);
    return BsonBoolean.valueOf(array.stream().allMatch(ExpressionValues::isTrue));
  }

  private static BsonArray requireArray(BsonValue value, String operator, ErrorCode code) {
    if (!(value instanceof BsonArray array)) {
      throw new MongoLakeException(
          code, operator + "'s argument must be an array, but is " + Substrings.typeName(value));
    }
    return array;
  }

  private TreeSet<BsonValue> setOf(BsonArray array) {
    TreeSet<BsonValue> set = new TreeSet<>(order);
    set.addAll(array);
    return set;
  }
}
