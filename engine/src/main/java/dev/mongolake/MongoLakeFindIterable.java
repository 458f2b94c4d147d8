package dev.mongolake;

import com.mongodb.CursorType;
import dev.mongolake.aggregate.ColumnarSource;
import dev.mongolake.aggregate.Pipeline;
import dev.mongolake.aggregate.internal.ColumnarTopK;
import dev.mongolake.aggregate.internal.PipelineContext;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.internal.engine.AccessPath;
import dev.mongolake.internal.engine.CappedTail;
import dev.mongolake.internal.engine.CloseableIterator;
import dev.mongolake.internal.engine.Engine;
import dev.mongolake.internal.engine.ViewCatalog;
import dev.mongolake.internal.read.NaturalOrder;
import dev.mongolake.internal.read.Projection;
import dev.mongolake.internal.read.QueryErrors;
import dev.mongolake.internal.read.SortOrder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.conversions.Bson;

/**
 * A query being built, like the driver's {@code FindIterable}: set filter, sort, skip, limit and
 * projection, then iterate. Each iteration runs the query again on a fresh snapshot. Not
 * thread-safe.
 */
public final class MongoLakeFindIterable<T> implements Iterable<T> {

  private final Namespace namespace;
  private final Engine engine;
  private final Function<BsonDocument, T> decoder;
  private final Function<Bson, BsonDocument> toDocument;
  private BsonDocument filter;
  private BsonDocument sort = new BsonDocument();
  private BsonDocument projection;
  private BsonDocument let = new BsonDocument();
  private int skip;
  private int limit;
  private Set<String> neededPaths;
  private boolean allowDiskUse = true;
  // null: the collection's default collation.
  private Collation collation;
  private CursorType cursorType = CursorType.NonTailable;

  MongoLakeFindIterable(
      Namespace namespace,
      Engine engine,
      BsonDocument filter,
      Function<BsonDocument, T> decoder,
      Function<Bson, BsonDocument> toDocument) {
    this.namespace = namespace;
    this.engine = engine;
    this.filter = filter;
    this.decoder = decoder;
    this.toDocument = toDocument;
  }

  public MongoLakeFindIterable<T> filter(Bson value) {
    filter = value == null ? new BsonDocument() : toDocument.apply(value);
    return this;
  }

  public MongoLakeFindIterable<T> sort(Bson value) {
    sort = value == null ? new BsonDocument() : toDocument.apply(value);
    return this;
  }

  public MongoLakeFindIterable<T> projection(Bson value) {
    projection = value == null ? null : toDocument.apply(value);
    return this;
  }

  /** The command's {@code let} variables, visible to the filter's {@code $expr}. */
  public MongoLakeFindIterable<T> let(Bson value) {
    let = value == null ? new BsonDocument() : toDocument.apply(value);
    return this;
  }

  /**
   * Tells the find that its reader looks only at {@code paths} (dotted) of each document, filter
   * and sort included (null: whole documents), so a table scan may return documents holding only
   * {@code _id} and those paths (see {@link Engine#scan(Namespace, long,
   * dev.mongolake.delta.query.Filter, Set)}). For an aggregation whose stages read nothing else.
   */
  MongoLakeFindIterable<T> neededPaths(Set<String> paths) {
    neededPaths = paths;
    return this;
  }

  /**
   * The collation the filter's and the sort's comparisons of strings follow (MongoDB's {@code
   * collation} option); null, the default, means the collection's own (simple unless {@code create}
   * gave it one). Indexes under another collation do not serve string conditions or the sort.
   */
  public MongoLakeFindIterable<T> collation(Collation value) {
    collation = value;
    return this;
  }

  /** The driver's {@code Collation} (see {@link #collation(Collation)}). */
  public MongoLakeFindIterable<T> collation(com.mongodb.client.model.Collation value) {
    return collation(value == null ? null : Collations.of(value));
  }

  /** The collation this find follows: its own, else the collection's. */
  private Collation effectiveCollation() {
    return collation != null ? collation : engine.catalog().collation(namespace);
  }

