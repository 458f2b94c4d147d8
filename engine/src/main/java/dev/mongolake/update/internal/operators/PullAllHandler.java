package dev.mongolake.update.internal.operators;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.update.internal.FieldModification;
import dev.mongolake.update.internal.FieldModifierHandler;
import java.util.List;
import org.bson.BsonValue;

/** {@code $pullAll}: removes every element equal to one of the listed values. */
public final class PullAllHandler extends FieldModifierHandler {
  @Override
  public String name() {
    return "$pullAll";
  }

  @Override
  protected FieldModification modification(
      String field, BsonValue argument, BsonComparisonOrder order) {
    if (!argument.isArray()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "$pullAll requires an array argument but was given a " + BsonTypeNames.of(argument));
    }
    List<BsonValue> values = List.copyOf(argument.asArray().clone().getValues());
    return new ArrayCulling(element -> values.stream().anyMatch(v -> order.equivalent(v, element)));
  }
}
