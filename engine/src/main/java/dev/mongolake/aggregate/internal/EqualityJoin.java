package dev.mongolake.aggregate.internal;

import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.aggregate.internal.accumulator.BsonMemory;
import dev.mongolake.bson.DecimalValues;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.internal.read.QueryErrors;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $lookup} by {@code localField}/{@code foreignField}, in one of two ways. A large join (at
 * least {@link #HASH_JOIN_MIN_INPUT} input documents) against a foreign collection that fits in the
 * stage's memory limit reads the foreign collection once and joins by hash. Otherwise the local
 * values of up to {@link #BATCH} input documents go to the foreign collection's planner in one
 * query (an index on the foreign field serves it; under a collation other than the simple one,
 * through {@link CollatedForeignReads#candidatesOfAny}, since the foreign find compares by its
 * own). Either way the foreign documents are bucketed by a hash of their values at the foreign
 * field, and each input document's candidates are checked with exactly the equality filter a
 * one-document query would use. The buckets only narrow the check (equal values always share one:
 * numbers by their double value, so 1, 1.0 and NumberLong(1) do), so the joined documents are those
 * of one query per document; their order is the foreign query's, or the collection's natural order
 * for a hash join (MongoDB specifies neither).
 */
final class EqualityJoin {

  // More ids than the index fetch reads one by one would make it scan the table for each batch.
  static final int BATCH = 16;

  static final int HASH_JOIN_MIN_INPUT = 1_000;

  /** Foreign collections larger than this are never read whole. */
  private static final long HASH_JOIN_MAX_FOREIGN = 1_000_000;

  /** Stands for every foreign document: regular expressions, and null (missing paths match it). */
  private static final Object EVERY = new Object();

  /** The bucket of documents, arrays and other values without a cheap equality key. */
  private static final Object COMPLEX = new Object();

  private final MongoLakeCollection<BsonDocument> foreign;
  private final String localField;
  private final String foreignField;
  private final MemoryLimit memory;
  private final BsonComparisonOrder order;

  /**
   * @param order the pipeline's order: the equality follows its collation, on the foreign side too,
   *     as in MongoDB
   */
  EqualityJoin(
      MongoLakeCollection<BsonDocument> foreign,
      String localField,
      String foreignField,
      MemoryLimit memory,
      BsonComparisonOrder order) {
    this.foreign = foreign;
    this.localField = localField;
    this.foreignField = foreignField;
    this.memory = memory;
    this.order = order;
  }

  /** The input documents, each with its joined foreign documents. */
  Iterator<Map.Entry<BsonDocument, List<BsonDocument>>> join(Iterator<BsonDocument> input) {
    List<BsonDocument> head = new ArrayList<>();
    while (head.size() < HASH_JOIN_MIN_INPUT && input.hasNext()) {
      head.add(input.next());
    }
    Iterator<BsonDocument> all = concat(head.iterator(), input);
    if (head.size() == HASH_JOIN_MIN_INPUT) {
      Optional<List<BsonDocument>> whole = wholeForeign();
      if (whole.isPresent()) {
        return hashJoin(whole.get(), all);
      }
    }
    return batched(all);
  }

  private static <T> Iterator<T> concat(Iterator<T> first, Iterator<T> second) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return first.hasNext() || second.hasNext();
      }

      @Override
      public T next() {
        return first.hasNext() ? first.next() : second.next();
      }
    };
  }

  /** The whole foreign collection, unless it is larger than the memory limit allows. */
  private Optional<List<BsonDocument>> wholeForeign() {
    if (foreign.estimatedDocumentCount() > HASH_JOIN_MAX_FOREIGN) {
      return Optional.empty();
    }
    List<BsonDocument> documents = new ArrayList<>();
    long bytes = 0;
    try (MongoLakeCursor<BsonDocument> cursor =
        foreign.find(new BsonDocument()).allowDiskUse(memory.allowDiskUse()).iterator()) {
      while (cursor.hasNext()) {
        BsonDocument document = cursor.next();
        bytes += BsonMemory.of(document);
        if (bytes > memory.bytesPerStage()) {
          return Optional.empty();
        }
        documents.add(document);
      }
    }
    return Optional.of(documents);
  }

  private Iterator<Map.Entry<BsonDocument, List<BsonDocument>>> hashJoin(
      List<BsonDocument> candidates, Iterator<BsonDocument> input) {
    Map<Object, List<Integer>> buckets = bucket(candidates);
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return input.hasNext();
      }

      @Override
      public Map.Entry<BsonDocument, List<BsonDocument>> next() {
        BsonDocument document = input.next();
        return Map.entry(document, matches(document, localValues(document), candidates, buckets));
      }
    };
  }

  private List<BsonValue> localValues(BsonDocument document) {
    List<BsonValue> values = DocumentPaths.valuesAt(document, localField);
    // A missing local value joins as null: it matches foreign null and missing.
    return values.isEmpty() ? List.of(BsonNull.VALUE) : values;
  }

  private List<BsonDocument> matches(
      BsonDocument document,
      List<BsonValue> values,
      List<BsonDocument> candidates,
      Map<Object, List<Integer>> buckets) {
    Filter equality =
        QueryErrors.parseFilter(
            ForeignCollections.equalToAny(foreignField, values), order.collation());
    List<BsonDocument> joined = new ArrayList<>();
    for (int index : candidateIndexes(values, buckets, candidates.size())) {
      BsonDocument candidate = candidates.get(index);
      if (QueryErrors.matches(equality, candidate)) {
        joined.add(candidate);
      }
    }
    return joined;
  }

  private Iterator<Map.Entry<BsonDocument, List<BsonDocument>>> batched(
      Iterator<BsonDocument> input) {
    return new Iterator<>() {
      private Iterator<Map.Entry<BsonDocument, List<BsonDocument>>> batch =
          java.util.Collections.emptyIterator();

      @Override
      public boolean hasNext() {
        while (!batch.hasNext() && input.hasNext()) {
          batch = nextBatch(input).iterator();
        }
        return batch.hasNext();
      }

      @Override
      public Map.Entry<BsonDocument, List<BsonDocument>> next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return batch.next();
      }
    };
  }

  private List<Map.Entry<BsonDocument, List<BsonDocument>>> nextBatch(
      Iterator<BsonDocument> input) {
    List<BsonDocument> documents = new ArrayList<>(BATCH);
    List<List<BsonValue>> localValues = new ArrayList<>(BATCH);
    Set<BsonValue> union = new LinkedHashSet<>();
    while (documents.size() < BATCH && input.hasNext()) {
      BsonDocument document = input.next();
      List<BsonValue> values = localValues(document);
      documents.add(document);
      localValues.add(values);
      union.addAll(values);
    }
    List<BsonDocument> candidates =
        ForeignCollections.findAll(
            foreign,
            CollatedForeignReads.candidatesOfAny(foreignField, new ArrayList<>(union), order),
            memory.allowDiskUse());
    Map<Object, List<Integer>> buckets = bucket(candidates);
    List<Map.Entry<BsonDocument, List<BsonDocument>>> out = new ArrayList<>(documents.size());
    for (int i = 0; i < documents.size(); i++) {
      out.add(
          Map.entry(
              documents.get(i),
              matches(documents.get(i), localValues.get(i), candidates, buckets)));
    }
    return out;
  }

  /** Foreign document positions by the keys of their values at the foreign field. */
  private Map<Object, List<Integer>> bucket(List<BsonDocument> candidates) {
    Map<Object, List<Integer>> buckets = new HashMap<>();
    for (int i = 0; i < candidates.size(); i++) {
      Set<Object> keys = new LinkedHashSet<>();
      for (BsonValue value : DocumentPaths.valuesAt(candidates.get(i), foreignField)) {
        keys.add(key(value));
        if (value instanceof BsonArray array) {
          for (BsonValue element : array) {
            keys.add(key(element));
          }
        }
      }
      for (Object key : keys) {
        buckets.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
      }
    }
    return buckets;
  }

  /** The positions to check for one input document, ascending (the foreign query's order). */
  private Iterable<Integer> candidateIndexes(
      List<BsonValue> values, Map<Object, List<Integer>> buckets, int all) {
    Set<Integer> positions = new java.util.TreeSet<>();
    for (BsonValue value : values) {
      Object key = key(value);
      if (key == EVERY || value.isNull()) {
        List<Integer> every = new ArrayList<>(all);
        for (int i = 0; i < all; i++) {
          every.add(i);
        }
        return every;
      }
      positions.addAll(buckets.getOrDefault(key, List.of()));
      positions.addAll(buckets.getOrDefault(COMPLEX, List.of()));
    }
    return positions;
  }

  /** A key equal values share; values without a cheap one share {@link #COMPLEX}. */
  private Object key(BsonValue value) {
    return switch (value.getBsonType()) {
      case INT32, INT64, DOUBLE -> numberKey(value.asNumber().doubleValue());
      case DECIMAL128 -> {
        var decimal = value.asDecimal128().getValue();
        yield decimal.isNaN()
            ? numberKey(Double.NaN)
            : decimal.isInfinite()
                ? numberKey(
                    decimal.isNegative() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY)
                : numberKey(DecimalValues.finite(decimal).doubleValue());
      }
      // Under a collation, strings it finds equal share their collation key.
      case STRING -> "s" + order.comparisonKey(value).asString().getValue();
      case BOOLEAN -> value.asBoolean().getValue();
      case DATE_TIME -> new DateKey(value.asDateTime().getValue());
      case OBJECT_ID -> value.asObjectId().getValue();
      case REGULAR_EXPRESSION -> EVERY;
      default -> COMPLEX;
    };
  }

  private static Double numberKey(double value) {
    // 0.0 and -0.0 are equal numbers.
    return value == 0 ? 0.0 : value;
  }

  private record DateKey(long millis) {}
}
