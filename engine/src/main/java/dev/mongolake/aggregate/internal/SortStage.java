package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.aggregate.internal.accumulator.BsonMemory;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.internal.read.SortOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * {@code $sort: {field: 1 | -1, ...}}: orders documents (holds its input). When a {@code $limit}
 * follows, the optimizer gives the sort that limit and it keeps only that many documents (a bounded
 * heap), so memory no longer grows with the input. Documents that compare equal keep their input
 * order.
 *
 * @param specification the sort as written
 * @param order the parsed order
 * @param limit how many documents the following stage keeps, 0 for all
 */
record SortStage(BsonDocument specification, SortOrder order, long limit) implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    BsonDocument spec =
        StageSpecs.document(
            specification,
            ErrorCode.LOCATION_15973,
            "the $sort key specification must be an object");
    return new SortStage(spec, SortOrder.parse(spec, context.order()), 0);
  }

  /** This sort keeping only its first {@code count} documents. */
  SortStage withLimit(long count) {
    return new SortStage(specification, order, limit == 0 ? count : Math.min(limit, count));
  }

  @Override
  public String name() {
    return "$sort";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    if (limit > 0 && limit < Integer.MAX_VALUE) {
      return topK(input, (int) limit, context);
    }
    ExternalSort sort =
        new ExternalSort(order, context.memoryLimit(), context.spillFiles(), "Sort");
    input.forEachRemaining(sort::add);
    return sort.sorted();
  }

  private record Ranked(BsonDocument document, BsonValue[] keys, long sequence) {}

  /**
   * The first {@code count} in order, holding at most {@code count} documents; should those exceed
   * the memory limit, the rest of the input goes through the external sort with them.
   */
  private Iterator<BsonDocument> topK(
      Iterator<BsonDocument> input, int count, PipelineContext context) {
    MemoryLimit memory = context.memoryLimit();
    long bytes = 0;
    Comparator<Ranked> ranking =
        ((Comparator<Ranked>) (a, b) -> order.compareKeys(a.keys(), b.keys()))
            .thenComparingLong(Ranked::sequence);
    // The heap's head is the worst of the best so far.
    PriorityQueue<Ranked> best = new PriorityQueue<>(count + 1, ranking.reversed());
    long sequence = 0;
    while (input.hasNext()) {
      BsonDocument next = input.next();
      best.add(new Ranked(next, order.keysOf(next), sequence++));
      bytes += BsonMemory.of(next);
      if (best.size() > count) {
        bytes -= BsonMemory.of(best.poll().document());
      }
      if (bytes > memory.bytesPerStage()) {
        return spillTopK(best, input, count, context);
      }
    }
    List<Ranked> kept = new ArrayList<>(best);
    kept.sort(ranking);
    return kept.stream().map(Ranked::document).iterator();
  }

  private Iterator<BsonDocument> spillTopK(
      PriorityQueue<Ranked> best, Iterator<BsonDocument> rest, int count, PipelineContext context) {
    List<Ranked> held = new ArrayList<>(best);
    held.sort(Comparator.comparingLong(Ranked::sequence));
    ExternalSort sort =
        new ExternalSort(order, context.memoryLimit(), context.spillFiles(), "Sort");
    held.forEach(ranked -> sort.add(ranked.document()));
    rest.forEachRemaining(sort::add);
    Iterator<BsonDocument> sorted = sort.sorted();
    return java.util.stream.StreamSupport.stream(
            java.util.Spliterators.spliteratorUnknownSize(sorted, 0), false)
        .limit(count)
        .iterator();
  }

  @Override
  public Optional<Set<String>> matchMayMoveBeforeUnlessReading() {
    return Optional.of(Set.of());
  }

  @Override
  public boolean isBlocking() {
    return true;
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    specification.keySet().forEach(dependencies::addPath);
  }

  @Override
  public BsonDocument explain() {
    BsonDocument sort = new BsonDocument("sortKey", specification);
    if (limit > 0) {
      sort.put("limit", new BsonInt64(limit));
    }
    return new BsonDocument(name(), sort);
  }
}
