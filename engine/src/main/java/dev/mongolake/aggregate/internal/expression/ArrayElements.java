package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.OptionalInt;
import org.bson.BsonArray;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * The operators that pick elements by position: {@code $arrayElemAt}, {@code $first}, {@code $last}
 * and {@code $slice}. A null or missing argument answers null; an index past either end answers
 * missing (so a {@code $project} leaves the field out), as in MongoDB.
 */
final class ArrayElements {

  private ArrayElements() {}

  static void register(OperatorRegistry.Builder registry) {
    registry.function(
        "$arrayElemAt", Arity.exactly(2), args -> elementAt("$arrayElemAt", args[0], args[1], 2));
    registry.function(
        "$first", Arity.exactly(1), args -> elementAt("$first", args[0], new BsonInt32(0), 1));
    registry.function(
        "$last", Arity.exactly(1), args -> elementAt("$last", args[0], new BsonInt32(-1), 1));
    registry.function("$slice", Arity.between(2, 3), ArrayElements::slice);
  }

  /** MongoDB's {@code arrayElemAt}, shared by {@code $first} and {@code $last}. */
  private static BsonValue elementAt(String name, BsonValue array, BsonValue index, int arity) {
    if (ExpressionValues.isNullish(array) || ExpressionValues.isNullish(index)) {
      return BsonNull.VALUE;
    }
    if (!(array instanceof BsonArray elements)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28689,
          name
              + "'s "
              + (arity == 1 ? "argument" : "first argument")
              + " must be an array, but is "
              + BsonTypeNames.of(array));
    }
    if (!ExpressionValues.isNumber(index)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28690,
          name + "'s second argument must be a numeric value, but is " + BsonTypeNames.of(index));
    }
    OptionalInt position = NumericArgument.int32(index);
    if (position.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28691,
          name
              + "'s second argument must be representable as a 32-bit integer: "
              + ValueText.number(NumericArgument.asDouble(index)));
    }
    long i = position.getAsInt();
    if (i < 0) {
      i += elements.size();
    }
    return i < 0 || i >= elements.size() ? null : elements.get((int) i);
  }

  /** {@code [array, n]} (the first n, or the last -n) or {@code [array, position, n]}. */
  private static BsonValue slice(BsonValue[] args) {
    BsonValue array = args[0];
    BsonValue first = args[1];
    if (ExpressionValues.isNullish(array) || ExpressionValues.isNullish(first)) {
      return BsonNull.VALUE;
    }
    if (!(array instanceof BsonArray elements)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28724,
          "First argument to $slice must be an array, but is of type: " + BsonTypeNames.of(array));
    }
    if (!ExpressionValues.isNumber(first)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28725,
          "Second argument to $slice must be a numeric value, but is of type: "
              + BsonTypeNames.of(first));
    }
    OptionalInt firstInt = NumericArgument.int32(first);
    if (firstInt.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28726,
          "Second argument to $slice can't be represented as a 32-bit integer: "
              + ValueText.number(NumericArgument.asDouble(first)));
    }
    int size = elements.size();
    long start;
    long end;
    if (args.length == 2) {
      int count = firstInt.getAsInt();
      start = count >= 0 ? 0 : Math.max(0, (long) size + count);
      end = count >= 0 ? Math.min(size, count) : size;
    } else {
      int position = firstInt.getAsInt();
      start = position < 0 ? Math.max(0, (long) size + position) : Math.min(size, position);
      BsonValue countValue = args[2];
      if (ExpressionValues.isNullish(countValue)) {
        return BsonNull.VALUE;
      }
      if (!ExpressionValues.isNumber(countValue)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_28727,
            "Third argument to $slice must be numeric, but is of type: "
                + BsonTypeNames.of(countValue));
      }
      OptionalInt count = NumericArgument.int32(countValue);
      if (count.isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_28728,
            "Third argument to $slice can't be represented as a 32-bit integer: "
                + ValueText.number(NumericArgument.asDouble(countValue)));
      }
      if (count.getAsInt() <= 0) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_28729,
            "Third argument to $slice must be positive: " + count.getAsInt());
      }
      end = Math.min(start + count.getAsInt(), size);
    }
    return new BsonArray(new ArrayList<>(elements.subList((int) start, (int) end)));
  }
}
