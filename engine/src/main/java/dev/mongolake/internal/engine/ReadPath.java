package dev.mongolake.internal.engine;

import dev.mongolake.Namespace;
import dev.mongolake.aggregate.ColumnarSource;
import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.internal.buffer.BufferedDocument;
import dev.mongolake.internal.index.IndexPlan;
import dev.mongolake.internal.index.IndexPlanner;
import dev.mongolake.internal.read.QueryErrors;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Every read of a collection: the table's documents overridden by the buffer's, as of a <em>read
 * sequence</em> (the log sequence whose changes a reader sees; a table version is a {@link
 * DocumentSnapshot}), through the index or {@code _id} lookup the planner picks, or the table's
 * files its statistics do not rule out.
 *
 * <p>Thread-safe; readers take no lock. Each read pins the table version it started on, so a flush
 * does not release buffered changes the reader still merges. Callers close the iterators they get
 * (or read them to the end).
 */
public final class ReadPath {

  private final CollectionRegistry collections;
  private final ReaderPins pins;
  private final LongSupplier durableSequence;
  private final AtomicLong filesReadFromColumns = new AtomicLong();

  /**
   * @param durableSequence the log's durable watermark: what a new reader may see
   */
  ReadPath(CollectionRegistry collections, ReaderPins pins, LongSupplier durableSequence) {
    this.collections = collections;
    this.pins = pins;
    this.durableSequence = durableSequence;
  }

  /**
   * The read sequence a new reader reads at: everything durable now, so that a reader never sees a
   * change that a crash could still undo.
   */
  public long readSequence() {
    return durableSequence.getAsLong();
  }

  /**
   * The documents of a collection at {@code readSequence}: the table's, overridden by the buffer's.
   */
  public CloseableIterator<BsonDocument> scan(Namespace namespace, long readSequence) {
    return scan(namespace, readSequence, null, null);
  }

  /**
   * Like {@link #scan(Namespace, long)}, but the table returns only its documents that match {@code
   * filter}, reading only the files and row groups that may hold them. The buffer's documents all
   * come back: the caller still applies the filter.
   */
  public CloseableIterator<BsonDocument> scan(
      Namespace namespace, long readSequence, Filter filter) {
    return scan(namespace, readSequence, filter, null);
  }

  /**
   * Like {@link #scan(Namespace, long, Filter)} (a null filter reads every document), for a reader
   * that needs only {@code paths} of each document (null: whole documents). When they are all
   * promoted columns of the table, every document comes back as {@code _id} and those paths only:
   * read from the columns in files where they are exact, without decoding the document, and
   * projected alike from whole documents elsewhere and from the buffer. Otherwise whole documents.
   */
  public CloseableIterator<BsonDocument> scan(
      Namespace namespace, long readSequence, Filter filter, Set<String> paths) {
    return naturalScan(namespace, filter, readSequence, paths).open(new ReadCounters());
  }

  /**
   * The collection at {@code readSequence} for a read of {@code columns} by column batches (see
   * {@link ColumnarSource}), over the files {@code filter} (null: none) does not rule out; empty
   * when the collection has no table yet (or a path is inside {@code _id}). The caller closes it.
   */
  public Optional<ColumnarSource> columnarRead(
      Namespace namespace, long readSequence, Filter filter, List<String> columns) {
    CollectionState state = collections.get(namespace);
    if (state == null) {
      return Optional.empty();
    }
    TableView view = state.view();
    return ColumnarRead.of(
        state.buffer(),
        view,
        readSequence,
        filter,
        columns,
        read -> filesReadFromColumns.addAndGet(read.fromColumns() ? 1 : 0),
        () -> pins.pin(view),
        () -> pins.unpin(view));
  }

  /**
   * How many data files scans have read from exact promoted columns alone, never decoding their
   * documents, since the engine opened (for tests and metrics).
   */
  public long filesReadFromColumns() {
    return filesReadFromColumns.get();
  }

  /**
   * How many documents the collection holds at {@code readSequence}, without reading them: the
   * table's {@code numRecords} statistics (files without them are read, see {@link
   * DocumentSnapshot#count()}) plus the buffer's net change, each buffered {@code _id} adding its
   * live version and taking away the table's version it overrides (the same {@code inTable} a flush
   * relies on to replace or delete). Exactly the number of documents {@link #scan(Namespace, long)}
   * returns.
   */
  public long count(Namespace namespace, long readSequence) {
    CollectionState state = collections.get(namespace);
    if (state == null) {
      return 0;
    }
    TableView view = state.view();
    pins.pin(view);
    try {
      DocumentSnapshot table = view.snapshot();
      long count = table == null ? 0 : table.count();
      Iterator<BufferedDocument> entries = state.buffer().entries(view.floor(), readSequence);
      while (entries.hasNext()) {
        BufferedDocument entry = entries.next();
        if (!entry.isTombstone()) {
          count++;
        }
        if (table != null && entry.inTable()) {
          count--;
        }
      }
      return count;
    } finally {
      pins.unpin(view);
    }
  }

