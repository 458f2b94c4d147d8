package dev.mongolake.internal.engine;

import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.delta.table.PointLookup;
import dev.mongolake.delta.table.ScanMetrics;
import dev.mongolake.internal.buffer.BufferedDocument;
import dev.mongolake.internal.index.IndexPlan;
import dev.mongolake.internal.index.IndexSpec;
import java.util.Collections;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * How a read reaches a collection's documents, as the planner chose it ({@link ReadPath#plan}):
 * nothing (no collection), one {@code _id}, an index's keys, or the table's files the statistics
 * leave. Opening it reads; describing it is explain's leaf stage, in MongoDB's form, with what the
 * read counted once it ran. The documents it returns may not match: the caller applies the filter.
 */
public sealed interface AccessPath {

  /** Reads, counting into {@code counters}. The caller closes the iterator. */
  CloseableIterator<BsonDocument> open(ReadCounters counters);

  /**
   * The leaf of explain's plan for {@code filter} (the query as parsed); with the read's counts
   * when {@code counters} is not null ({@code matched}: documents that passed the filter).
   */
  BsonDocument stage(BsonDocument filter, ReadCounters counters, long matched);

  /** Whether the documents come in {@code sort} order already, so no sort stage runs. */
  default boolean providesOrder(BsonDocument sort) {
    return false;
  }

  /** A collection that does not exist: MongoDB's {@code EOF}. */
  record NoCollection() implements AccessPath {
    @Override
    public CloseableIterator<BsonDocument> open(ReadCounters counters) {
      return CloseableIterator.of(Collections.emptyIterator());
    }

    @Override
    public BsonDocument stage(BsonDocument filter, ReadCounters counters, long matched) {
      BsonDocument stage = new BsonDocument("stage", new BsonString("EOF"));
      if (counters != null) {
        stage.append("nReturned", new BsonInt64(0));
      }
      return stage;
    }
  }

  /**
   * An {@code _id} equality: the buffer's version, or else the table's few files and row groups
   * whose {@code _id} statistics and bloom filter admit it. MongoDB's {@code IDHACK}.
   */
  record IdLookup(CollectionState state, BsonValue id, long readSequence) implements AccessPath {
    @Override
    public CloseableIterator<BsonDocument> open(ReadCounters counters) {
      state.indexes().idIndexUsage().record();
      counters.addKeys(1);
      Optional<BufferedDocument> buffered =
          state.buffer().get(id, state.view().floor(), readSequence);
      Optional<BsonDocument> found;
      if (buffered.isEmpty()) {
        DocumentSnapshot table = state.view().snapshot();
        if (table == null) {
          found = Optional.empty();
        } else {
          PointLookup lookup = table.lookupById(id);
          counters.table(lookup.metrics());
          found = lookup.document();
        }
      } else {
        found =
            buffered.get().isTombstone()
                ? Optional.empty()
                : Optional.of(buffered.get().document());
      }
      found.ifPresent(document -> counters.addDocument());
      return CloseableIterator.of(found.stream().iterator());
    }

    @Override
    public BsonDocument stage(BsonDocument filter, ReadCounters counters, long matched) {
      BsonDocument stage = new BsonDocument("stage", new BsonString("IDHACK"));
      if (counters != null) {
        stage
            .append("nReturned", new BsonInt64(matched))
            .append("keysExamined", new BsonInt64(counters.keysExamined()))
            .append("docsExamined", new BsonInt64(counters.docsExamined()));
        // Absent when the buffer answered: the table was not read.
        if (counters.table() != null) {
          stage.append("tableLookup", TableScan.tableScan(counters.table(), true));
        }
      }
      return stage;
    }
  }

  /**
   * A read of an index's keys, then of the documents they name: {@code FETCH} over {@code IXSCAN}.
   */
  record IndexScan(CollectionState state, IndexPlan plan, long readSequence, ReaderPins pins)
      implements AccessPath {
    @Override
    public CloseableIterator<BsonDocument> open(ReadCounters counters) {
      plan.index().usage().record();
      return IndexedFetch.fetch(state, plan, readSequence, pins, counters);
    }

    @Override
    public boolean providesOrder(BsonDocument sort) {
      // One range of a single-valued index, visited in the sort's direction, is in the sort's
      // order; ties keep the index's order, as the stable sort would.
      return sort.size() == 1
          && sort.getFirstKey().equals(plan.index().spec().keys().getFirstKey())
          && sort.get(sort.getFirstKey()).isNumber()
          && plan.ranges().size() == 1
          && !plan.index().multikey()
          && plan.ordersLikeQuery();
    }

    @Override
    public BsonDocument stage(BsonDocument filter, ReadCounters counters, long matched) {
      IndexSpec spec = plan.index().spec();
      BsonDocument scan =
          new BsonDocument("stage", new BsonString("IXSCAN"))
              .append("keyPattern", spec.keys())
              .append("indexName", new BsonString(spec.name()))
              .append("isMultiKey", BsonBoolean.valueOf(plan.index().multikey()))
              .append("isUnique", BsonBoolean.valueOf(spec.unique()))
              .append("isSparse", BsonBoolean.valueOf(spec.sparse()))
              .append("isPartial", BsonBoolean.valueOf(spec.partialFilter() != null))
              .append("direction", new BsonString(plan.descending() ? "backward" : "forward"));
      BsonDocument fetch = new BsonDocument("stage", new BsonString("FETCH"));
      if (!filter.isEmpty()) {
        fetch.append("filter", filter);
      }
      if (counters != null) {
        fetch
            .append("nReturned", new BsonInt64(matched))
            .append("docsExamined", new BsonInt64(counters.docsExamined()));
        scan.append("nReturned", new BsonInt64(counters.keysExamined()))
            .append("keysExamined", new BsonInt64(counters.keysExamined()));
      }
      return fetch.append("inputStage", scan);
    }
  }

