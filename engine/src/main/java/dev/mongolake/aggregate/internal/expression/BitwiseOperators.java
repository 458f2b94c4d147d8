package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.function.LongBinaryOperator;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * {@code $bitAnd}, {@code $bitOr}, {@code $bitXor} over any number of Int32/Int64 operands and
 * {@code $bitNot} over one: the result is an Int32 when every operand is one, else an Int64; a null
 * or missing operand makes the result null; other types fail as MongoDB's do.
 */
final class BitwiseOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {
    registry.function("$bitAnd", Arity.any(), args -> fold("$bitAnd", args, -1, (a, b) -> a & b));
    registry.function("$bitOr", Arity.any(), args -> fold("$bitOr", args, 0, (a, b) -> a | b));
    registry.function("$bitXor", Arity.any(), args -> fold("$bitXor", args, 0, (a, b) -> a ^ b));
    registry.function("$bitNot", Arity.exactly(1), BitwiseOperators::not);
  }

  private static BsonValue fold(
      String name, BsonValue[] operands, long identity, LongBinaryOperator operator) {
    long result = identity;
    boolean allInt32 = true;
    for (BsonValue operand : operands) {
      if (ExpressionValues.isNullish(operand)) {
        return org.bson.BsonNull.VALUE;
      }
      if (operand.isInt32()) {
        result = operator.applyAsLong(result, operand.asInt32().getValue());
      } else if (operand.isInt64()) {
        allInt32 = false;
        result = operator.applyAsLong(result, operand.asInt64().getValue());
      } else {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH, name + " only supports int and long operands.");
      }
    }
    return allInt32 ? new BsonInt32((int) result) : new BsonInt64(result);
  }

  private static BsonValue not(BsonValue[] operands) {
    BsonValue operand = operands[0];
    if (ExpressionValues.isNullish(operand)) {
      return org.bson.BsonNull.VALUE;
    }
    if (operand.isInt32()) {
      return new BsonInt32(~operand.asInt32().getValue());
    }
    if (operand.isInt64()) {
      return new BsonInt64(~operand.asInt64().getValue());
    }
    if (ExpressionValues.isNumber(operand)) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "$bitNot only supports int and long, not: " + ValueText.typeName(operand) + ".");
    }
    throw new MongoLakeException(
        ErrorCode.LOCATION_28765,
        "$bitNot only supports numeric types, not " + ValueText.typeName(operand));
  }
}
