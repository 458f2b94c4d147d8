package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * The operators about an array as a whole: {@code $size}, {@code $isArray}, {@code $concatArrays}
 * and {@code $reverseArray}. {@code $size} of a non-array (null and missing included) is an error,
 * while the others answer null for null or missing, as in MongoDB.
 */
final class ArrayShape {

  private ArrayShape() {}

  static void register(OperatorRegistry.Builder registry) {
    registry.function("$size", Arity.exactly(1), args -> size(args[0]));
    // {$isArray: [x]} asks about x; {$isArray: "$a"} about $a; {$isArray: [1, 2]} is two arguments.
    registry.function(
        "$isArray", Arity.exactly(1), args -> BsonBoolean.valueOf(args[0] instanceof BsonArray));
    registry.function("$concatArrays", Arity.any(), ArrayShape::concat);
    registry.function("$reverseArray", Arity.exactly(1), args -> reverse(args[0]));
  }

  private static BsonValue size(BsonValue value) {
    if (!(value instanceof BsonArray array)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_17124,
          "The argument to $size must be an array, but was of type: " + ValueText.typeName(value));
    }
    return new BsonInt32(array.size());
  }

  private static BsonValue concat(BsonValue[] args) {
    List<BsonValue> out = new ArrayList<>();
    for (BsonValue arg : args) {
      if (ExpressionValues.isNullish(arg)) {
        return BsonNull.VALUE;
      }
      if (!(arg instanceof BsonArray array)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_28664,
            "$concatArrays only supports arrays, not " + BsonTypeNames.of(arg));
      }
      out.addAll(array);
    }
    return new BsonArray(out);
  }

  private static BsonValue reverse(BsonValue value) {
    if (ExpressionValues.isNullish(value)) {
      return BsonNull.VALUE;
    }
    if (!(value instanceof BsonArray array)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_34435,
          "The argument to $reverseArray must be an array, but was of type: "
              + BsonTypeNames.of(value));
    }
    List<BsonValue> out = new ArrayList<>(array);
    Collections.reverse(out);
    return new BsonArray(out);
  }
}
