package dev.mongolake;

import com.mongodb.MongoClientSettings;
import com.mongodb.MongoNamespace;
import com.mongodb.bulk.BulkWriteResult;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.DeleteOptions;
import com.mongodb.client.model.FindOneAndDeleteOptions;
import com.mongodb.client.model.FindOneAndReplaceOptions;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.IndexModel;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.RenameCollectionOptions;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.WriteModel;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.InsertManyResult;
import com.mongodb.client.result.InsertOneResult;
import com.mongodb.client.result.UpdateResult;
import dev.mongolake.aggregate.ColumnarSource;
import dev.mongolake.aggregate.Pipeline;
import dev.mongolake.aggregate.internal.CountStage;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.OptimizeResult;
import dev.mongolake.delta.table.ScanMetrics;
import dev.mongolake.internal.engine.AttachedTables;
import dev.mongolake.internal.engine.DocumentWrites;
import dev.mongolake.internal.engine.Engine;
import dev.mongolake.internal.engine.FindAndModifyOutcome;
import dev.mongolake.internal.engine.ViewCatalog;
import dev.mongolake.internal.engine.WriteFailure;
import dev.mongolake.internal.engine.WriteOutcome;
import dev.mongolake.internal.read.DistinctValues;
import dev.mongolake.internal.read.Projection;
import dev.mongolake.internal.read.QueryErrors;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.BsonDocumentWrapper;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.Document;
import org.bson.codecs.Codec;
import org.bson.codecs.CollectibleCodec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.configuration.CodecConfigurationException;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.conversions.Bson;

/**
 * A collection, with the operations and model types of the MongoDB Java driver ({@code Filters},
 * {@code Updates}, {@code Sorts}, {@code Projections}, result types). Thread-safe.
 *
 * <p>Writes return once durable (per the database's durability mode). Failures are {@link
 * MongoLakeException}s carrying MongoDB's error code; a batch with failed documents raises {@link
 * MongoLakeWriteException}.
 */
public final class MongoLakeCollection<T> {

  private static final CodecRegistry CODECS = MongoClientSettings.getDefaultCodecRegistry();

  private final Namespace namespace;
  private final Class<T> documentClass;
  private final Engine engine;
  private final Codec<T> codec;
  private final boolean bypassDocumentValidation;
  // null: each operation follows the collection's default collation.
  private final Collation collation;

  MongoLakeCollection(Namespace namespace, Class<T> documentClass, Engine engine) {
    this(namespace, documentClass, engine, false, null);
  }

  private MongoLakeCollection(
      Namespace namespace,
      Class<T> documentClass,
      Engine engine,
      boolean bypass,
      Collation collation) {
    this.namespace = namespace;
    this.documentClass = documentClass;
    this.engine = engine;
    this.codec = CODECS.get(documentClass);
    this.bypassDocumentValidation = bypass;
    this.collation = collation;
  }

  /**
   * This collection, whose operations compare strings by {@code collation} (MongoDB's {@code
   * collation} option of find, count, distinct, aggregate, update, delete and findAndModify): its
   * filters, sorts, grouping, expressions and update operators. Null returns to the collection's
   * default collation (simple unless {@code create} gave one). An operation's own options ({@code
   * UpdateOptions.collation}, ...) override it for that operation. A view refuses any but the
   * simple collation (OptionNotSupportedOnView), as its own is simple.
   */
  public MongoLakeCollection<T> withCollation(Collation value) {
    return new MongoLakeCollection<>(
        namespace, documentClass, engine, bypassDocumentValidation, value);
  }

  /** The collation an operation follows: its options' (the driver's), else this collection's. */
  private Collation requested(com.mongodb.client.model.Collation fromOptions) {
    return fromOptions != null ? Collations.of(fromOptions) : collation;
  }

  /** The collation an operation naming none follows: this handle's, else the collection's. */
  private Collation effectiveCollation() {
    return collation != null ? collation : engine.catalog().collation(namespace);
  }

  /**
   * This collection exactly as version {@code version} of its Delta table holds it, read-only: what
   * Spark, DuckDB or delta-kernel read at that version (see {@link #table()}), without the changes
   * the write-ahead log held beyond that version's flush. Reads work as on the collection; writes,
   * index changes and reads of other collections ({@code $lookup}, ...) through it are refused. For
   * the state at a point in time, with every collection alike, use {@link MongoLake#db(String,
   * ReadAt)}.
   *
   * @throws MongoLakeException NamespaceNotFound when the collection has no table yet, BadValue for
   *     a version its table does not have, SnapshotTooOld when vacuum deleted that version's files
   */
  public MongoLakeCollection<T> atTableVersion(long version) {
    return new MongoLakeCollection<>(
        namespace, documentClass, engine.atTableVersion(namespace, version), false, collation);
  }

  /**
   * Makes the collection again what it was at {@code point}, like Delta's {@code RESTORE}, as one
   * atomic change: the documents it held then come back, those it did not are deleted. The change
   * is a write like others (its next flush is a new table version; indexes follow; change streams
   * see an event per document changed); writers wait while it runs. Indexes themselves are kept as
   * they are now.
   *
   * @throws MongoLakeException SnapshotTooOld when the lake no longer holds that point,
   *     TransactionTooLarge when the difference exceeds one log record, DuplicateKey when a unique
   *     index made since refuses the earlier documents
   */
  public RestoreResult restore(ReadAt point) {
    return engine.restore(
        namespace, engine.at(namespace.database(), point.clusterTime().getValue()));
  }

  /**
   * {@link #restore(ReadAt)} to what version {@code version} of the collection's table holds (see
   * {@link #atTableVersion}).
   */
  public RestoreResult restoreToTableVersion(long version) {
    return engine.restore(namespace, engine.atTableVersion(namespace, version));
  }

  /**
   * This collection, whose writes skip its validator (MongoDB's {@code bypassDocumentValidation}),
   * as do the {@code $out} and {@code $merge} of its aggregations. A write's own options ({@code
   * InsertManyOptions}, {@code UpdateOptions}, ... {@code bypassDocumentValidation(true)}) do the
   * same for that write.
   */
  public MongoLakeCollection<T> bypassingDocumentValidation() {
    return new MongoLakeCollection<>(namespace, documentClass, engine, true, collation);
  }

  /** This collection, or its bypassing form when the write asks to bypass validation. */
  private MongoLakeCollection<T> forWrite(Boolean bypassRequested) {
    return Boolean.TRUE.equals(bypassRequested) ? bypassingDocumentValidation() : this;
  }

