package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.bson.DecimalValues;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * {@code $sample: {size: n}}: {@code n} documents drawn uniformly without replacement (all of them
 * when there are fewer), in random order. Reservoir sampling keeps at most {@code n} documents.
 *
 * @param size how many documents, at least 1
 */
record SampleStage(long size) implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28745, "the $sample stage specification must be an object");
    }
    Long size = null;
    for (Map.Entry<String, BsonValue> field : specification.asDocument().entrySet()) {
      if (!field.getKey().equals("size")) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_28748, "unrecognized option to $sample: " + field.getKey());
      }
      if (!field.getValue().isNumber()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_28746, "size argument to $sample must be a number");
      }
      size = wholeNumber(field.getValue());
    }
    if (size == null) {
      throw new MongoLakeException(ErrorCode.LOCATION_28749, "$sample stage must specify a size");
    }
    if (size <= 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28747, "size argument to $sample must be a positive integer");
    }
    return new SampleStage(size);
  }

  /** The number as MongoDB's {@code safeNumberLong} reads it: truncated, saturated, NaN as 0. */
  private static long wholeNumber(BsonValue number) {
    if (number.isDouble()) {
      double value = number.asDouble().getValue();
      return Double.isNaN(value) ? 0 : (long) value;
    }
    if (number.isDecimal128()) {
      Decimal128 decimal = number.asDecimal128().getValue();
      if (decimal.isNaN()) {
        return 0;
      }
      if (decimal.isInfinite()) {
        return decimal.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
      }
      return DecimalValues.finite(decimal)
          .max(BigDecimal.valueOf(Long.MIN_VALUE))
          .min(BigDecimal.valueOf(Long.MAX_VALUE))
          .longValue();
    }
    return number.asNumber().longValue();
  }

  @Override
  public String name() {
    return "$sample";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    RandomGenerator random = RandomGenerator.getDefault();
    List<BsonDocument> reservoir = new ArrayList<>();
    long seen = 0;
    while (input.hasNext()) {
      BsonDocument document = input.next();
      seen++;
      if (reservoir.size() < size) {
        reservoir.add(document);
      } else {
        // Keeps each of the first `seen` documents with probability size / seen.
        long slot = random.nextLong(seen);
        if (slot < size) {
          reservoir.set((int) slot, document);
        }
      }
    }
    Collections.shuffle(reservoir, random);
    return reservoir.iterator();
  }

  @Override
  public void addDependencies(Dependencies dependencies) {}

  @Override
  public boolean isBlocking() {
    return true;
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), new BsonDocument("size", new BsonInt64(size)));
  }
}