  /**
   * A scan of the buffer and of the table's files and row groups that {@code tableFilter} does not
   * rule out: MongoDB's {@code COLLSCAN} (in insertion order on a capped collection), with what the
   * table read ({@code tableScan}, not a MongoDB field; tools that do not know it ignore it).
   *
   * @param paths the paths the reader needs (null: whole documents)
   * @param onClose told what the table scan read, when it closes (for the engine's metrics)
   */
  record TableScan(
      CollectionState state,
      Filter tableFilter,
      Set<String> paths,
      long readSequence,
      ReaderPins pins,
      Consumer<ScanMetrics> onClose)
      implements AccessPath {
    @Override
    public CloseableIterator<BsonDocument> open(ReadCounters counters) {
      TableView view = state.view();
      pins.pin(view);
      MergedScan scan =
          new MergedScan(
              state.buffer(),
              view,
              readSequence,
              tableFilter,
              ColumnarPaths.projection(view.snapshot(), paths),
              metrics -> {
                counters.table(metrics);
                onClose.accept(metrics);
              },
              () -> pins.unpin(view));
      InsertionOrder order = state.insertionOrder();
      return new CountingIterator(
          order == null ? scan : InsertionOrdered.of(scan, order), counters);
    }

    @Override
    public BsonDocument stage(BsonDocument filter, ReadCounters counters, long matched) {
      BsonDocument stage = new BsonDocument("stage", new BsonString("COLLSCAN"));
      if (!filter.isEmpty()) {
        stage.append("filter", filter);
      }
      stage.append("direction", new BsonString("forward"));
      ScanMetrics table = counters == null ? plannedTableScan() : counters.table();
      if (table != null) {
        stage.append("tableScan", tableScan(table, counters != null));
      }
      if (counters != null) {
        stage
            .append("nReturned", new BsonInt64(matched))
            .append("docsExamined", new BsonInt64(counters.docsExamined()));
      }
      return stage;
    }

    /** The files the table's statistics rule out, known without reading (no I/O). */
    private ScanMetrics plannedTableScan() {
      TableView view = state.view();
      if (view.snapshot() == null) {
        return null;
      }
      pins.pin(view);
      try (var scan =
          tableFilter == null ? view.snapshot().scan() : view.snapshot().scan(tableFilter)) {
        return scan.metrics();
      } finally {
        pins.unpin(view);
      }
    }

    static BsonDocument tableScan(ScanMetrics table, boolean executed) {
      BsonDocument out =
          new BsonDocument("filesTotal", new BsonInt64(table.filesTotal()))
              .append("filesSkippedByStats", new BsonInt64(table.filesSkipped()));
      if (executed) {
        out.append("filesOpened", new BsonInt64(table.filesOpened()))
            .append("rowGroupsTotal", new BsonInt64(table.rowGroupsTotal()))
            .append("rowGroupsRead", new BsonInt64(table.rowGroupsRead()))
            .append("pagesRead", new BsonInt64(table.pagesRead()))
            .append("rowsRead", new BsonInt64(table.rowsRead()));
      }
      return out;
    }
  }

  /** Counts each document an iterator hands out as examined. */
  final class CountingIterator implements CloseableIterator<BsonDocument> {
    private final CloseableIterator<BsonDocument> source;
    private final ReadCounters counters;

    CountingIterator(CloseableIterator<BsonDocument> source, ReadCounters counters) {
      this.source = source;
      this.counters = counters;
    }

    @Override
    public boolean hasNext() {
      return source.hasNext();
    }

    @Override
    public BsonDocument next() {
      BsonDocument next = source.next();
      counters.addDocument();
      return next;
    }

    @Override
    public void close() {
      source.close();
    }
  }
}
