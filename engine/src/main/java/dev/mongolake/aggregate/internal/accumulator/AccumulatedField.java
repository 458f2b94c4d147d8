package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import org.bson.BsonValue;

/**
 * One output field of {@code $group}, {@code $bucket} or {@code $bucketAuto}: {@code <name>:
 * {<accumulator>: <argument>}}.
 *
 * @param name the output field
 * @param accumulator the parsed accumulator
 */
public record AccumulatedField(String name, AccumulatorSpec accumulator) {

  /**
   * Parses one field as MongoDB's accumulation statement does, with its errors in its order (40234,
   * 40235, 40236, 40238, 40237, then the accumulator's own).
   */
  public static AccumulatedField parse(String name, BsonValue specification, VariableScope scope) {
    if (!specification.isDocument()
        || specification.asDocument().isEmpty()
        || !specification.asDocument().getFirstKey().startsWith("$")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40234, "The field '" + name + "' must be an accumulator object");
    }
    if (name.contains(".")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40235, "The field name '" + name + "' cannot contain '.'");
    }
    if (name.startsWith("$")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40236, "The field name '" + name + "' cannot be an operator name");
    }
    if (specification.asDocument().size() != 1) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40238, "The field '" + name + "' must specify one accumulator");
    }
    String operator = specification.asDocument().getFirstKey();
    BsonValue argument = specification.asDocument().get(operator);
    if (argument.isArray()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40237, "The " + operator + " accumulator is a unary operator");
    }
    return new AccumulatedField(
        name, AccumulatorRegistry.instance().parse(operator, argument, scope));
  }
}
