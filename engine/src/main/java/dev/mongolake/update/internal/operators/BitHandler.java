package dev.mongolake.update.internal.operators;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.update.internal.Change;
import dev.mongolake.update.internal.FieldModification;
import dev.mongolake.update.internal.FieldModifierHandler;
import dev.mongolake.update.internal.FieldTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * {@code $bit}: {@code and}, {@code or}, {@code xor} on Int32/Int64 fields, applied in the order
 * given. Int32 with Int64 gives Int64; a missing field starts from Int32 0.
 */
public final class BitHandler extends FieldModifierHandler {
  private static final String FORMAT = "{$bit: {field: {and/or/xor: #}}";

  private enum BitOperation {
    AND,
    OR,
    XOR
  }

  private record BitStep(BitOperation operation, BsonValue operand) {}

  @Override
  public String name() {
    return "$bit";
  }

  @Override
  protected FieldModification modification(
      String field, BsonValue argument, BsonComparisonOrder order) {
    if (!argument.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "The $bit modifier is not compatible with a "
              + BsonTypeNames.of(argument)
              + ". You must pass in an embedded document: "
              + FORMAT);
    }
    List<BitStep> steps = new ArrayList<>();
    for (Map.Entry<String, BsonValue> entry : argument.asDocument().entrySet()) {
      BitOperation operation =
          switch (entry.getKey()) {
            case "and" -> BitOperation.AND;
            case "or" -> BitOperation.OR;
            case "xor" -> BitOperation.XOR;
            default ->
                throw new MongoLakeException(
                    ErrorCode.BAD_VALUE,
                    "The $bit modifier only supports 'and', 'or', and 'xor', not '"
                        + entry.getKey()
                        + "' which is an unknown operator: {"
                        + BsonDebugText.element(entry.getKey(), entry.getValue())
                        + "}");
          };
      BsonValue operand = entry.getValue();
      if (!operand.isInt32() && !operand.isInt64()) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "The $bit modifier field must be an Integer(32/64 bit); a '"
                + BsonTypeNames.of(operand)
                + "' is not supported here: {"
                + BsonDebugText.element(entry.getKey(), operand)
                + "}");
      }
      steps.add(new BitStep(operation, operand));
    }
    if (steps.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "You must pass in at least one bitwise operation. The format is: " + FORMAT);
    }
    List<BitStep> program = List.copyOf(steps);
    return new FieldModification() {
      @Override
      public Change onExisting(BsonValue current, FieldTarget target) {
        if (!current.isInt32() && !current.isInt64()) {
          throw new MongoLakeException(
              ErrorCode.BAD_VALUE,
              "Cannot apply $bit to a value of non-integral type."
                  + target.idText()
                  + " has the field "
                  + target.fieldName()
                  + " of non-integer type "
                  + BsonTypeNames.of(current));
        }
        return Change.set(run(program, current));
      }

      @Override
      public Change onMissing(FieldTarget target) {
        return Change.set(run(program, new BsonInt32(0)));
      }
    };
  }

  private static BsonValue run(List<BitStep> program, BsonValue start) {
    BsonValue value = start;
    for (BitStep step : program) {
      value = apply(step, value);
    }
    return value;
  }

  private static BsonValue apply(BitStep step, BsonValue value) {
    if (value.isInt32() && step.operand().isInt32()) {
      int a = value.asInt32().getValue();
      int b = step.operand().asInt32().getValue();
      return new BsonInt32(
          switch (step.operation()) {
            case AND -> a & b;
            case OR -> a | b;
            case XOR -> a ^ b;
          });
    }
    long a = value.isInt32() ? value.asInt32().getValue() : value.asInt64().getValue();
    long b =
        step.operand().isInt32()
            ? step.operand().asInt32().getValue()
            : step.operand().asInt64().getValue();
    return new BsonInt64(
        switch (step.operation()) {
          case AND -> a & b;
          case OR -> a | b;
          case XOR -> a ^ b;
        });
  }
}
