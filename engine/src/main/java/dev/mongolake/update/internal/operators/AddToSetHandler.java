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
import org.bson.BsonArray;
import org.bson.BsonValue;

/**
 * {@code $addToSet}: appends the value (or each {@code $each} value) unless an equal element is
 * already there. Equality is MongoDB's ({@code 1} equals {@code 1.0}; documents compare field by
 * field, in order). A missing field becomes a new array.
 */
public final class AddToSetHandler extends FieldModifierHandler {
  @Override
  public String name() {
    return "$addToSet";
  }

  @Override
  protected FieldModification modification(
      String field, BsonValue argument, BsonComparisonOrder order) {
    List<BsonValue> values;
    if (argument.isDocument()
        && !argument.asDocument().isEmpty()
        && argument.asDocument().getFirstKey().equals("$each")) {
      if (argument.asDocument().size() != 1) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "Found unexpected fields after $each in $addToSet: " + BsonDebugText.value(argument));
      }
      BsonValue each = argument.asDocument().get("$each");
      if (!each.isArray()) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH,
            "The argument to $each in $addToSet must be an array but it was of type "
                + BsonTypeNames.of(each));
      }
      values = distinct(each.asArray().clone().getValues(), order);
    } else {
      values = List.of(ValueCopies.copy(argument));
    }
    List<BsonValue> toAdd = List.copyOf(values);
    return new FieldModification() {
      @Override
      public Change onExisting(BsonValue current, FieldTarget target) {
        if (!current.isArray()) {
          throw new MongoLakeException(
              ErrorCode.BAD_VALUE,
              "Cannot apply $addToSet to non-array field. Field named '"
                  + target.fieldName()
                  + "' has non-array type "
                  + BsonTypeNames.of(current));
        }
        BsonArray result = current.asArray().clone();
        for (BsonValue value : toAdd) {
          if (!contains(result.getValues(), value, order)) {
            result.add(ValueCopies.copy(value));
          }
        }
        return result.size() == current.asArray().size() ? Change.KEEP : Change.set(result);
      }

      @Override
      public Change onMissing(FieldTarget target) {
        BsonArray result = new BsonArray();
        toAdd.forEach(value -> result.add(ValueCopies.copy(value)));
        return Change.set(result);
      }
    };
  }

  private static List<BsonValue> distinct(List<BsonValue> values, BsonComparisonOrder order) {
    List<BsonValue> result = new ArrayList<>();
    for (BsonValue value : values) {
      if (!contains(result, value, order)) {
        result.add(value);
      }
    }
    return result;
  }

  private static boolean contains(
      List<BsonValue> values, BsonValue value, BsonComparisonOrder order) {
    for (BsonValue candidate : values) {
      if (order.equivalent(candidate, value)) {
        return true;
      }
    }
    return false;
  }
}
