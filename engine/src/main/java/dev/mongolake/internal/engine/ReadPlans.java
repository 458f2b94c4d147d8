package dev.mongolake.internal.engine;

import dev.mongolake.IndexAccesses;
import dev.mongolake.Namespace;
import dev.mongolake.delta.table.ScanMetrics;
import dev.mongolake.internal.index.IndexPlanner;
import dev.mongolake.internal.index.IndexSpec;
import dev.mongolake.internal.index.IndexUsage;
import dev.mongolake.internal.index.SecondaryIndex;
import dev.mongolake.internal.read.QueryErrors;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.bson.BsonDocument;

/**
 * What {@link ReadPath} would do for a query, asked without running it: which index it picks,
 * whether it reads the table's files or their columns, what the table's statistics leave to read.
 * Explain and the choice between the row and column paths ask here. Thread-safe.
 */
public final class ReadPlans {

  private final CollectionRegistry collections;
  private final ReaderPins pins;
  private final LongSupplier readSequence;

  ReadPlans(CollectionRegistry collections, ReaderPins pins, LongSupplier readSequence) {
    this.collections = collections;
    this.pins = pins;
    this.readSequence = readSequence;
  }

  /**
   * What reading the collection's table for {@code filter} costs (for explain): without {@code
   * read}, only the files the statistics rule out (no I/O); with it, the whole filtered read, row
   * groups and rows included. Empty when the collection has no table yet.
   */
  public Optional<ScanMetrics> tableScanMetrics(
      Namespace namespace, BsonDocument filter, boolean read) {
    CollectionState state = collections.get(namespace);
    TableView view = state == null ? null : state.view();
    if (view == null || view.snapshot() == null) {
      return Optional.empty();
    }
    pins.pin(view);
    try (var scan =
        view.snapshot().scan(ReadPath.withImplications(filter, QueryErrors.parseFilter(filter)))) {
      while (read && scan.hasNext()) {
        scan.next();
      }
      return Optional.of(scan.metrics());
    } finally {
      pins.unpin(view);
    }
  }

  /**
   * Each index's definition with how often the planner chose it ({@code _id_} first), for {@code
   * $indexStats}; empty for a collection that does not exist.
   */
  public List<IndexAccesses> indexAccesses(Namespace namespace) {
    CollectionState state = collections.get(namespace);
    if (state == null) {
      return List.of();
    }
    List<IndexAccesses> out = new ArrayList<>();
    IndexUsage id = state.indexes().idIndexUsage();
    out.add(new IndexAccesses(IndexSpec.idIndex().toDocument(), id.ops(), id.since()));
    for (SecondaryIndex index : state.indexes().all()) {
      out.add(
          new IndexAccesses(index.spec().toDocument(), index.usage().ops(), index.usage().since()));
    }
    return out;
  }

  /** The index the planner picks for a query now, if any (for explain). */
  public Optional<IndexSpec> plannedIndex(
      Namespace namespace, BsonDocument filter, BsonDocument sort) {
    CollectionState state = collections.get(namespace);
    if (state == null || IdEquality.of(filter) != null) {
      return Optional.empty();
    }
    return IndexPlanner.plan(
            state.indexes().all(),
            ExprImplications.forPlanning(filter),
            sort,
            readSequence.getAsLong())
        .map(plan -> plan.index().spec());
  }

  /**
   * Whether {@link ReadPath#columnarRead} of {@code columns} would read the collection by columns
   * now: it has a table, and no path is inside {@code _id}.
   */
  public boolean readsColumns(Namespace namespace, List<String> columns) {
    CollectionState state = collections.get(namespace);
    return state != null && ColumnarRead.readable(state.view(), columns);
  }

  /**
   * Whether a read of {@code filter} in {@code sort} order goes through the table's files: neither
   * an {@code _id} equality nor an index serves it.
   */
  public boolean readsTable(Namespace namespace, BsonDocument filter, BsonDocument sort) {
    return IdEquality.of(filter) == null && plannedIndex(namespace, filter, sort).isEmpty();
  }
}
