package dev.mongolake.aggregate.internal;

import dev.mongolake.aggregate.internal.accumulator.AccumulatedField;
import dev.mongolake.aggregate.internal.accumulator.Accumulator;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * Cuts {@code $bucketAuto}'s sorted documents into buckets exactly as MongoDB's {@code
 * DocumentSourceBucketAuto} does: about {@code round(n / buckets)} documents each (at least one),
 * the last bucket taking the rest, a bucket absorbing the following documents of its last value
 * (and, with a granularity, those below its rounded-up boundary). {@code $first}, {@code $last},
 * {@code $firstN} and {@code $lastN} see a bucket's documents in input order, the other
 * accumulators in {@code groupBy} order, as in MongoDB.
 */
final class BucketCutter {
  private static final Set<String> POSITIONAL = Set.of("$first", "$last", "$firstN", "$lastN");

  private final Iterator<BucketEntry> sorted;
  private final long count;
  private final int buckets;
  private final Optional<GranularityRounder> rounder;
  private final List<AccumulatedField> fields;
  private final Variables variables;
  private final Comparator<BsonValue> order;

  /**
   * @param sorted the entries in {@code groupBy} order (read once, in turn)
   * @param count how many there are
   * @param order the order they are sorted in (the command's collation), whose equal values share a
   *     bucket
   */
  BucketCutter(
      Iterator<BucketEntry> sorted,
      long count,
      int buckets,
      Optional<GranularityRounder> rounder,
      List<AccumulatedField> fields,
      Variables variables,
      BsonComparisonOrder order) {
    this.order = order;
    this.sorted = sorted;
    this.count = count;
    this.buckets = buckets;
    this.rounder = rounder;
    this.fields = fields;
    this.variables = variables;
  }

  /** The buckets' documents, in order. */
  List<BsonDocument> cut() {
    List<BsonDocument> out = new ArrayList<>();
    long approximateSize = Math.max(1, Math.round((double) count / buckets));
    BucketEntry currentMin = null;
    BsonValue previousMax = null;
    for (int bucketNumber = 1; bucketNumber <= buckets; bucketNumber++) {
      if (currentMin == null && !more()) {
        break;
      }
      BucketEntry first = currentMin != null ? currentMin : sorted.next();
      Bucket bucket = new Bucket(first.key());
      if (rounder.isPresent()) {
        bucket.min = previousMax != null ? previousMax : rounder.get().roundDown(first.key());
      }
      bucket.add(first);
      boolean last = bucketNumber == buckets;
      for (long i = 1; more() && (i < approximateSize || last); i++) {
        bucket.add(sorted.next());
      }
      currentMin = adjustBoundaries(bucket);
      previousMax = bucket.max;
      out.add(document(bucket));
    }
    return out;
  }

  private boolean more() {
    return sorted.hasNext();
  }

  private BucketEntry nextOrNull() {
    return more() ? sorted.next() : null;
  }

  /** Absorbs what belongs to {@code bucket} still, sets its max, and answers the next minimum. */
  private BucketEntry adjustBoundaries(Bucket bucket) {
    BucketEntry nextValue = nextOrNull();
    if (rounder.isPresent()) {
      BsonValue boundary = rounder.get().roundUp(bucket.max);
      while (nextValue != null
          && (order.compare(boundary, nextValue.key()) > 0
              || order.compare(bucket.max, nextValue.key()) == 0)) {
        bucket.add(nextValue);
        nextValue = nextOrNull();
      }
      // A first bucket of zeros: its max is the next bucket's min rounded down.
      if (BucketAutoStage.asDouble(boundary) == 0.0 && nextValue != null) {
        bucket.max = rounder.get().roundDown(nextValue.key());
      } else {
        bucket.max = boundary;
      }
    } else {
      while (nextValue != null && order.compare(bucket.max, nextValue.key()) == 0) {
        bucket.add(nextValue);
        nextValue = nextOrNull();
      }
      if (nextValue != null) {
        bucket.max = nextValue.key();
      }
    }
    return nextValue;
  }

  private BsonDocument document(Bucket bucket) {
    BsonDocument out =
        new BsonDocument("_id", new BsonDocument("min", bucket.min).append("max", bucket.max));
    List<BucketEntry> inInputOrder = new ArrayList<>(bucket.entries);
    inInputOrder.sort(Comparator.comparingLong(BucketEntry::position));
    for (AccumulatedField field : fields) {
      Accumulator accumulator = field.accumulator().factory().get();
      boolean positional = POSITIONAL.contains(field.accumulator().name());
      for (BucketEntry entry : positional ? inInputOrder : bucket.entries) {
        variables.setDocument(entry.document());
        accumulator.accumulate(field.accumulator().input().evaluate(variables));
      }
      BsonValue result = accumulator.result();
      out.put(field.name(), result == null ? BsonNull.VALUE : result);
    }
    return out;
  }

  /** One bucket being filled. */
  private static final class Bucket {
    private BsonValue min;
    private BsonValue max;
    private final List<BucketEntry> entries = new ArrayList<>();

    Bucket(BsonValue first) {
      this.min = first;
      this.max = first;
    }

    void add(BucketEntry entry) {
      max = entry.key();
      entries.add(entry);
    }
  }
}
