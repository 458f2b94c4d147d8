package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.OptionalInt;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonUndefined;
import org.bson.BsonValue;

/**
 * {@code $in} and {@code $indexOfArray}: find a value in an array with MongoDB's equality of values
 * (numbers by value across types, so {@code 1}, {@code 1.0} and {@code NumberLong(1)} are equal;
 * strings by the command's collation). A missing value is not null: MongoDB's value order ranks
 * missing with undefined, so it finds only an undefined element.
 */
final class ArraySearch {

  /** How MongoDB's value comparison sees a missing value (its canonical type is undefined's). */
  private static final BsonValue MISSING = new BsonUndefined();

  private ArraySearch() {}

  static void register(OperatorRegistry.Builder registry) {
    registry.comparingFunction(
        "$in", Arity.exactly(2), order -> args -> in(order, args[0], args[1]));
    registry.comparingFunction(
        "$indexOfArray", Arity.between(2, 4), order -> args -> indexOf(order, args));
  }

  private static BsonValue in(BsonComparisonOrder order, BsonValue value, BsonValue array) {
    if (!(array instanceof BsonArray elements)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40081,
          "$in requires an array as a second argument, found: " + ValueText.typeName(array));
    }
    for (BsonValue element : elements) {
      if (equal(order, value, element)) {
        return BsonBoolean.TRUE;
      }
    }
    return BsonBoolean.FALSE;
  }

  /** {@code [array, value, start?, end?]}: the first index in [start, end), or -1. */
  private static BsonValue indexOf(BsonComparisonOrder order, BsonValue[] args) {
    BsonValue array = args[0];
    if (ExpressionValues.isNullish(array)) {
      return BsonNull.VALUE;
    }
    if (!(array instanceof BsonArray elements)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40090,
          "$indexOfArray requires an array as a first argument, found: " + BsonTypeNames.of(array));
    }
    int start = args.length > 2 ? index(args[2], "starting index") : 0;
    int end = elements.size();
    if (args.length > 3) {
      end = Math.min(end, index(args[3], "ending index"));
    }
    for (int i = start; i < end; i++) {
      if (equal(order, args[1], elements.get(i))) {
        return new BsonInt32(i);
      }
    }
    return new BsonInt32(-1);
  }

  private static int index(BsonValue value, String which) {
    OptionalInt index = NumericArgument.int32(value);
    if (index.isEmpty()) {
      // MongoDB's message has no space after the operator's name.
      throw new MongoLakeException(
          ErrorCode.LOCATION_40096,
          "$indexOfArrayrequires an integral "
              + which
              + ", found a value of type: "
              + ValueText.typeName(value)
              + ", with value: "
              + ValueText.of(value));
    }
    if (index.getAsInt() < 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40097,
          "$indexOfArray requires a nonnegative " + which + ", found: " + ValueText.of(value));
    }
    return index.getAsInt();
  }

  /** MongoDB's value equality; missing compares as undefined. */
  static boolean equal(BsonComparisonOrder order, BsonValue a, BsonValue b) {
    return order.compare(a == null ? MISSING : a, b == null ? MISSING : b) == 0;
  }
}