  /** The engine's writes, without validation when this collection or the write bypasses it. */
  private DocumentWrites writes(Boolean bypassRequested) {
    return bypassDocumentValidation || Boolean.TRUE.equals(bypassRequested)
        ? engine.writes().bypassingDocumentValidation()
        : engine.writes();
  }

  public Namespace namespace() {
    return namespace;
  }

  public Class<T> documentClass() {
    return documentClass;
  }

  // ---- inserts ----

  /**
   * Inserts a document, giving it an ObjectId {@code _id} if it has none (set on the given object
   * too, as the driver does).
   */
  public InsertOneResult insertOne(T document) {
    InsertManyResult result = insertMany(List.of(document));
    return InsertOneResult.acknowledged(result.getInsertedIds().get(0));
  }

  public InsertManyResult insertMany(List<? extends T> documents) {
    return insertMany(documents, new InsertManyOptions());
  }

  /**
   * Inserts documents in order. Ordered (the default) stops at the first failure; unordered tries
   * them all. Any failure raises {@link MongoLakeWriteException} after the others are durable.
   */
  public InsertManyResult insertMany(List<? extends T> documents, InsertManyOptions options) {
    refuseAttached("insert into");
    if (documents.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.INVALID_LENGTH,
          "Write batch sizes must be between 1 and 100000. Got 0 operations.");
    }
    List<BsonDocument> encoded = new ArrayList<>(documents.size());
    for (T document : documents) {
      encoded.add(encodeForInsert(document));
    }
    WriteOutcome outcome =
        writes(options.getBypassDocumentValidation())
            .insert(namespace, encoded, options.isOrdered());
    if (!outcome.failures().isEmpty()) {
      List<MongoLakeWriteException.WriteError> errors = new ArrayList<>();
      for (WriteFailure failure : outcome.failures()) {
        errors.add(MongoLakeWriteException.WriteError.of(failure.index(), failure.error()));
      }
      throw new MongoLakeWriteException(errors, outcome.insertedIds());
    }
    return InsertManyResult.acknowledged(outcome.insertedIds());
  }

  private BsonDocument encodeForInsert(T document) {
    if (document == null) {
      throw new MongoLakeException(ErrorCode.BAD_VALUE, "Cannot insert a null document");
    }
    if (codec instanceof CollectibleCodec<T> collectible) {
      collectible.generateIdIfAbsentFromDocument(document);
    }
    return toBsonDocument(document);
  }

  private BsonDocument toBsonDocument(Object value) {
    if (value instanceof BsonDocument bson) {
      return bson;
    }
    if (value instanceof Bson bson) {
      return bson.toBsonDocument(BsonDocument.class, CODECS);
    }
    return BsonDocumentWrapper.asBsonDocument(value, CODECS);
  }

  private T decode(BsonDocument document) {
    if (documentClass == BsonDocument.class) {
      return documentClass.cast(document);
    }
    return codec.decode(new BsonDocumentReader(document), DecoderContext.builder().build());
  }

  // ---- reads ----

  public MongoLakeFindIterable<T> find() {
    return find(new BsonDocument());
  }

  public MongoLakeFindIterable<T> find(Bson filter) {
    return new MongoLakeFindIterable<>(
            namespace, engine, toBsonDocument(filter), this::decode, this::toBsonDocument)
        .collation(collation);
  }

  /**
   * The number of documents, from the table's statistics and the buffer's net change: a flushed
   * table opens no data file (see {@link #count(Bson, int, int)}).
   */
  public long countDocuments() {
    return countDocuments(new BsonDocument());
  }

  public long countDocuments(Bson filter) {
    return count(filter, 0, 0);
  }

  /**
   * How many documents match {@code filter} once {@code skip} are skipped, at most {@code limit}
   * (0: no limit). With an empty filter the collection's size comes from the table's {@code
   * numRecords} statistics and the buffer's net change, reading no document; otherwise the query
   * planner's candidates (an index's, or the pruned table scan's) are matched and counted.
   */
  public long count(Bson filter, int skip, int limit) {
    return count(filter, skip, limit, null);
  }

  /** {@link #count(Bson, int, int)} with the command's {@code let} variables (null: none). */
  private long count(Bson filter, int skip, int limit, BsonDocument let) {
    if (skip < 0) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "Skip value must be non-negative, but received: " + skip);
    }
    BsonDocument query = toBsonDocument(filter);
    long bound = limit == 0 ? Long.MAX_VALUE : Math.abs((long) limit);
    if (query.isEmpty() && !readsByPipeline()) {
      return Math.min(
          Math.max(0, engine.reads().count(namespace, engine.reads().readSequence()) - skip),
          bound);
    }
    if (skip == 0
        && limit == 0
        && let == null
        && !readsByPipeline()
        && effectiveCollation().isSimple()) {
      OptionalLong byColumns = countByColumns(query);
      if (byColumns.isPresent()) {
        return byColumns.getAsLong();
      }
    }
    long count = 0;
    try (MongoLakeCursor<BsonDocument> cursor =
        new MongoLakeFindIterable<BsonDocument>(
                namespace, engine, query, d -> d, this::toBsonDocument)
            .collation(collation)
            .let(let)
            .neededPaths(filterPaths(query))
            .skip(skip)
            .limit(limit)
            .iterator()) {
      while (cursor.hasNext()) {
        cursor.next();
        count++;
      }
    }
    return count;
  }

  /**
   * The count of {@code filter}'s matches from column batches: {@code [{$match: filter}, {$group:
   * {_id: null, n: {$sum: 1}}}]} run by columns (see {@link Pipeline#runColumnar}); empty when it
   * must read documents.
   */
  private OptionalLong countByColumns(BsonDocument filter) {
    Pipeline counting;
    try {
      counting = countingPipeline(filter);
    } catch (RuntimeException e) {
      // The find below reports what is wrong with the filter, as a count always has.
      return OptionalLong.empty();
    }
    try (counting) {
      Optional<Iterator<BsonDocument>> groups = runByColumns(counting, counting.findPrefix());
      if (groups.isEmpty()) {
        return OptionalLong.empty();
      }
      Iterator<BsonDocument> group = groups.get();
      return OptionalLong.of(group.hasNext() ? group.next().getNumber("n").longValue() : 0);
    }
  }

  /** The paths {@code filter} reads, or null (whole documents) when it cannot tell. */
  private Set<String> filterPaths(BsonDocument filter) {
    // A count reads nothing but what the filter reads.
    try (Pipeline matching =
        parsePipeline(
            List.of(
                new BsonDocument("$match", filter),
                new BsonDocument("$count", new BsonString("n"))),
            null)) {
      return matching.inputPaths().orElse(null);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** The number of documents, without a filter (as {@link #countDocuments()}). */
  public long estimatedDocumentCount() {
    if (readsByPipeline()) {
      // A view's documents exist only once its pipeline runs.
      return count(new BsonDocument(), 0, 0);
    }
    return engine.reads().count(namespace, engine.reads().readSequence());
  }

  /**
   * Runs an aggregation pipeline over a snapshot of the collection, with the stages {@code
   * StageParsers} registers (the join and write stages {@code $lookup}, {@code $graphLookup},
   * {@code $unionWith}, {@code $out} and {@code $merge} among them); stages MongoDB has that
   * MongoLake refuses fail NotImplemented, unknown ones with MongoDB's unrecognized-stage error.
   *
   * <p>The pipeline's leading {@code $match}, {@code $sort}, {@code $skip} and {@code $limit} run
   * as the equivalent find ({@link Pipeline#findPrefix}), through the query planner (indexes,
   * {@code _id} lookups, file and row-group pruning); the rest of the pipeline reads the find's
   * documents. A pipeline that only counts them (the driver's {@code countDocuments}: {@code
   * $match}, {@code $skip}, {@code $limit}, then {@code {$group: {_id: 1, n: {$sum: 1}}}}) is
   * answered by {@link #count(Bson, int, int)}.
   */
  public MongoLakeCursor<T> aggregate(List<? extends Bson> pipeline) {
    return aggregate(pipeline, null);
  }

  /**
   * Runs an aggregation pipeline (see {@link #aggregate(List)}) with the command's {@code let}
   * variables ({@code null} for none), evaluated once with {@code $$NOW}, the engine clock's time
   * when the command starts. Stages that read or write other collections ({@code $lookup}, {@code
   * $graphLookup}, {@code $unionWith}, {@code $out}, {@code $merge}) use this collection's
   * database; {@code $out} and {@code $merge} write on the cursor's first {@code hasNext} (as the
   * driver's cursor runs the pipeline when first read), so read it (or call {@code hasNext}) to
   * write. A first {@code $documents} is refused, as MongoDB refuses it outside a database-level
   * aggregation.
   */
  public MongoLakeCursor<T> aggregate(List<? extends Bson> pipeline, Bson let) {
    return aggregate(pipeline, let, true);
  }

  /**
   * Parses and optimizes {@code pipeline} as {@link #aggregate(List, Bson)} would run it, without
   * running it: for explain, which shows the optimized stages and the find prefix the planner runs.
   * Close it when done.
   */
  public Pipeline parsePipeline(List<? extends Bson> pipeline, Bson let) {
    List<BsonDocument> stages = new ArrayList<>(pipeline.size());
    pipeline.forEach(stage -> stages.add(toBsonDocument(stage)));
    return Pipeline.parse(
        stages,
        EngineAggregationEnvironment.of(
                engine, namespace.database(), let == null ? null : toBsonDocument(let))
            .collatedBy(effectiveCollation()));
  }

  /**
   * Runs an aggregation pipeline (see {@link #aggregate(List, Bson)}); without {@code
   * allowDiskUse}, a blocking stage over its memory limit (100 MiB unless {@link
   * MongoLakeOptions#withAggregationMemoryLimitBytes} says otherwise) fails with
   * QueryExceededMemoryLimitNoDiskUseAllowed instead of spilling to temporary files.
   */
  public MongoLakeCursor<T> aggregate(
      List<? extends Bson> pipeline, Bson let, boolean allowDiskUse) {
    return aggregate(pipeline, let, allowDiskUse, null);
  }

  /**
   * Runs an aggregation pipeline (see {@link #aggregate(List, Bson, boolean)}) answered by {@code
   * host} ({@code host:port}, as {@code $indexStats} reports it; {@code null} for the machine's
   * host name).
   */
  public MongoLakeCursor<T> aggregate(
      List<? extends Bson> pipeline, Bson let, boolean allowDiskUse, String host) {
    List<BsonDocument> stages = new ArrayList<>(pipeline.size());
    pipeline.forEach(stage -> stages.add(toBsonDocument(stage)));
    Optional<ViewCatalog.ResolvedView> view = engine.views().resolve(namespace);
    if (view.isPresent()) {
      if (!stages.isEmpty() && stages.getFirst().containsKey("$indexStats")) {
        throw ViewCatalog.notACollection(namespace);
      }
      Collations.checkViewCollation(collation);
      // The view's pipeline, then the command's, over the collection at the end of the chain.
      List<BsonDocument> resolved = new ArrayList<>(view.get().pipeline());
      resolved.addAll(stages);
      // The view's (simple) collation, not its source collection's, governs the pipeline.
      return new MongoLakeCollection<>(
              view.get().source(),
              documentClass,
              engine,
              bypassDocumentValidation,
              Collation.SIMPLE)
          .aggregate(resolved, let, allowDiskUse, host);
    }
    Pipeline parsed =
        Pipeline.parse(
            stages,
            EngineAggregationEnvironment.of(
                    engine,
                    namespace.database(),
                    let == null ? null : toBsonDocument(let),
                    allowDiskUse)
                .over(namespace.collection(), host)
                .bypassingDocumentValidation(bypassDocumentValidation)
                .collatedBy(effectiveCollation()));
    if (!stages.isEmpty() && stages.getFirst().containsKey("$documents")) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE,
          "'$documents' can only be run with database or cluster-level aggregation");
    }
    Optional<List<BsonDocument>> attachedRows = attachedDocuments(stages);
    if (attachedRows.isPresent()) {
      // The whole pipeline over the table's latest rows: no index or buffer is involved.
      return cursorOver(parsed.run(attachedRows.get().iterator()), parsed::close);
    }
    Pipeline.FindPrefix prefix = parsed.findPrefix();
    BsonDocument letDocument = let == null ? null : toBsonDocument(let);
    Pipeline rest = parsed.drop(prefix.stages());
    Optional<Pipeline.CountGroup> counting = rest.countGroup();
    if (counting.isPresent()) {
      long count = count(prefix.filter(), prefix.skip(), prefix.limit(), letDocument);
      List<BsonDocument> result =
          count == 0
              ? List.of()
              : List.of(
                  new BsonDocument("_id", counting.get().id())
                      .append(counting.get().field(), CountStage.countValue(count)));
      return cursorOver(result.iterator(), parsed::close);
    }
    Optional<String> countField = rest.leadingCount();
    if (countField.isPresent()) {
      // {$count: field} answers as the count of the prefix, then the stages after it run.
      long count = count(prefix.filter(), prefix.skip(), prefix.limit(), letDocument);
      List<BsonDocument> result =
          count == 0
              ? List.of()
              : List.of(new BsonDocument(countField.get(), CountStage.countValue(count)));
      return cursorOver(rest.drop(1).run(result.iterator()), parsed::close);
    }
    Optional<Iterator<BsonDocument>> byColumns = runByColumns(parsed, prefix);
    if (byColumns.isPresent()) {
      return cursorOver(byColumns.get(), parsed::close);
    }
    MongoLakeCursor<BsonDocument> found =
        new MongoLakeFindIterable<BsonDocument>(
                namespace, engine, prefix.filter(), d -> d, this::toBsonDocument)
            .collation(collation)
            .neededPaths(parsed.inputPaths().orElse(null))
            .sort(prefix.sort())
            // A leading $sort runs as the find's: it keeps to the command's allowDiskUse.
            .allowDiskUse(allowDiskUse)
            .skip(prefix.skip())
            .limit(prefix.limit())
            .iterator();
    Iterator<BsonDocument> results = parsed.drop(prefix.stages()).run(found);
    return cursorOver(
        results,
        () -> {
          found.close();
          // Temporary files of stages that spilled.
          parsed.close();
        });
  }

  /**
   * The pipeline's results when its leading {@code $group} runs over column batches (see {@link
   * Pipeline#runColumnar}): when the prefix's filter reads the table's files (no index or {@code
   * _id} serves it) and every path the filter and the group read is a scalar promoted column. Empty
   * when the pipeline must run by rows.
   */
  private Optional<Iterator<BsonDocument>> runByColumns(
      Pipeline parsed, Pipeline.FindPrefix prefix) {
    if (!effectiveCollation().isSimple()) {
      // Column batches group and compare promoted values by their bytes.
      return Optional.empty();
    }
    Optional<GroupByColumns> plan = groupByColumns(parsed, prefix);
    if (plan.isEmpty()) {
      return Optional.empty();
    }
    Optional<ColumnarSource> source =
        engine
            .reads()
            .columnarRead(
                namespace,
                engine.reads().readSequence(),
                plan.get().filter(),
                plan.get().columns());
    if (source.isEmpty()) {
      return Optional.empty();
    }
    try (ColumnarSource read = source.get()) {
      return parsed.runColumnar(prefix, plan.get().filter(), read);
    } catch (dev.mongolake.delta.exceptions.QueryException e) {
      throw QueryErrors.translate(e);
    }
  }

  /** A leading {@code $group} that runs by columns: the prefix's filter and the columns read. */
  private record GroupByColumns(Filter filter, List<String> columns) {}

  /**
   * Whether the stages after {@code prefix} begin with a {@code $group} that runs by columns: the
   * prefix's filter reads the table's files (no index or {@code _id} serves it) and every path the
   * filter and the group read is a scalar promoted column of the table.
   */
  private Optional<GroupByColumns> groupByColumns(Pipeline parsed, Pipeline.FindPrefix prefix) {
    if (!engine.plans().readsTable(namespace, prefix.filter(), prefix.sort())) {
      return Optional.empty();
    }
    Filter filter;
    try {
      filter = prefix.filter().isEmpty() ? null : Filter.parse(prefix.filter());
    } catch (RuntimeException e) {
      // The row path parses it with the expression language and reports what is wrong.
      return Optional.empty();
    }
    return parsed
        .columnarColumns(prefix, filter)
        .filter(columns -> engine.plans().readsColumns(namespace, columns))
        .map(columns -> new GroupByColumns(filter, columns));
  }

  /**
   * The promoted columns {@code pipeline}'s leading stages would read by column batches if it ran
   * now (a leading {@code $group}, a count, or a sort with a limit; see docs/aggregation.md), for
   * explain; empty when they read documents.
   */
  public Optional<List<String>> columnarColumns(List<? extends Bson> pipeline, Bson let) {
    if (readsByPipeline()) {
      return Optional.empty();
    }
    try (Pipeline parsed = parsePipeline(pipeline, let)) {
      Pipeline.FindPrefix prefix = parsed.findPrefix();
      Pipeline rest = parsed.drop(prefix.stages());
      if (rest.countGroup().isPresent() || rest.leadingCount().isPresent()) {
        return prefix.skip() == 0 && prefix.limit() == 0 && let == null
            ? countColumns(prefix.filter())
            : Optional.empty();
      }
      Optional<GroupByColumns> group = groupByColumns(parsed, prefix);
      if (group.isPresent()) {
        return Optional.of(group.get().columns());
      }
      return find(prefix.filter())
          .sort(prefix.sort())
          .skip(prefix.skip())
          .limit(prefix.limit())
          .let(let)
          .columnarColumns();
    }
  }

  /**
   * The promoted columns a count of {@code filter} reads by column batches (see {@link #count(Bson,
   * int, int)}), for explain; empty when it reads documents.
   */
  public Optional<List<String>> countColumns(Bson filter) {
    BsonDocument query = toBsonDocument(filter);
    if (query.isEmpty() || readsByPipeline()) {
      return Optional.empty();
    }
    try (Pipeline counting = countingPipeline(query)) {
      return groupByColumns(counting, counting.findPrefix()).map(GroupByColumns::columns);
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private Pipeline countingPipeline(BsonDocument filter) {
    return parsePipeline(
        List.of(
            new BsonDocument("$match", filter),
            BsonDocument.parse("{$group: {_id: null, n: {$sum: 1}}}")),
        null);
  }

  /**
   * Whether reads of this name run as a pipeline over documents that are not a collection's: a
   * view's, or an attached Delta table's rows.
   */
  private boolean readsByPipeline() {
    return engine.views().isView(namespace) || engine.attached().isAttached(namespace);
  }

  /** Refuses {@code action} when this name is an attached read-only Delta table. */
  private void refuseAttached(String action) {
    if (engine.attached().isAttached(namespace)) {
      throw AttachedTables.readOnly(action, namespace);
    }
  }

  /**
   * The rows of the attached table this name is, read at its latest version, for a pipeline of
   * {@code stages}; empty for any other name.
   */
  private Optional<List<BsonDocument>> attachedDocuments(List<BsonDocument> stages) {
    if (!engine.attached().isAttached(namespace)) {
      return Optional.empty();
    }
    if (!stages.isEmpty() && stages.getFirst().containsKey("$indexStats")) {
      throw AttachedTables.readOnly("read index statistics of", namespace);
    }
    if (engine.readsThePast()) {
      // The lake's history does not hold the table's versions: its writer's log does.
      throw new MongoLakeException(
          ErrorCode.SNAPSHOT_UNAVAILABLE,
          "Cannot read "
              + namespace.fullName()
              + " at a past point in time: it is an attached Delta table, read at its latest"
              + " version");
    }
    // The table's versions are not the transaction's snapshot: refused, never read as of now.
    engine.refuseInTransaction("read attached Delta table " + namespace.fullName());
    return engine.attached().documents(namespace, engine.aggregationMemoryLimitBytes() / 4);
  }

  private MongoLakeCursor<T> cursorOver(Iterator<BsonDocument> results, Runnable onClose) {
    return new MongoLakeCursor<>() {
      @Override
      public boolean hasNext() {
        boolean more;
        try {
          more = results.hasNext();
        } catch (RuntimeException e) {
          close();
          throw e;
        }
        if (!more) {
          close();
        }
        return more;
      }

      @Override
      public T next() {
        return decode(results.next());
      }

      @Override
      public void close() {
        onClose.run();
      }
    };
  }

  /**
   * The distinct values of {@code fieldName} among the documents matching {@code filter}, in BSON
   * order; array values contribute their elements.
   */
  public <R> List<R> distinct(String fieldName, Bson filter, Class<R> resultClass) {
    if (fieldName == null || fieldName.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "FieldPath cannot be constructed with empty string");
    }
    boolean view = engine.views().isView(namespace);
    if (view) {
      Collations.checkViewCollation(collation);
    }
    DistinctValues distinct =
        new DistinctValues(
            fieldName, view ? Collation.SIMPLE.order() : effectiveCollation().order());
    try (MongoLakeCursor<BsonDocument> documents =
        new MongoLakeFindIterable<>(
                namespace, engine, toBsonDocument(filter), d -> d, this::toBsonDocument)
            .collation(collation)
            .iterator()) {
      documents.forEachRemaining(distinct::add);
    }
    List<R> out = new ArrayList<>();
    for (BsonValue value : distinct.values()) {
      out.add(decodeValue(value, resultClass));
    }
    return out;
  }

  /**
   * Decodes one value as {@code resultClass}: with its codec when there is one, else as the Java
   * value a {@link Document} would hold (so {@code Object} and {@code Number} work as in the
   * driver).
   */
  private static <R> R decodeValue(BsonValue value, Class<R> resultClass) {
    BsonDocument holder = new BsonDocument("v", value);
    Codec<R> codec;
    try {
      codec = CODECS.get(resultClass);
    } catch (CodecConfigurationException e) {
      Document decoded =
          CODECS
              .get(Document.class)
              .decode(new BsonDocumentReader(holder), DecoderContext.builder().build());
      return resultClass.cast(decoded.get("v"));
    }
    BsonDocumentReader reader = new BsonDocumentReader(holder);
    reader.readStartDocument();
    reader.readName();
    return codec.decode(reader, DecoderContext.builder().build());
  }

  // ---- updates and deletes ----

  public UpdateResult updateOne(Bson filter, Bson update) {
    return updateOne(filter, update, new UpdateOptions());
  }

  /**
   * Updates the first match, or with the options' {@code sort} (MongoDB 8.0) the first match in
   * that order; {@code upsert}, {@code arrayFilters} and {@code let} as the driver's.
   */
  public UpdateResult updateOne(Bson filter, Bson update, UpdateOptions options) {
    return update(filter, toBsonDocument(update), false, options);
  }

  public UpdateResult updateMany(Bson filter, Bson update) {
    return updateMany(filter, update, new UpdateOptions());
  }

  /**
   * Updates every match; options as {@link #updateOne(Bson, Bson, UpdateOptions)}, but a {@code
   * sort} is refused (FailedToParse), as MongoDB refuses it with {@code multi}.
   */
  public UpdateResult updateMany(Bson filter, Bson update, UpdateOptions options) {
    return update(filter, toBsonDocument(update), true, options);
  }

  /**
   * Updates the first match with a pipeline of {@code $addFields}/{@code $set}, {@code $project},
   * {@code $unset}, {@code $replaceRoot}/{@code $replaceWith} stages: what the pipeline outputs
   * replaces the document (its {@code _id} may not change).
   */
  public UpdateResult updateOne(Bson filter, List<? extends Bson> pipeline) {
    return updateOne(filter, pipeline, new UpdateOptions());
  }

  /** {@link #updateOne(Bson, List)} with options ({@code upsert}). */
  public UpdateResult updateOne(Bson filter, List<? extends Bson> pipeline, UpdateOptions options) {
    return update(filter, updateOf(null, pipeline), false, options);
  }

  /** Updates every match with a pipeline; see {@link #updateOne(Bson, List)}. */
  public UpdateResult updateMany(Bson filter, List<? extends Bson> pipeline) {
    return updateMany(filter, pipeline, new UpdateOptions());
  }

  /** {@link #updateMany(Bson, List)} with options ({@code upsert}). */
  public UpdateResult updateMany(
      Bson filter, List<? extends Bson> pipeline, UpdateOptions options) {
    return update(filter, updateOf(null, pipeline), true, options);
  }

  public UpdateResult replaceOne(Bson filter, T replacement) {
    return replaceOne(filter, replacement, new ReplaceOptions());
  }

  /**
   * Replaces the first match (in the options' {@code sort} order, when given) with {@code
   * replacement}; the options' {@code let} variables are visible to {@code $expr}.
   */
  public UpdateResult replaceOne(Bson filter, T replacement, ReplaceOptions options) {
    refuseAttached("update");
    WriteOutcome outcome =
        writes(options.getBypassDocumentValidation())
            .update(
                namespace,
                toBsonDocument(filter),
                toBsonDocument(replacement),
                false,
                options.isUpsert(),
                List.of(),
                letOf(options.getLet()),
                sortOf(options.getSort()),
                requested(options.getCollation()));
    return UpdateResult.acknowledged(outcome.matched(), outcome.modified(), outcome.upsertedId());
  }

  /**
   * Runs the operations in request order; see {@link #bulkWrite(List, BulkWriteOptions)}.
   *
   * @throws MongoLakeBulkWriteException when any operation failed
   */
  public BulkWriteResult bulkWrite(List<? extends WriteModel<? extends T>> requests) {
    return bulkWrite(requests, new BulkWriteOptions());
  }

  /**
   * Runs inserts, updates, replacements and deletes in request order, each as its own method would.
   * Ordered (the default) stops at the first failure; unordered runs every operation.
   *
   * @throws MongoLakeBulkWriteException when any operation failed, with what the others did
   */
  public BulkWriteResult bulkWrite(
      List<? extends WriteModel<? extends T>> requests, BulkWriteOptions options) {
    refuseAttached("write to");
    MongoLakeCollection<T> target =
        Boolean.TRUE.equals(options.getBypassDocumentValidation())
            ? bypassingDocumentValidation()
            : this;
    return new BulkWriteRun<>(target, options.isOrdered()).run(requests);
  }

  /** An update document, or a pipeline as an array of stages. */
  static BsonValue updateOf(Bson update, List<? extends Bson> pipeline) {
    if (update != null) {
      return update.toBsonDocument(BsonDocument.class, CODECS);
    }
    BsonArray stages = new BsonArray();
    pipeline.forEach(stage -> stages.add(stage.toBsonDocument(BsonDocument.class, CODECS)));
    return stages;
  }

  UpdateResult updateWith(Bson filter, BsonValue update, boolean multi, UpdateOptions options) {
    return update(filter, update, multi, options == null ? new UpdateOptions() : options);
  }

  private UpdateResult update(Bson filter, BsonValue update, boolean multi, UpdateOptions options) {
    refuseAttached("update");
    List<BsonDocument> arrayFilters = new ArrayList<>();
    if (options.getArrayFilters() != null) {
      options.getArrayFilters().forEach(f -> arrayFilters.add(toBsonDocument(f)));
    }
    WriteOutcome outcome =
        writes(options.getBypassDocumentValidation())
            .update(
                namespace,
                toBsonDocument(filter),
                update,
                multi,
                options.isUpsert(),
                arrayFilters,
                letOf(options.getLet()),
                sortOf(options.getSort()),
                requested(options.getCollation()));
    return UpdateResult.acknowledged(outcome.matched(), outcome.modified(), outcome.upsertedId());
  }

  /** An update's {@code sort} ({@code null} when it has none, which is not an empty one). */
  private BsonDocument sortOf(Bson sort) {
    return sort == null ? null : toBsonDocument(sort);
  }

  public DeleteResult deleteOne(Bson filter) {
    return deleteOne(filter, new DeleteOptions());
  }

  /** Deletes the first match; the options' {@code let} variables are visible to {@code $expr}. */
  public DeleteResult deleteOne(Bson filter, DeleteOptions options) {
    refuseAttached("delete from");
    return DeleteResult.acknowledged(
        engine
            .writes()
            .delete(
                namespace,
                toBsonDocument(filter),
                false,
                letOf(options.getLet()),
                requested(options.getCollation()))
            .matched());
  }

  public DeleteResult deleteMany(Bson filter) {
    return deleteMany(filter, new DeleteOptions());
  }

  /** Deletes every match; the options' {@code let} variables are visible to {@code $expr}. */
  public DeleteResult deleteMany(Bson filter, DeleteOptions options) {
    refuseAttached("delete from");
    return DeleteResult.acknowledged(
        engine
            .writes()
            .delete(
                namespace,
                toBsonDocument(filter),
                true,
                letOf(options.getLet()),
                requested(options.getCollation()))
            .matched());
  }

  /** A command's {@code let} document ({@code {}} when it has none). */
  private BsonDocument letOf(Bson let) {
    return let == null ? new BsonDocument() : toBsonDocument(let);
  }

  /** Atomically updates the first match (in the options' sort order) and returns it. */
  public T findOneAndUpdate(Bson filter, Bson update) {
    return findOneAndUpdate(filter, update, new FindOneAndUpdateOptions());
  }

  /**
   * Atomically updates the first match (in the options' sort order) and returns it as it was
   * before, or after with {@code returnDocument(AFTER)}; {@code null} if nothing matched.
   */
  public T findOneAndUpdate(Bson filter, Bson update, FindOneAndUpdateOptions options) {
    List<BsonDocument> arrayFilters = new ArrayList<>();
    if (options.getArrayFilters() != null) {
      options.getArrayFilters().forEach(f -> arrayFilters.add(toBsonDocument(f)));
    }
    return forWrite(options.getBypassDocumentValidation())
        .findOneAndModify(
            filter,
            options.getSort(),
            toBsonDocument(update),
            options.getReturnDocument() == ReturnDocument.AFTER,
            options.isUpsert(),
            arrayFilters,
            options.getProjection(),
            options.getLet(),
            options.getCollation());
  }

  /**
   * Atomically updates the first match with a pipeline (see {@link #updateOne(Bson, List)}) and
   * returns it, before or after as the options say.
   */
  public T findOneAndUpdate(
      Bson filter, List<? extends Bson> pipeline, FindOneAndUpdateOptions options) {
    return forWrite(options.getBypassDocumentValidation())
        .findOneAndModify(
            filter,
            options.getSort(),
            updateOf(null, pipeline),
            options.getReturnDocument() == ReturnDocument.AFTER,
            options.isUpsert(),
            List.of(),
            options.getProjection(),
            options.getLet(),
            options.getCollation());
  }

  /** Atomically replaces the first match and returns it (before, unless asked for after). */
  public T findOneAndReplace(Bson filter, T replacement, FindOneAndReplaceOptions options) {
    return forWrite(options.getBypassDocumentValidation())
        .findOneAndModify(
            filter,
            options.getSort(),
            toBsonDocument(replacement),
            options.getReturnDocument() == ReturnDocument.AFTER,
            options.isUpsert(),
            List.of(),
            options.getProjection(),
            options.getLet(),
            options.getCollation());
  }

  /** Atomically deletes the first match (in the options' sort order) and returns it. */
  public T findOneAndDelete(Bson filter, FindOneAndDeleteOptions options) {
    return findOneAndModify(
        filter,
        options.getSort(),
        null,
        false,
        false,
        List.of(),
        options.getProjection(),
        options.getLet(),
        options.getCollation());
  }

  private T findOneAndModify(
      Bson filter,
      Bson sort,
      BsonValue update,
      boolean returnNew,
      boolean upsert,
      List<BsonDocument> arrayFilters,
      Bson projection,
      Bson let,
      com.mongodb.client.model.Collation collation) {
    return findAndModify(
            filter,
            sort,
            update,
            returnNew,
            upsert,
            arrayFilters,
            projection,
            let,
            requested(collation))
        .document();
  }

  /**
   * The general form behind the {@code findOneAnd*} methods, with the whole outcome.
   *
   * @param update an update operator document or a replacement; {@code null} deletes the match
   * @param returnNew return the document after the change instead of before
   */
  public FindAndModifyResult<T> findAndModify(
      Bson filter,
      Bson sort,
      BsonValue update,
      boolean returnNew,
      boolean upsert,
      List<BsonDocument> arrayFilters,
      Bson projection) {
    return findAndModify(filter, sort, update, returnNew, upsert, arrayFilters, projection, null);
  }

  /**
   * {@link #findAndModify(Bson, Bson, BsonValue, boolean, boolean, List, Bson)} with the command's
   * {@code let} variables ({@code null} for none), visible to {@code $expr} and pipeline updates.
   */
  public FindAndModifyResult<T> findAndModify(
      Bson filter,
      Bson sort,
      BsonValue update,
      boolean returnNew,
      boolean upsert,
      List<BsonDocument> arrayFilters,
      Bson projection,
      Bson let) {
    return findAndModify(
        filter, sort, update, returnNew, upsert, arrayFilters, projection, let, collation);
  }

  /**
   * {@link #findAndModify(Bson, Bson, BsonValue, boolean, boolean, List, Bson, Bson)} comparing
   * strings by {@code collation} (null: the collection's default) in its filter, sort and update.
   */
  public FindAndModifyResult<T> findAndModify(
      Bson filter,
      Bson sort,
      BsonValue update,
      boolean returnNew,
      boolean upsert,
      List<BsonDocument> arrayFilters,
      Bson projection,
      Bson let,
      Collation collation) {
    refuseAttached("findAndModify");
    FindAndModifyOutcome outcome =
        writes(null)
            .findAndModify(
                namespace,
                toBsonDocument(filter),
                sort == null ? new BsonDocument() : toBsonDocument(sort),
                update,
                returnNew,
                upsert,
                arrayFilters,
                letOf(let),
                collation);
    T document = null;
    if (outcome.document() != null) {
      Projection projector =
          Projection.forFind(
              projection == null ? null : toBsonDocument(projection), toBsonDocument(filter));
      document =
          decode(projector == null ? outcome.document() : projector.apply(outcome.document()));
    }
    return new FindAndModifyResult<>(document, outcome.updatedExisting(), outcome.upsertedId());
  }

  /**
   * What a findAndModify returned when it first ran, as a retry of it answers (see {@link
   * RetryableWrites}): the document it kept, projected as {@code projection} asks.
   */
  public FindAndModifyResult<T> findAndModifyResult(
      ExecutedStatement executed, Bson filter, Bson projection) {
    T document = null;
    if (executed.image() != null) {
      Projection projector =
          Projection.forFind(
              projection == null ? null : toBsonDocument(projection), toBsonDocument(filter));
      document = decode(projector == null ? executed.image() : projector.apply(executed.image()));
    }
    boolean upserted = executed.kind() == ExecutedStatement.Kind.INSERTED;
    return new FindAndModifyResult<>(document, !upserted, upserted ? executed.documentId() : null);
  }

  // ---- indexes ----

  /** Creates an ascending/descending index on {@code keys}; returns its name. */
  public String createIndex(Bson keys) {
    return createIndex(keys, new IndexOptions());
  }

  /**
   * Creates an index, as the driver's {@code createIndex}: building it over the existing documents
   * (a unique index over duplicates fails with DuplicateKey); re-creating an identical index does
   * nothing; a different index under the same name or the same keys under another name fails
   * (IndexKeySpecsConflict, IndexOptionsConflict). Returns its name.
   */
  public String createIndex(Bson keys, IndexOptions options) {
    return createIndexes(List.of(new IndexModel(keys, options))).getFirst();
  }

  /** Creates several indexes at once; returns their names in request order. */
  public List<String> createIndexes(List<IndexModel> indexes) {
    List<BsonDocument> specs = new ArrayList<>(indexes.size());
    for (IndexModel model : indexes) {
      specs.add(indexSpec(model));
    }
    createIndexSpecs(specs);
    return specs.stream().map(spec -> spec.getString("name").getValue()).toList();
  }

  /**
   * {@code collMod}'s index change: {@code index} names an index ({@code name} or {@code
   * keyPattern}) and gives its new {@code expireAfterSeconds}, {@code hidden}, or both.
   */
  public IndexChange modifyIndex(BsonDocument index) {
    refuseAttached("modify an index of");
    return engine.indexes().modify(namespace, index);
  }

  /** Hides an index from the query planner (mongosh's {@code hideIndex}); it is still kept up. */
  public void hideIndex(String name) {
    modifyIndex(new BsonDocument("name", new BsonString(name)).append("hidden", BsonBoolean.TRUE));
  }

  /** Lets the query planner use a hidden index again. */
  public void unhideIndex(String name) {
    modifyIndex(new BsonDocument("name", new BsonString(name)).append("hidden", BsonBoolean.FALSE));
  }

  /**
   * Creates indexes given in the {@code createIndexes} command's form ({@code {key, name?, unique?,
   * sparse?, partialFilterExpression?, expireAfterSeconds?}}).
   */
  public IndexesCreated createIndexSpecs(List<BsonDocument> specs) {
    refuseAttached("create indexes on");
    return engine.indexes().create(namespace, specs);
  }

  private BsonDocument indexSpec(IndexModel model) {
    BsonDocument keys = toBsonDocument(model.getKeys());
    IndexOptions options = model.getOptions();
    BsonDocument spec = new BsonDocument("key", keys);
    spec.append(
        "name",
        new BsonString(
            options.getName() != null
                ? options.getName()
                : dev.mongolake.internal.index.IndexSpecParser.defaultName(keys)));
    if (options.isUnique()) {
      spec.append("unique", BsonBoolean.TRUE);
    }
    if (options.isSparse()) {
      spec.append("sparse", BsonBoolean.TRUE);
    }
    if (options.getPartialFilterExpression() != null) {
      spec.append("partialFilterExpression", toBsonDocument(options.getPartialFilterExpression()));
    }
    if (options.getExpireAfter(TimeUnit.SECONDS) != null) {
      spec.append("expireAfterSeconds", new BsonInt64(options.getExpireAfter(TimeUnit.SECONDS)));
    }
    if (options.isHidden()) {
      spec.append("hidden", BsonBoolean.TRUE);
    }
    if (options.getCollation() != null) {
      spec.append("collation", options.getCollation().asDocument());
    }
    return spec;
  }

  /**
   * The index definitions, {@code _id_} first; NamespaceNotFound if the collection does not exist.
   */
  /**
   * Each index with how often the query planner read through it since the engine opened or the
   * index was created ({@code $indexStats}); empty when the collection does not exist.
   *
   * @throws MongoLakeException CommandNotSupportedOnView for a view
   */
  public List<IndexAccesses> indexAccesses() {
    if (engine.views().isView(namespace)) {
      throw ViewCatalog.notACollection(namespace);
    }
    return engine.plans().indexAccesses(namespace);
  }

  public List<BsonDocument> listIndexes() {
    return engine.indexes().list(namespace);
  }

  /** Drops an index by name ({@code _id_} cannot be dropped: InvalidOptions). */
  public void dropIndex(String name) {
    refuseAttached("drop an index of");
    engine.indexes().dropByName(namespace, name);
  }

  /** Drops the index with this key pattern. */
  public void dropIndex(Bson keys) {
    engine.indexes().dropByKeys(namespace, toBsonDocument(keys));
  }

  /** Drops every index but {@code _id_}; returns how many indexes there were before. */
  public int dropIndexes() {
    return engine.indexes().dropAll(namespace);
  }

  /**
   * The index a query with this filter and sort would read through now, or {@code null} for a
   * collection scan.
   */
  public BsonDocument plannedIndex(Bson filter, Bson sort) {
    return engine
        .plans()
        .plannedIndex(
            namespace,
            toBsonDocument(filter),
            sort == null ? new BsonDocument() : toBsonDocument(sort))
        .map(dev.mongolake.internal.index.IndexSpec::toDocument)
        .orElse(null);
  }

  /**
   * Matches documents as this collection's queries match {@code filter} ({@code $expr} included,
   * with {@code $$NOW} the time of the call and no {@code let}): for tools that replay a query,
   * such as explain. Thread-safe.
   *
   * @throws MongoLakeException when the filter is invalid, with MongoDB's code
   */
  public java.util.function.Predicate<BsonDocument> matcher(Bson filter) {
    dev.mongolake.delta.query.Filter parsed = QueryErrors.parseFilter(toBsonDocument(filter));
    return document -> QueryErrors.matches(parsed, document);
  }

  /**
   * The collection's Delta table (history, versions, files), once a flush created it: the engine's
   * own instance, which knows where the table lives and caches its latest snapshot.
   */
  public Optional<DocumentTable> table() {
    return engine.catalog().table(namespace);
  }

  /**
   * What reading the collection's table for {@code filter} costs, for explain: with {@code read}
   * false only the files its statistics rule out (no I/O), with {@code read} true the files, row
   * groups and rows a filtered read touches. Empty before the first flush.
   */
  public Optional<ScanMetrics> tableScanMetrics(Bson filter, boolean read) {
    return engine.plans().tableScanMetrics(namespace, toBsonDocument(filter), read);
  }

  /**
   * Compacts the collection's small table files into files of the target size (Delta's {@code
   * OPTIMIZE}); flushes also do it once small files pile up. Documents and history are unchanged.
   */
  public OptimizeResult compactFiles() {
    return engine.flusher().compactFiles(namespace);
  }

  /**
   * Deletes (or, when {@code dryRun}, lists) the collection's table files that no current version
   * lists and that have been unreferenced for longer than {@code retention} ({@code null}: the
   * lake's, 7 days by default); files an open cursor still reads are kept. Deleted files take the
   * history before them with them: past versions that listed them can no longer be read.
   *
   * @param force allow a retention shorter than the lake's
   * @throws MongoLakeException {@code InvalidOptions} for a retention shorter than the lake's
   *     without {@code force}, {@code BadValue} for a negative one
   */
  public dev.mongolake.delta.VacuumResult vacuum(
      java.time.Duration retention, boolean dryRun, boolean force) {
    return engine.vacuum().vacuum(namespace, retention, dryRun, force);
  }

  /**
   * Drops the collection with its documents, or the view of this name; an attached Delta table is
   * detached, its files left as they are.
   */
  public void drop() {
    engine.refuseInTransaction("drop a collection");
    if (engine.attached().isAttached(namespace)) {
      engine.detachTable(namespace);
      return;
    }
    if (engine.catalog().dropView(namespace)) {
      return;
    }
    engine.catalog().dropCollection(namespace);
  }

  /**
   * Renames the collection, also into another database, as MongoDB's {@code renameCollection} does;
   * see {@link #renameCollection(MongoNamespace, RenameCollectionOptions)}.
   */
  public void renameCollection(MongoNamespace newName) {
    renameCollection(newName, new RenameCollectionOptions());
  }

  /**
   * Renames the collection, with its documents (flushed or not) and indexes, returning once the
   * rename is durable; with {@code dropTarget}, a collection already named {@code newName} is
   * dropped first. The table files stay where they are. This object keeps naming the old name, as
   * the driver's does.
   *
   * @throws MongoLakeException InvalidNamespace for an invalid new name, IllegalOperation "Can't
   *     rename a collection to itself", NamespaceNotFound "Source collection db.coll does not
   *     exist", NamespaceExists "target namespace exists" (without {@code dropTarget})
   */
  public void renameCollection(MongoNamespace newName, RenameCollectionOptions options) {
    engine.refuseInTransaction("rename a collection");
    refuseAttached("rename");
    Namespace target = new Namespace(newName.getDatabaseName(), newName.getCollectionName());
    engine.catalog().renameCollection(namespace, target, options.isDropTarget());
  }

  /** A change stream on this collection from now (see {@link MongoLakeChangeStream}). */
  public MongoLakeChangeStream watch() {
    return watch(java.util.List.of(), ChangeStreamOptions.defaults());
  }

  /**
   * A change stream on this collection: its events shaped by {@code pipeline} (only the stages
   * MongoDB allows after {@code $changeStream}), starting as {@code options} say.
   *
   * @throws MongoLakeException ChangeStreamHistoryLost for a start the log no longer holds,
   *     IllegalOperation for a stage not allowed in a change stream, or on an attached Delta table
   *     (its writer's commits are not in the lake's log)
   */
  public MongoLakeChangeStream watch(
      java.util.List<? extends org.bson.conversions.Bson> pipeline, ChangeStreamOptions options) {
    refuseAttached("watch");
    return MongoLakeChangeStream.open(
        engine,
        dev.mongolake.internal.changestream.ChangeStreamScope.of(namespace),
        pipeline,
        options);
  }
}