  /** Skips the first {@code value} results (negative values are refused). */
  public MongoLakeFindIterable<T> skip(int value) {
    if (value < 0) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "Skip value must be non-negative, but received: " + value);
    }
    skip = value;
    return this;
  }

  /** Returns at most {@code |value|} results; 0 means no limit, as in MongoDB. */
  public MongoLakeFindIterable<T> limit(int value) {
    limit = Math.abs(value);
    return this;
  }

  /**
   * Whether a sort that no index provides may spill to temporary files once the documents it holds
   * pass the memory limit (MongoDB's 100 MiB, see {@link
   * MongoLakeOptions#withAggregationMemoryLimitBytes}); true by default, as in MongoDB 6+. Without
   * it such a sort fails with QueryExceededMemoryLimitNoDiskUseAllowed.
   */
  public MongoLakeFindIterable<T> allowDiskUse(boolean value) {
    allowDiskUse = value;
    return this;
  }

  /**
   * A tailable cursor ({@code Tailable}, or {@code TailableAwait} to wait for data) on a capped
   * collection, as the driver's {@code cursorType}: {@link #iterator()} then returns a {@link
   * MongoLakeTailableCursor} that stays open at the end of the data and returns later inserts. The
   * find reads in natural order: a sort other than {@code {$natural: 1}} is refused, as in MongoDB.
   */
  public MongoLakeFindIterable<T> cursorType(CursorType value) {
    cursorType = value == null ? CursorType.NonTailable : value;
    return this;
  }

  /** Accepted for driver compatibility; an embedded cursor has no network batches. */
  public MongoLakeFindIterable<T> batchSize(int value) {
    return this;
  }

  /** The first result, or {@code null}. */
  public T first() {
    try (MongoLakeCursor<T> cursor = iterator()) {
      return cursor.hasNext() ? cursor.next() : null;
    }
  }

  public <C extends Collection<? super T>> C into(C target) {
    try (MongoLakeCursor<T> cursor = iterator()) {
      cursor.forEachRemaining(target::add);
    }
    return target;
  }

  @Override
  public void forEach(Consumer<? super T> action) {
    try (MongoLakeCursor<T> cursor = iterator()) {
      cursor.forEachRemaining(action);
    }
  }

  @Override
  public MongoLakeCursor<T> iterator() {
    Optional<ViewCatalog.ResolvedView> view = engine.views().resolve(namespace);
    if (view.isPresent()) {
      Collations.checkViewCollation(collation);
      return ViewReads.find(
          engine,
          view.get(),
          ViewReads.findStages(filter, sort, skip, limit, projection),
          let,
          allowDiskUse,
          decoder);
    }
    if (engine.attached().isAttached(namespace)) {
      if (cursorType != CursorType.NonTailable) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "Cannot open a tailable cursor on "
                + namespace.fullName()
                + ": it is an attached read-only Delta table, not a capped collection");
      }
      return AttachedReads.find(
          engine,
          namespace,
          ViewReads.findStages(filter, sort, skip, limit, projection),
          let,
          allowDiskUse,
          collation,
          decoder);
    }
    if (cursorType != CursorType.NonTailable) {
      return tailable();
    }
    return open(plan(), new FindCounts());
  }

  /**
   * A tailable cursor: MongoDB's checks (a capped collection, no sort but natural order), then the
   * collection in natural order and, after it, what is inserted later. On a collection that does
   * not exist, an empty cursor that stays empty, as MongoDB answers (cursor id 0).
   *
   * @throws MongoLakeException BadValue for a collection that is not capped or a sort other than
   *     {@code {$natural: 1}}
   */
  private MongoLakeCursor<T> tailable() {
    BsonDocument natural = new BsonDocument(NaturalOrder.KEY, new org.bson.BsonInt32(1));
    if (!sort.isEmpty() && !sort.equals(natural)) {
      Optional<NaturalOrder> order = NaturalOrder.of(sort);
      if (order.isEmpty() || order.get().reversed()) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE, "cannot use tailable option with a sort other than {$natural: 1}");
      }
    }
    if (!engine.catalog().exists(namespace) && !engine.views().isView(namespace)) {
      return new EmptyTail<>(cursorType == CursorType.TailableAwait);
    }
    if (!engine.reads().isCapped(namespace)) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "error processing query: ns="
              + namespace.fullName()
              + "Tree: "
              + filter.toJson()
              + "\nSort: "
              + sort.toJson()
              + "\nProj: "
              + (projection == null ? "{}" : projection.toJson())
              + "\n tailable cursor requested on non capped collection");
    }
    sort = natural;
    FindPlan plan = plan();
    CappedTail tail =
        engine
            .reads()
            .tail(namespace, plan.readSequence())
            .orElseThrow(
                () ->
                    new MongoLakeException(
                        ErrorCode.QUERY_PLAN_KILLED,
                        "collection dropped while a tailable cursor opened on "
                            + namespace.fullName()));
    MongoLakeCursor<T> initial = open(plan, new FindCounts());
    return new TailingCursor<>(
        initial,
        tail,
        plan.parsedFilter(),
        Projection.forFind(projection, filter, plan.variables().scope()),
        plan.variables().newVariables(),
        decoder,
        cursorType == CursorType.TailableAwait,
        limit);
  }

  /**
   * What this find does, decided by the planner as a run would decide it: how it reaches the
   * documents (the {@code _id}, an index, the table's files, or column batches for a sort with a
   * limit), whether a sort stage orders them, then skip, limit and projection. Explain prints this
   * plan; running it fills the counts.
   */
  private FindPlan plan() {
    Collation effective = effectiveCollation();
    PipelineContext variables = engine.commandVariables(let, effective);
    Filter parsed =
        QueryErrors.parseFilter(filter, effective, variables.scope(), variables::newVariables);
    Optional<NaturalOrder> natural = NaturalOrder.of(sort);
    SortOrder order =
        natural.isPresent() ? SortOrder.NONE : SortOrder.parse(sort, effective.order());
    long readSequence = engine.reads().readSequence();
    Optional<ColumnarTopK> byColumns =
        !order.isEmpty() && limit > 0
            ? topKByColumns(order, filter.isEmpty() ? null : parsed, (long) skip + limit)
            : Optional.empty();
    Set<String> paths = neededPaths != null ? neededPaths : projectedPaths(natural.isPresent());
    AccessPath access =
        natural.isPresent()
            ? engine.reads().naturalScan(namespace, parsed, readSequence, paths)
            : engine.reads().plan(namespace, filter, parsed, sort, readSequence, paths);
    boolean sorts = !order.isEmpty() && !access.providesOrder(sort);
    return new FindPlan(
        access,
        parsed,
        variables,
        order,
        sorts,
        natural.isPresent() && natural.get().reversed(),
        byColumns,
        readSequence);
  }

  /**
   * The paths an inclusion projection of plain fields returns, with those the filter and the sort
   * read: all a reader of this find looks at, so a table scan may read only them (from promoted
   * columns where they are exact). Null (whole documents) for any other projection: an exclusion,
   * computed fields, {@code $elemMatch}, {@code $slice} or the positional {@code $}, which read
   * what they do not return; and, as for an aggregation's {@code $project} (see {@link
   * dev.mongolake.aggregate.internal.InputFields}), for one of several top-level fields, which
   * keeps the stored document's field order that a document rebuilt from columns does not.
   */
  private Set<String> projectedPaths(boolean naturalOrder) {
    if (projection == null || projection.isEmpty()) {
      return null;
    }
    for (var field : projection.entrySet()) {
      boolean included =
          field.getValue().isBoolean()
              ? field.getValue().asBoolean().getValue()
              : field.getValue().isNumber() && field.getValue().asNumber().doubleValue() != 0;
      boolean idExcluded = field.getKey().equals("_id") && !included;
      if ((!included && !idExcluded)
          || field.getKey().startsWith("$")
          || field.getKey().endsWith(".$")) {
        return null;
      }
    }
    List<BsonDocument> stages = new ArrayList<>();
    stages.add(new BsonDocument("$match", filter));
    if (!naturalOrder && !sort.isEmpty()) {
      stages.add(new BsonDocument("$sort", sort));
    }
    stages.add(new BsonDocument("$project", projection));
    try (Pipeline reading =
        Pipeline.parse(
            stages, EngineAggregationEnvironment.of(engine, namespace.database(), let))) {
      return reading.inputPaths().orElse(null);
    } catch (RuntimeException e) {
      // The find itself reports what is wrong with its filter, sort or projection.
      return null;
    }
  }

  /** Runs {@code plan}, counting into {@code counts}. */
  private MongoLakeCursor<T> open(FindPlan plan, FindCounts counts) {
    Projection projector = Projection.forFind(projection, filter, plan.variables().scope());
    if (plan.byColumns().isPresent()) {
      Optional<List<BsonDocument>> selected =
          selectByColumns(plan.byColumns().get(), plan.columnFilter(filter), plan.readSequence());
      if (selected.isPresent()) {
        counts.byColumns = true;
        Iterator<BsonDocument> matches = counts.matched(selected.get().iterator());
        return new Cursor(
            matches,
            CloseableIterator.of(Collections.emptyIterator()),
            projector,
            plan.variables().newVariables(),
            counts);
      }
    }
    CloseableIterator<BsonDocument> scan = plan.access().open(counts.examined);
    Iterator<BsonDocument> matches =
        counts.matched(new FilteringIterator(scan, plan.parsedFilter()));
    if (plan.reversed()) {
      List<BsonDocument> stored = new ArrayList<>();
      try (scan) {
        matches.forEachRemaining(stored::add);
      }
      matches = stored.reversed().iterator();
    }
    if (plan.sorts()) {
      // With a limit, only the first skip + limit in order are ever returned.
      long keep = limit == 0 ? 0 : (long) skip + limit;
      Pipeline sorting = sortStage(keep);
      try (scan) {
        matches = sorting.run(matches);
        // The sort holds its input: checking for a next document makes it read the scan.
        matches.hasNext();
      } catch (RuntimeException e) {
        sorting.close();
        throw e;
      }
      return new Cursor(
          matches,
          CloseableIterator.of(matches, sorting::close),
          projector,
          plan.variables().newVariables(),
          counts);
    }
    return new Cursor(matches, scan, projector, plan.variables().newVariables(), counts);
  }

  /**
   * This find's plan in MongoDB's explain form, from the plan a run takes: {@code parsedQuery} and
   * {@code winningPlan} (outermost stage first), and with {@code execute} the run's {@code
   * executionStats}: the query runs to its end (its documents are dropped) and each stage says what
   * it returned, the leaf what it examined (index keys, documents, and the table's files, row
   * groups and rows read). A view's find is planned as its pipeline and is not explained here.
   *
   * @throws MongoLakeException as running the find would (an invalid filter, a sort past the memory
   *     limit without {@code allowDiskUse}, ...)
   */
  public QueryExplanation explain(boolean execute) {
    if (engine.attached().isAttached(namespace)) {
      throw new MongoLakeException(
          ErrorCode.COMMAND_NOT_SUPPORTED,
          "Cannot explain a find on "
              + namespace.fullName()
              + ": it is an attached read-only Delta table");
    }
    if (engine.views().isView(namespace)) {
      throw new MongoLakeException(
          ErrorCode.COMMAND_NOT_SUPPORTED_ON_VIEW,
          "Cannot explain a find on view " + namespace.fullName() + " here: explain its pipeline");
    }
    FindPlan plan = plan();
    if (!execute) {
      return new QueryExplanation(filter, FindStages.describe(plan, stageArguments(), null), null);
    }
    FindCounts counts = new FindCounts();
    long start = System.nanoTime();
    try (MongoLakeCursor<T> cursor = open(plan, counts)) {
      while (cursor.hasNext()) {
        cursor.next();
      }
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    BsonDocument stages = FindStages.describe(plan, stageArguments(), counts);
    return new QueryExplanation(
        filter,
        FindStages.describe(plan, stageArguments(), null),
        FindStages.executionStats(counts, millis, stages));
  }

  private FindStages.Arguments stageArguments() {
    return new FindStages.Arguments(filter, sort, skip, limit, projection);
  }

  private Optional<ColumnarTopK> topKByColumns(
      SortOrder order, dev.mongolake.delta.query.Filter columnFilter, long keep) {
    if (!engine.plans().readsTable(namespace, filter, sort)) {
      return Optional.empty();
    }
    return ColumnarTopK.plan(order, columnFilter, keep)
        .filter(selection -> engine.plans().readsColumns(namespace, selection.columns()));
  }

  /**
   * The promoted columns this find would read by column batches if it ran now (a sort with a limit
   * of at most {@link ColumnarTopK#MAX_KEEP} over promoted columns; see docs/aggregation.md), for
   * explain; empty when it reads documents.
   */
  public Optional<List<String>> columnarColumns() {
    if (engine.views().isView(namespace)
        || engine.attached().isAttached(namespace)
        || limit == 0
        || NaturalOrder.of(sort).isPresent()) {
      return Optional.empty();
    }
    Collation effective = effectiveCollation();
    SortOrder order = SortOrder.parse(sort, effective.order());
    if (order.isEmpty()) {
      return Optional.empty();
    }
    var variables = engine.commandVariables(let, effective);
    var parsedFilter =
        QueryErrors.parseFilter(filter, effective, variables.scope(), variables::newVariables);
    return topKByColumns(order, filter.isEmpty() ? null : parsedFilter, (long) skip + limit)
        .map(ColumnarTopK::columns);
  }

  /**
   * The aggregation {@code $sort} (with a {@code $limit} of {@code keep}, 0 for none) that orders a
   * find's matches: stable, keeping to the memory limit by a bounded heap or by spilling sorted
   * runs to temporary files (removed when the pipeline closes), as {@code allowDiskUse} says.
   */
  private Pipeline sortStage(long keep) {
    List<BsonDocument> stages = new ArrayList<>();
    stages.add(new BsonDocument("$sort", sort));
    if (keep > 0) {
      stages.add(new BsonDocument("$limit", new BsonInt64(keep)));
    }
    return Pipeline.parse(
        stages,
        EngineAggregationEnvironment.of(engine, namespace.database(), null, allowDiskUse)
            .collatedBy(effectiveCollation()));
  }

  /**
   * The first matches in order chosen from column batches by {@code selection} ({@link
   * ColumnarTopK}); empty when the collection has no table to read by columns.
   */
  private Optional<List<BsonDocument>> selectByColumns(
      ColumnarTopK selection, dev.mongolake.delta.query.Filter columnFilter, long readSequence) {
    Optional<ColumnarSource> source =
        engine.reads().columnarRead(namespace, readSequence, columnFilter, selection.columns());
    if (source.isEmpty()) {
      return Optional.empty();
    }
    try (ColumnarSource read = source.get()) {
      return Optional.of(selection.run(read));
    } catch (dev.mongolake.delta.exceptions.QueryException e) {
      throw QueryErrors.translate(e);
    }
  }

  private static final class FilteringIterator implements Iterator<BsonDocument> {
    private final Iterator<BsonDocument> source;
    private final dev.mongolake.delta.query.Filter filter;
    private BsonDocument next;

    FilteringIterator(Iterator<BsonDocument> source, dev.mongolake.delta.query.Filter filter) {
      this.source = source;
      this.filter = filter;
    }

    @Override
    public boolean hasNext() {
      while (next == null && source.hasNext()) {
        BsonDocument candidate = source.next();
        if (QueryErrors.matches(filter, candidate)) {
          next = candidate;
        }
      }
      return next != null;
    }

    @Override
    public BsonDocument next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      BsonDocument current = next;
      next = null;
      return current;
    }
  }

  private final class Cursor implements MongoLakeCursor<T> {
    private final Iterator<BsonDocument> source;
    private final CloseableIterator<BsonDocument> scan;
    private final Projection projection;
    // One set per cursor: $$NOW and the command's let, the document set per row.
    private final Variables projectionVariables;
    private final FindCounts counts;
    private int skipped;
    private int returned;

    Cursor(
        Iterator<BsonDocument> source,
        CloseableIterator<BsonDocument> scan,
        Projection projection,
        Variables projectionVariables,
        FindCounts counts) {
      this.source = source;
      this.scan = scan;
      this.projection = projection;
      this.projectionVariables = projectionVariables;
      this.counts = counts;
    }

    @Override
    public boolean hasNext() {
      while (skipped < skip && source.hasNext()) {
        source.next();
        skipped++;
        counts.ordered++;
      }
      boolean more = (limit == 0 || returned < limit) && source.hasNext();
      if (!more) {
        close();
      }
      return more;
    }

    @Override
    public T next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      returned++;
      counts.ordered++;
      counts.returned++;
      BsonDocument document = source.next();
      return decoder.apply(
          projection == null ? document : projection.apply(document, projectionVariables));
    }

    @Override
    public void close() {
      scan.close();
    }
  }
}
