package dev.mongolake.internal.engine;

import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.internal.buffer.BufferedDocument;
import dev.mongolake.internal.index.IndexPlan;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Fetches the documents an index plan named, as of a read sequence: from the buffer when it holds a
 * version, otherwise from the table, which is asked once for all of them ({@code _id $in}: only
 * files and row groups whose statistics and bloom filter admit one of them are read). Results keep
 * the index's order.
 */
final class IndexedFetch {

  private IndexedFetch() {}

  /**
   * The documents {@code plan}'s keys name, in the index's order; {@code counters} gets the keys
   * visited and the documents found.
   */
  static CloseableIterator<BsonDocument> fetch(
      CollectionState state,
      IndexPlan plan,
      long readSequence,
      ReaderPins pins,
      ReadCounters counters) {
    TableView view = state.view();
    // Pinned before reading the index: a flush then keeps the entries this reader may need.
    pins.pin(view);
    try {
      Set<BsonValue> ids = plan.ids(readSequence);
      counters.addKeys(ids.size());
      Map<BsonValue, BsonDocument> found = new TreeMap<>(BsonComparisonOrder.INSTANCE);
      NavigableSet<BsonValue> inTable = new TreeSet<>(BsonComparisonOrder.INSTANCE);
      for (BsonValue id : ids) {
        Optional<BufferedDocument> buffered = state.buffer().get(id, view.floor(), readSequence);
        if (buffered.isEmpty()) {
          inTable.add(id);
        } else if (!buffered.get().isTombstone()) {
          found.put(id, buffered.get().document());
        }
      }
      if (inTable.size() <= POINT_READS && view.snapshot() != null) {
        // A few ids: each a point read, which hot documents answer from the table's cache.
        for (BsonValue id : inTable) {
          view.snapshot().findById(id).ifPresent(document -> found.put(id, document));
        }
      } else if (view.snapshot() != null) {
        Filter byId =
            Filter.parse(
                new BsonDocument(
                    "_id", new BsonDocument("$in", new BsonArray(List.copyOf(inTable)))));
        try (var scan = view.snapshot().scan(byId)) {
          while (!inTable.isEmpty() && scan.hasNext()) {
            BsonDocument document = scan.next();
            BsonValue id = document.get("_id");
            if (inTable.remove(id)) {
              found.put(id, document);
            }
          }
        }
      }
      List<BsonDocument> ordered = new ArrayList<>(found.size());
      for (BsonValue id : ids) {
        BsonDocument document = found.get(id);
        if (document != null) {
          ordered.add(document);
          counters.addDocument();
        }
      }
      return new ListScan(ordered.iterator());
    } finally {
      pins.unpin(view);
    }
  }

  /** Up to this many ids are read one by one; more take one scan with {@code $in}. */
  private static final int POINT_READS = 16;

  /** Documents already in memory: nothing to release. */
  private record ListScan(Iterator<BsonDocument> documents)
      implements CloseableIterator<BsonDocument> {
    @Override
    public boolean hasNext() {
      return documents.hasNext();
    }

    @Override
    public BsonDocument next() {
      return documents.next();
    }

    @Override
    public void close() {}
  }
}