  /** {@link #candidates(Namespace, BsonDocument, Filter, BsonDocument, long)} without a sort. */
  public CloseableIterator<BsonDocument> candidates(
      Namespace namespace, BsonDocument filter, Filter parsed, long readSequence) {
    return candidates(namespace, filter, parsed, new BsonDocument(), readSequence);
  }

  /**
   * The documents that may match {@code filter} at {@code readSequence}, read through the index the
   * planner picks for {@code filter} and {@code sort} (in that index's order), or else the buffer
   * and the table's documents that match (the table skips files and row groups that cannot). The
   * caller still applies the filter and the sort.
   *
   * @param parsed {@code filter}, already parsed by the caller, who matches documents with it
   */
  public CloseableIterator<BsonDocument> candidates(
      Namespace namespace,
      BsonDocument filter,
      Filter parsed,
      BsonDocument sort,
      long readSequence) {
    return candidates(namespace, filter, parsed, sort, readSequence, null);
  }

  /**
   * {@link #candidates(Namespace, BsonDocument, Filter, BsonDocument, long)} for a reader that
   * needs only {@code paths} (null: whole documents): a table scan then returns documents as {@link
   * #scan(Namespace, long, Filter, Set)} does; an index or {@code _id} read returns whole ones.
   */
  public CloseableIterator<BsonDocument> candidates(
      Namespace namespace,
      BsonDocument filter,
      Filter parsed,
      BsonDocument sort,
      long readSequence,
      Set<String> paths) {
    return plan(namespace, filter, parsed, sort, readSequence, paths).open(new ReadCounters());
  }

  /**
   * How a read of {@code filter} in {@code sort} order reaches the documents at {@code
   * readSequence}: an {@code _id} equality looks the one document up; else the index the planner
   * picks for the filter (what its {@code $expr} implies included) and sort; else the buffer and
   * the table's files and row groups the filter's statistics do not rule out. Nothing is read until
   * the path is opened; the caller still applies the filter (and the sort, unless the path
   * {@linkplain AccessPath#providesOrder provides it}).
   *
   * @param parsed {@code filter}, already parsed by the caller, who matches documents with it
   * @param paths the paths a table scan needs (null: whole documents)
   */
  public AccessPath plan(
      Namespace namespace,
      BsonDocument filter,
      Filter parsed,
      BsonDocument sort,
      long readSequence,
      Set<String> paths) {
    CollectionState state = collections.get(namespace);
    if (state == null) {
      return new AccessPath.NoCollection();
    }
    Collation collation = parsed.collation();
    BsonValue id = IdEquality.of(filter);
    // Stored ids are found by their bytes: a collated string id may equal others.
    if (id != null && !collation.order().collates(id)) {
      return new AccessPath.IdLookup(state, id, readSequence);
    }
    Optional<IndexPlan> plan =
        IndexPlanner.plan(
            state.secondaryIndexesUsable() ? state.indexes().all() : List.of(),
            ExprImplications.forPlanning(filter),
            sort,
            readSequence,
            collation);
    if (plan.isPresent()) {
      return new AccessPath.IndexScan(state, plan.get(), readSequence, pins);
    }
    return tableScan(state, withImplications(filter, parsed), paths, readSequence);
  }

  /** Whether the collection exists and is capped. */
  public boolean isCapped(Namespace namespace) {
    CollectionState state = collections.get(namespace);
    return state != null && state.capped() != null;
  }

  /**
   * A tailable cursor's place in a capped collection that it read up to {@code readSequence}; empty
   * when the collection is not capped (or does not exist).
   */
  public Optional<CappedTail> tail(Namespace namespace, long readSequence) {
    CollectionState state = collections.get(namespace);
    if (state == null || state.insertionOrder() == null) {
      return Optional.empty();
    }
    return Optional.of(
        new CappedTail(namespace, collections, state, readSequence, this::readSequence));
  }

  /** A scan of the whole collection in its natural order, with {@code filter} pushed down. */
  public AccessPath naturalScan(
      Namespace namespace, Filter filter, long readSequence, Set<String> paths) {
    CollectionState state = collections.get(namespace);
    return state == null
        ? new AccessPath.NoCollection()
        : tableScan(state, filter, paths, readSequence);
  }

  private AccessPath tableScan(
      CollectionState state, Filter filter, Set<String> paths, long readSequence) {
    return new AccessPath.TableScan(
        state,
        filter,
        paths,
        readSequence,
        pins,
        metrics -> filesReadFromColumns.addAndGet(metrics.filesReadFromColumns()));
  }

  /**
   * {@code parsed} (the parse of {@code filter}) with what its {@code $expr} implies added as
   * necessary conditions, so that files and row groups are pruned by them too.
   */
  static Filter withImplications(BsonDocument filter, Filter parsed) {
    BsonDocument implied = ExprImplications.implied(filter);
    if (implied.isEmpty()) {
      return parsed;
    }
    try {
      return parsed.withNecessaryConditions(implied);
    } catch (QueryException e) {
      throw QueryErrors.translate(e);
    }
  }
}
