package dev.mongolake.update.internal.operators;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.update.internal.Change;
import dev.mongolake.update.internal.FieldModification;
import dev.mongolake.update.internal.FieldModifierHandler;
import dev.mongolake.update.internal.FieldTarget;
import java.time.Instant;
import java.util.Map;
import org.bson.BsonDateTime;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;

/**
 * {@code $currentDate}: sets the field to the update's time ({@code true} or {@code {$type:
 * "date"}} for a Date, {@code {$type: "timestamp"}} for a Timestamp). The time comes from the
 * context's clock, once per update.
 */
public final class CurrentDateHandler extends FieldModifierHandler {
  private static final String TYPE_REQUIRED =
      "The '$type' string field is required to be 'date' or 'timestamp': "
          + "{$currentDate: {field : {$type: 'date'}}}";

  @Override
  public String name() {
    return "$currentDate";
  }

  @Override
  protected FieldModification modification(
      String field, BsonValue argument, BsonComparisonOrder order) {
    boolean timestamp = parseWantsTimestamp(argument);
    return new FieldModification() {
      @Override
      public Change onExisting(BsonValue current, FieldTarget target) {
        return onMissing(target);
      }

      @Override
      public Change onMissing(FieldTarget target) {
        Instant now = target.document().now();
        return Change.set(
            timestamp
                ? new BsonTimestamp((int) now.getEpochSecond(), 1)
                : new BsonDateTime(now.toEpochMilli()));
      }
    };
  }

  private static boolean parseWantsTimestamp(BsonValue argument) {
    if (argument.isBoolean()) {
      return false;
    }
    if (!argument.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          BsonTypeNames.of(argument)
              + " is not valid type for $currentDate. Please use a boolean ('true') or a $type"
              + " expression ({$type: 'timestamp/date'}).");
    }
    Boolean timestamp = null;
    for (Map.Entry<String, BsonValue> option : argument.asDocument().entrySet()) {
      if (!option.getKey().equals("$type")) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE, "Unrecognized $currentDate option: " + option.getKey());
      }
      BsonValue type = option.getValue();
      if (type.isString() && type.asString().getValue().equals("date")) {
        timestamp = false;
      } else if (type.isString() && type.asString().getValue().equals("timestamp")) {
        timestamp = true;
      } else {
        throw new MongoLakeException(ErrorCode.BAD_VALUE, TYPE_REQUIRED);
      }
    }
    if (timestamp == null) {
      throw new MongoLakeException(ErrorCode.BAD_VALUE, TYPE_REQUIRED);
    }
    return timestamp;
  }
}
