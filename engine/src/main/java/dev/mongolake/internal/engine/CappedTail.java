package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.bson.BsonDocument;

/**
 * Where a tailable cursor stands in a capped collection's natural order, and the documents inserted
 * after it: a cursor reads the collection up to a read sequence, then each {@link #poll} returns
 * the documents inserted since that have become durable, oldest first, at the read sequence of the
 * poll. Like MongoDB's collection scan, it remembers the last document it examined; when the cap
 * (or a delete) has removed that document, the cursor has lost its place and fails with
 * CappedPositionLost.
 *
 * <p>Not thread-safe: one cursor, one reader at a time. Waiting ({@link #await}) takes no lock a
 * writer needs.
 */
public final class CappedTail {

  private final Namespace namespace;
  private final CollectionRegistry collections;
  private final CollectionState state;
  private final InsertionOrder order;
  private final LongSupplier readSequences;
  private final boolean startedEmpty;
  private long seenUpTo;
  private Long lastSeen;

  CappedTail(
      Namespace namespace,
      CollectionRegistry collections,
      CollectionState state,
      long readSequence,
      LongSupplier readSequences) {
    this.namespace = namespace;
    this.collections = collections;
    this.state = state;
    this.order = state.insertionOrder();
    this.readSequences = readSequences;
    this.seenUpTo = readSequence;
    this.lastSeen = order.lastAtOrBelow(readSequence);
    this.startedEmpty = lastSeen == null;
  }

  /** Whether the collection held no document when the cursor started reading it. */
  public boolean startedEmpty() {
    return startedEmpty;
  }

  /**
   * The documents inserted after the cursor's place that a reader may see now, oldest first; the
   * cursor then stands on the last of them.
   *
   * @throws MongoLakeException CappedPositionLost when the document the cursor stood on is gone,
   *     QueryPlanKilled when the collection was dropped or renamed
   */
  public List<BsonDocument> poll() {
    if (!collections.isBound(namespace, state)) {
      throw new MongoLakeException(
          ErrorCode.QUERY_PLAN_KILLED,
          "collection dropped or renamed while a tailable cursor read " + namespace.fullName());
    }
    if (lastSeen != null && !order.standsAt(lastSeen)) {
      throw new MongoLakeException(
          ErrorCode.CAPPED_POSITION_LOST,
          "CollectionScan died due to failure to restore tailable cursor position. Last seen"
              + " record id: RecordId("
              + lastSeen
              + ")");
    }
    long now = readSequences.getAsLong();
    List<BsonDocument> inserted = new ArrayList<>();
    for (Map.Entry<Long, InsertionOrder.Entry> entry : order.between(seenUpTo, now).entrySet()) {
      try (var found =
          new AccessPath.IdLookup(state, entry.getValue().id(), now).open(new ReadCounters())) {
        if (found.hasNext()) {
          inserted.add(found.next());
          lastSeen = entry.getKey();
        }
      }
    }
    seenUpTo = Math.max(seenUpTo, now);
    return inserted;
  }

  /** A mark to wait for inserts after (see {@link #await}); take it before the last poll. */
  public long insertMark() {
    return order.insertSignals();
  }

  /**
   * Waits up to {@code nanos} for an insert into the collection to become durable after {@code
   * mark}; woken by that insert.
   *
   * @return whether one did
   */
  public boolean await(long mark, long nanos) throws InterruptedException {
    return order.awaitInsert(mark, nanos);
  }
}
