package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.ExpressionValues;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.bson.BsonTypeNames;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $mergeObjects}: one document with the fields of every input document, a later value of a
 * field replacing an earlier one where the field first appeared. Null and missing inputs are
 * skipped; any other non-document fails with MongoDB's 40400.
 */
final class MergeObjects implements Accumulator {
  private final BsonDocument merged = new BsonDocument();

  @Override
  public void accumulate(BsonValue value) {
    if (ExpressionValues.isNullish(value)) {
      return;
    }
    if (!value.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40400,
          "$mergeObjects requires object inputs, but input "
              + BsonDebugText.value(value)
              + " is of type "
              + BsonTypeNames.of(value));
    }
    for (Map.Entry<String, BsonValue> field : value.asDocument().entrySet()) {
      merged.put(field.getKey(), field.getValue());
    }
  }

  @Override
  public long approximateBytes() {
    return BsonMemory.of(merged);
  }

  @Override
  public BsonValue result() {
    return merged.clone();
  }

  @Override
  public void merge(Accumulator other) {
    accumulate(((MergeObjects) other).merged);
  }
}
