package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.FlushProgress;
import dev.mongolake.IndexAccesses;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.aggregate.AggregationEnvironment;
import dev.mongolake.aggregate.ColumnarSource;
import dev.mongolake.aggregate.internal.PipelineContext;
import dev.mongolake.daktilo.CorruptionException;
import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.daktilo.LogEntry;
import dev.mongolake.daktilo.LogInUseException;
import dev.mongolake.daktilo.TornTail;
import dev.mongolake.delta.TableAlreadyExistsException;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.query.QueryException;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.DocumentTableConfig;
import dev.mongolake.delta.table.OptimizeResult;
import dev.mongolake.delta.table.ScanMetrics;
import dev.mongolake.delta.table.TableChanges;
import dev.mongolake.internal.buffer.BufferedDocument;
import dev.mongolake.internal.index.DuplicateKeys;
import dev.mongolake.internal.index.IndexCatalogFile;
import dev.mongolake.internal.index.IndexKey;
import dev.mongolake.internal.index.IndexPlan;
import dev.mongolake.internal.index.IndexPlanner;
import dev.mongolake.internal.index.IndexSpec;
import dev.mongolake.internal.index.IndexSpecParser;
import dev.mongolake.internal.index.IndexUsage;
import dev.mongolake.internal.index.SecondaryIndex;
import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WalRecordCodec;
import dev.mongolake.internal.wal.WriteAheadLog;
import dev.mongolake.update.PositionalMatch;
import dev.mongolake.update.Replacement;
import dev.mongolake.update.Update;
import dev.mongolake.update.UpdateContext;
import dev.mongolake.update.UpdateOptions;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The storage engine: every change goes to the write-ahead log, then into its collection's buffer;
 * reads see the buffer as of the durable watermark (so a reader never sees a change that a crash
 * could still undo). Restart replays the log.
 *
 * <p>Thread-safe. Writers of one collection are serialized by its lock; writers of different
 * collections run in parallel and share the log's group commit; readers take no lock.
 */
public final class Engine implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Engine.class);
  // Its own logger name, so that recovery can be told apart (the server's JSON log says RECOVERY).
  private static final Logger RECOVERY_LOG =
      LoggerFactory.getLogger(Engine.class.getName() + ".recovery");

  /** The idempotent-writer id under which flushes record the log sequence a table holds. */
  static final String FLUSH_WRITER_ID = "mongolake-wal";

  private final Path root;
  private final Storage storage;
  private final TableCatalog tables;
  private final Function<Namespace, DocumentTableConfig> tableConfigs;
  private final WriteAheadLog wal;
  private final Clock clock;
  private final ConcurrentMap<Namespace, CollectionState> collections = new ConcurrentHashMap<>();
  private final ReaderPins pins = new ReaderPins();
  private final AtomicLong filesReadFromColumns = new AtomicLong();
  private final Object flushLock = new Object();
  private volatile WriteStall writeStall = WriteStall.NONE;
  // Set once at open from the lake's options; MongoDB's 100 MiB until then.
  private volatile long aggregationMemoryLimitBytes = 100L * 1024 * 1024;
  private final IndexCatalogOperations indexCatalog;
  private final CollectionRenames renames;
  private final PersistedIndexes indexFiles;
  private final ViewCatalog views;

  private Engine(
      Path root,
      Storage storage,
      TableCatalog tables,
      Function<Namespace, DocumentTableConfig> tableConfigs,
      WriteAheadLog wal,
      Clock clock) {
    this.root = root;
    this.tableConfigs = tableConfigs;
    this.storage = storage;
    this.tables = tables;
    this.wal = wal;
    this.clock = clock;
    this.indexCatalog = new IndexCatalogOperations(this, wal);
    this.renames =
        new CollectionRenames(
            collections, wal, tables, this::flushCollection, this::apply, this::checkpointLog);
    this.indexFiles = new PersistedIndexes(storage);
    this.views = ViewCatalog.load(storage);
  }

  /** The read-only views of every database. */
  public ViewCatalog views() {
    return views;
  }

  /**
   * Adds a view (its pipeline already validated by the caller).
   *
   * @throws MongoLakeException NamespaceExists when a collection or view has the name,
   *     GraphContainsCycle or ViewDepthLimitExceeded for a chain MongoDB refuses
   */
  public void createView(ViewDefinition view) {
    synchronized (collections) {
      views.create(view, collections::containsKey);
    }
  }

  /** Gives a view another source and pipeline (see {@link ViewCatalog#modify}). */
  public void modifyView(ViewDefinition view) {
    views.modify(view);
  }

  /** Removes a view; whether it existed. */
  public boolean dropView(Namespace namespace) {
    return views.drop(namespace);
  }

  /** MongoDB's refusal of a write or index change on a view. */
  public static MongoLakeException notACollection(Namespace namespace) {
    return new MongoLakeException(
        ErrorCode.COMMAND_NOT_SUPPORTED_ON_VIEW,
        "Namespace " + namespace.fullName() + " is a view, not a collection");
  }

  private void refuseView(Namespace namespace) {
    if (views.isView(namespace)) {
      throw notACollection(namespace);
    }
  }

  /** The time source for {@code $currentDate}, timestamps, TTL and {@code $$NOW}. */
  public Clock clock() {
    return clock;
  }

  /** The collection's Delta table, once a flush created it. */
  public Optional<DocumentTable> table(Namespace namespace) {
    CollectionState state = collections.get(namespace);
    return state == null ? Optional.empty() : Optional.ofNullable(state.table());
  }

  /** The storage holding the collections' tables (owned by the engine: do not close it). */
  public Storage tableStorage() {
    return storage;
  }

  /** createIndexes, listIndexes and dropIndexes. */
  public IndexCatalogOperations indexes() {
    return indexCatalog;
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
    pins.pin(view.floor());
    try (var scan =
        view.snapshot().scan(withImplications(filter, QueryErrors.parseFilter(filter)))) {
      while (read && scan.hasNext()) {
        scan.next();
      }
      return Optional.of(scan.metrics());
    } finally {
      pins.unpin(view.floor());
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
            state.indexes().all(), ExprImplications.forPlanning(filter), sort, snapshot())
        .map(plan -> plan.index().spec());
  }

  /**
   * Whether {@link #columnarRead} of {@code columns} would read the collection by columns now: it
   * has a table, and no path is inside {@code _id}.
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

  /**
   * Opens (or creates) the engine's files under {@code root}: finds the collections' tables, then
   * replays the log records that the tables do not hold yet.
   */
  public static Engine open(Path root, Durability durability, Clock clock) {
    return open(root, null, namespace -> DocumentTableConfig.defaults(), durability, clock);
  }

  /**
   * Opens (or creates) an engine whose log is under {@code root} and whose tables are at {@code
   * tablesLocation} ({@code s3://bucket/prefix?endpoint=...}, {@code memory://}, a path), or also
   * under {@code root} when it is {@code null}. The log stays on local disk either way: its
   * group-committed syncs are what makes a write durable before it reaches a table. New tables take
   * their config from {@code tableConfigs}; existing ones keep theirs.
   */
  public static Engine open(
      Path root,
      String tablesLocation,
      Function<Namespace, DocumentTableConfig> tableConfigs,
      Durability durability,
      Clock clock) {
    return open(root, tablesLocation, tableConfigs, durability, clock, false);
  }

  /**
   * As {@link #open(Path, String, Function, Durability, Clock)}; {@code acceptTableLoss} opens
   * tables found behind the version the trimmed log relied on (see {@link CommittedTableVersions})
   * with a warning, where otherwise opening fails naming them.
   */
  public static Engine open(
      Path root,
      String tablesLocation,
      Function<Namespace, DocumentTableConfig> tableConfigs,
      Durability durability,
      Clock clock,
      boolean acceptTableLoss) {
    Storage storage =
        tablesLocation == null ? new FileSystemStorage(root) : Storage.create(tablesLocation);
    TableCatalog tables =
        new TableCatalog(storage, storage instanceof FileSystemStorage local ? local.root() : null);
    Daktilo log;
    try {
      log =
          Daktilo.open(
              root.resolve(Namespace.RESERVED_LOG_FOLDER),
              DaktiloOptions.defaults().withDurability(durability));
    } catch (LogInUseException e) {
      storage.close();
      throw new MongoLakeException(
          ErrorCode.DB_PATH_IN_USE,
          "Cannot start: the data folder "
              + root.toAbsolutePath().normalize()
              + " is in use by another MongoLake process (lock file "
              + e.lockFile().toAbsolutePath().normalize()
              + ")",
          e);
    } catch (CorruptionException e) {
      storage.close();
      // Damage inside the log, not a torn tail: never cut silently (see docs/troubleshooting.md).
      throw new MongoLakeException(
          ErrorCode.DATA_CORRUPTION_DETECTED,
          "Cannot open the lake: its write-ahead log is damaged: "
              + e.getMessage()
              + " (`mongolake log verify "
              + root.resolve(Namespace.RESERVED_LOG_FOLDER).toAbsolutePath().normalize()
              + "` lists what is damaged)",
          e);
    } catch (RuntimeException e) {
      storage.close();
      throw e;
    }
    Engine engine = new Engine(root, storage, tables, tableConfigs, new WriteAheadLog(log), clock);
    try {
      SpillDirectory.empty(engine.spillDirectory());
      engine.reportDroppedLogTail();
      engine.discoverTables(acceptTableLoss);
      engine.replay();
    } catch (RuntimeException e) {
      engine.wal.close();
      storage.close();
      throw e;
    }
    return engine;
  }

  /** The only trace a cut-off log tail leaves: say what was cut (see {@link TornTail}). */
  private void reportDroppedLogTail() {
    wal.droppedTail()
        .ifPresent(
            tail ->
                LOG.warn(
                    "Write-ahead log: cut {} bytes after record {} at offset {} of {}: an"
                        + " incomplete write a crash left, or a damaged last record",
                    tail.bytes(),
                    tail.lastSequence(),
                    tail.offset(),
                    tail.segment()));
  }

  private void discoverTables(boolean acceptTableLoss) {
    Map<String, Long> committed = CommittedTableVersions.read(storage);
    List<String> behind = new ArrayList<>();
    for (Map.Entry<Namespace, String> found : tables.find(wal.checkpointSequence()).entrySet()) {
      Namespace namespace = found.getKey();
      DocumentTable.open(storage, found.getValue(), clock)
          .ifPresent(
              table -> {
                DocumentSnapshot snapshot = table.snapshot();
                Long reached = committed.get(found.getValue());
                if (reached != null && snapshot.version() < reached) {
                  behind.add(
                      namespace.fullName()
                          + " (table "
                          + found.getValue()
                          + " is at version "
                          + snapshot.version()
                          + ", but version "
                          + reached
                          + " was committed before the log was trimmed)");
                }
                long floor = snapshot.transactionVersion(FLUSH_WRITER_ID).orElse(0);
                CollectionState state =
                    new CollectionState(namespace, table, new TableView(snapshot, floor));
                loadIndexes(state, snapshot);
                collections.put(namespace, state);
              });
    }
    if (behind.isEmpty()) {
      return;
    }
    String which = String.join("; ", behind);
    if (!acceptTableLoss) {
      throw new MongoLakeException(
          ErrorCode.DATA_CORRUPTION_DETECTED,
          "Cannot open the lake: the Delta tables of "
              + which
              + ". The newest commits of their _delta_log are missing, and the writes they held"
              + " are no longer in the write-ahead log. Restore the missing commit files, or open"
              + " with the option to accept the loss (mongolake --accept-table-loss) to serve the"
              + " older versions.");
    }
    LOG.warn("Opening tables behind their last committed version, losing writes: {}", which);
  }

  /** What opening cut off the end of the log, if anything. */
  public Optional<TornTail> droppedLogTail() {
    return wal.droppedTail();
  }

  /**
   * Loads the catalog file's indexes from their index files for the table's version, and rebuilds
   * those without a usable file over the table, all in one scan (the log replay then brings them up
   * to date).
   */
  private void loadIndexes(CollectionState state, DocumentSnapshot snapshot) {
    List<IndexSpec> specs = IndexCatalogFile.read(storage, state.tablePath());
    List<IndexSpec> missing = specs.isEmpty() ? specs : indexFiles.load(state, snapshot, specs);
    if (!missing.isEmpty()) {
      try (var documents = snapshot.scan()) {
        state
            .indexes()
            .build(missing, documents)
            .forEach(index -> state.indexes().install(index, 0));
      } catch (MongoLakeException e) {
        LOG.error("Cannot rebuild the indexes of {}: {}", state.namespace(), e.getMessage());
      }
    }
    state.catalogPersisted();
  }

  /** What opening did with the index files (for tests). */
  PersistedIndexes.LoadCounts indexFileCounts() {
    return indexFiles.counts();
  }

  private void replay() {
    long replayed = 0;
    Iterator<LogEntry> entries = wal.readAfter(wal.checkpointSequence());
    while (entries.hasNext()) {
      LogEntry entry = entries.next();
      WalRecord record = decodeForReplay(entry);
      CollectionState state = collections.get(record.namespace());
      // A rename is replayed even below the floor: its table's flushes do not hold it.
      if (state != null
          && entry.sequence() <= state.view().floor()
          && !(record instanceof WalRecord.RenameCollection)) {
        continue;
      }
      apply(entry.sequence(), record);
      replayed++;
    }
    if (replayed > 0) {
      RECOVERY_LOG.info("Replayed {} write-ahead log records", replayed);
    }
    synchronized (flushLock) {
      renames.finishPending();
    }
  }

  /**
   * A record the log holds that is not a change MongoLake wrote (appended with the log CLI, or
   * damaged on disk although its checksum holds) stops the open by its sequence: replaying past it
   * would apply the changes after a lost one.
   */
  private static WalRecord decodeForReplay(LogEntry entry) {
    try {
      return WalRecordCodec.decode(entry.payload());
    } catch (MongoLakeException e) {
      throw new MongoLakeException(
          ErrorCode.DATA_CORRUPTION_DETECTED,
          "Cannot open the lake: write-ahead log record "
              + entry.sequence()
              + " is not a change MongoLake wrote ("
              + e.getMessage()
              + "); `mongolake log dump <data folder>/_wal --from "
              + entry.sequence()
              + "` shows it",
          e);
    }
  }

  /** Applies a logged change to memory: live writes and replay share this one path. */
  void apply(long sequence, WalRecord record) {
    switch (record) {
      case WalRecord.Insert insert -> put(sequence, insert.namespace(), insert.document(), true);
      case WalRecord.Update update -> put(sequence, update.namespace(), update.document(), false);
      case WalRecord.Replace replace ->
          put(sequence, replace.namespace(), replace.document(), false);
      case WalRecord.Delete delete -> {
        CollectionState state = state(delete.namespace());
        state.buffer().delete(sequence, delete.id());
        state.indexes().delete(sequence, delete.id());
      }
      case WalRecord.CreateIndex create -> replayCreateIndex(sequence, create);
      case WalRecord.DropIndex drop -> state(drop.namespace()).indexes().drop(drop.name());
      case WalRecord.CreateCollection create ->
          collections.putIfAbsent(
              create.namespace(), new CollectionState(create.namespace(), create.options()));
      case WalRecord.DropCollection drop -> {
        CollectionState dropped = collections.remove(drop.namespace());
        tables.delete(drop.namespace(), dropped == null ? null : dropped.tablePath());
        if (dropped != null && dropped.tablePath() != null) {
          CommittedTableVersions.forget(storage, dropped.tablePath());
        }
      }
      case WalRecord.RenameCollection rename -> renames.apply(sequence, rename);
    }
  }

  private void put(long sequence, Namespace namespace, BsonDocument document, boolean created) {
    CollectionState state = state(namespace);
    state.buffer().put(sequence, document, created);
    state.indexes().put(sequence, document);
  }

  /**
   * A create found in the log: live creates install the index they built before logging, so only
   * replay gets here with an index to build (or one the catalog file already holds).
   */
  private void replayCreateIndex(long sequence, WalRecord.CreateIndex create) {
    CollectionState state = state(create.namespace());
    IndexSpec spec = IndexSpecParser.parse(create.spec());
    var existing = state.indexes().find(spec.name());
    if (existing.isPresent() && existing.get().spec().sameDefinition(spec)) {
      return;
    }
    // A collMod's new TTL or visibility: same entries, nothing to build.
    if (state.indexes().redefine(spec)) {
      return;
    }
    try (CloseableIterator<BsonDocument> documents = scan(create.namespace(), Long.MAX_VALUE)) {
      state.indexes().install(state.indexes().build(spec, documents), sequence);
    } catch (MongoLakeException e) {
      LOG.error(
          "Cannot rebuild index {} of {}: {}", spec.name(), create.namespace(), e.getMessage());
    }
  }

  /**
   * The collection's state (created if needed) with its write lock held. A writer that waited for
   * the lock while a drop or rename took the name away locks the state now under the name instead.
   */
  CollectionState lockedState(Namespace namespace) {
    return lockedForWrite(namespace).state();
  }

  /**
   * A collection's state with its write lock held, and whether taking it created the collection.
   */
  record LockedState(CollectionState state, boolean created) {}

  /** {@link #lockedState}, also telling whether the collection existed before. */
  LockedState lockedForWrite(Namespace namespace) {
    refuseView(namespace);
    writeStall.awaitRoom();
    while (true) {
      boolean existed = collections.containsKey(namespace);
      CollectionState state = state(namespace);
      state.writeLock().lock();
      if (collections.get(namespace) == state) {
        return new LockedState(state, !existed);
      }
      state.writeLock().unlock();
    }
  }

  /** Like {@link #lockedState} for an existing collection; {@code null} if there is none. */
  CollectionState lockedExisting(Namespace namespace) {
    refuseView(namespace);
    writeStall.awaitRoom();
    while (true) {
      CollectionState state = collections.get(namespace);
      if (state == null) {
        return null;
      }
      state.writeLock().lock();
      if (collections.get(namespace) == state) {
        return state;
      }
      state.writeLock().unlock();
    }
  }

  CollectionState state(Namespace namespace) {
    return collections.computeIfAbsent(
        namespace, ns -> new CollectionState(ns, new BsonDocument()));
  }

  // ---- catalog ----

  /** Names of databases that hold at least one collection or view, sorted. */
  public SortedSet<String> databaseNames() {
    SortedSet<String> names = new TreeSet<>();
    collections.keySet().forEach(ns -> names.add(ns.database()));
    names.addAll(views.databases());
    return names;
  }

  /** The collections of a database, sorted by name. */
  public List<Namespace> collections(String database) {
    return collections.keySet().stream()
        .filter(ns -> ns.database().equals(database))
        .sorted(java.util.Comparator.comparing(Namespace::collection))
        .toList();
  }

  public boolean exists(Namespace namespace) {
    return collections.containsKey(namespace);
  }

  /** The options a collection was created with (empty when created implicitly). */
  public Optional<BsonDocument> options(Namespace namespace) {
    return Optional.ofNullable(collections.get(namespace)).map(CollectionState::options);
  }

  /** Creates a collection; fails with NamespaceExists if it exists. */
  public void createCollection(Namespace namespace, BsonDocument options) {
    synchronized (collections) {
      if (views.isView(namespace)) {
        throw ViewCatalog.viewExists(namespace);
      }
      if (collections.containsKey(namespace)) {
        throw new MongoLakeException(
            ErrorCode.NAMESPACE_EXISTS, "Collection " + namespace + " already exists.");
      }
      wal.append(new WalRecord.CreateCollection(namespace, options), this::apply).awaitDurable();
    }
  }

  /**
   * Drops a collection. Waits for a flush in progress: its table folder must not be deleted while a
   * flush writes or commits into it, which would leave a half table behind. Takes the flush lock
   * before the collection's write lock, in the order a flush takes them.
   *
   * @return whether it existed
   */
  public boolean dropCollection(Namespace namespace) {
    synchronized (flushLock) {
      renames.finishPending();
      CollectionState state = collections.get(namespace);
      if (state == null) {
        return false;
      }
      state.writeLock().lock();
      try {
        wal.append(new WalRecord.DropCollection(namespace), this::apply).awaitDurable();
        return true;
      } finally {
        state.writeLock().unlock();
      }
    }
  }

  /**
   * Renames a collection, with its documents, indexes and table, returning once the rename is
   * durable (see {@link CollectionRenames} for how it survives a crash). With {@code dropTarget}, a
   * collection already named {@code target} is dropped.
   *
   * @throws MongoLakeException IllegalOperation for the same name, NamespaceNotFound without the
   *     source, NamespaceExists when the target exists and {@code dropTarget} is not set
   */
  public void renameCollection(Namespace source, Namespace target, boolean dropTarget) {
    if (views.isView(source)) {
      throw new MongoLakeException(
          ErrorCode.COMMAND_NOT_SUPPORTED_ON_VIEW, "cannot rename view: " + source.fullName());
    }
    if (views.isView(target)) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_EXISTS, "a view already exists with that name: " + target.fullName());
    }
    synchronized (flushLock) {
      renames.rename(source, target, dropTarget);
    }
  }

  // ---- reads ----

  /** The snapshot a new reader sees: everything durable now. */
  public long snapshot() {
    return wal.durableSequence();
  }

  /**
   * The documents of a collection at {@code snapshot}: the table's, overridden by the buffer's. The
   * caller closes the iterator (or reads it to the end).
   */
  public CloseableIterator<BsonDocument> scan(Namespace namespace, long snapshot) {
    CollectionState state = collections.get(namespace);
    if (state == null) {
      return emptyScan();
    }
    TableView view = state.view();
    pins.pin(view.floor());
    return new MergedScan(state.buffer(), view, snapshot, null, () -> pins.unpin(view.floor()));
  }

  /**
   * Like {@link #scan(Namespace, long)}, but the table returns only its documents that match {@code
   * filter}, reading only the files and row groups that may hold them. The buffer's documents all
   * come back: the caller still applies the filter.
   */
  public CloseableIterator<BsonDocument> scan(Namespace namespace, long snapshot, Filter filter) {
    return scan(namespace, snapshot, filter, null);
  }

  /**
   * Like {@link #scan(Namespace, long, Filter)} (a null filter reads every document), for a reader
   * that needs only {@code paths} of each document (null: whole documents). When they are all
   * promoted columns of the table, every document comes back as {@code _id} and those paths only:
   * read from the columns in files where they are exact, without decoding the document, and
   * projected alike from whole documents elsewhere and from the buffer. Otherwise whole documents.
   */
  public CloseableIterator<BsonDocument> scan(
      Namespace namespace, long snapshot, Filter filter, Set<String> paths) {
    CollectionState state = collections.get(namespace);
    if (state == null) {
      return emptyScan();
    }
    TableView view = state.view();
    pins.pin(view.floor());
    return new MergedScan(
        state.buffer(),
        view,
        snapshot,
        filter,
        ColumnarPaths.projection(view.snapshot(), paths),
        metrics -> filesReadFromColumns.addAndGet(metrics.filesReadFromColumns()),
        () -> pins.unpin(view.floor()));
  }

  /**
   * The collection at {@code snapshot} for a read of {@code columns} by column batches (see {@link
   * ColumnarSource}), over the files {@code filter} (null: none) does not rule out; empty when the
   * collection has no table yet (or a path is inside {@code _id}). The caller closes it.
   */
  public Optional<ColumnarSource> columnarRead(
      Namespace namespace, long snapshot, Filter filter, List<String> columns) {
    CollectionState state = collections.get(namespace);
    if (state == null) {
      return Optional.empty();
    }
    TableView view = state.view();
    return ColumnarRead.of(
        state.buffer(),
        view,
        snapshot,
        filter,
        columns,
        read -> filesReadFromColumns.addAndGet(read.fromColumns() ? 1 : 0),
        () -> pins.pin(view.floor()),
        () -> pins.unpin(view.floor()));
  }

  /**
   * How many data files scans have read from exact promoted columns alone, never decoding their
   * documents, since the engine opened (for tests and metrics).
   */
  public long filesReadFromColumns() {
    return filesReadFromColumns.get();
  }

  /**
   * How many documents the collection holds at {@code snapshot}, without reading them: the table's
   * {@code numRecords} statistics (files without them are read, see {@link
   * DocumentSnapshot#count()}) plus the buffer's net change, each buffered {@code _id} adding its
   * live version and taking away the table's version it overrides (the same {@code inTable} a flush
   * relies on to replace or delete). Exactly the number of documents {@link #scan(Namespace, long)}
   * returns.
   */
  public long count(Namespace namespace, long snapshot) {
    CollectionState state = collections.get(namespace);
    if (state == null) {
      return 0;
    }
    TableView view = state.view();
    pins.pin(view.floor());
    try {
      DocumentSnapshot table = view.snapshot();
      long count = table == null ? 0 : table.count();
      Iterator<BufferedDocument> entries = state.buffer().entries(view.floor(), snapshot);
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
      pins.unpin(view.floor());
    }
  }

  /** {@link #candidates(Namespace, BsonDocument, Filter, BsonDocument, long)} without a sort. */
  public CloseableIterator<BsonDocument> candidates(
      Namespace namespace, BsonDocument filter, Filter parsed, long snapshot) {
    return candidates(namespace, filter, parsed, new BsonDocument(), snapshot);
  }

  /**
   * The documents that may match {@code filter} at {@code snapshot}, read through the index the
   * planner picks for {@code filter} and {@code sort} (in that index's order), or else the buffer
   * and the table's documents that match (the table skips files and row groups that cannot). The
   * caller still applies the filter and the sort.
   *
   * @param parsed {@code filter}, already parsed by the caller, who matches documents with it
   */
  public CloseableIterator<BsonDocument> candidates(
      Namespace namespace, BsonDocument filter, Filter parsed, BsonDocument sort, long snapshot) {
    return candidates(namespace, filter, parsed, sort, snapshot, null);
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
      long snapshot,
      Set<String> paths) {
    CollectionState state = collections.get(namespace);
    if (state == null) {
      return emptyScan();
    }
    BsonValue id = IdEquality.of(filter);
    if (id == null) {
      // What $expr implies may pick an index; the caller still applies the whole filter.
      Optional<IndexPlan> plan =
          IndexPlanner.plan(
              state.indexes().all(), ExprImplications.forPlanning(filter), sort, snapshot);
      if (plan.isPresent()) {
        plan.get().index().usage().record();
        return IndexedFetch.fetch(state, plan.get(), snapshot, pins);
      }
      return scan(namespace, snapshot, withImplications(filter, parsed), paths);
    }
    state.indexes().idIndexUsage().record();
    Optional<BufferedDocument> buffered = state.buffer().get(id, state.view().floor(), snapshot);
    if (buffered.isEmpty()) {
      // Not changed since the table version: only the table can hold it, in the few files and
      // row groups whose _id statistics and bloom filter admit it (or in its cache of them).
      DocumentSnapshot table = state.view().snapshot();
      return table == null
          ? emptyScan()
          : table.findById(id).map(Engine::singleton).orElseGet(Engine::emptyScan);
    }
    return buffered.get().isTombstone() ? emptyScan() : singleton(buffered.get().document());
  }

  /**
   * {@code parsed} (the parse of {@code filter}) with what its {@code $expr} implies added as
   * necessary conditions, so that files and row groups are pruned by them too.
   */
  private static Filter withImplications(BsonDocument filter, Filter parsed) {
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

  private static CloseableIterator<BsonDocument> singleton(BsonDocument document) {
    Iterator<BsonDocument> one = List.of(document).iterator();
    return new CloseableIterator<>() {
      @Override
      public boolean hasNext() {
        return one.hasNext();
      }

      @Override
      public BsonDocument next() {
        return one.next();
      }

      @Override
      public void close() {}
    };
  }

  private static CloseableIterator<BsonDocument> emptyScan() {
    return new CloseableIterator<>() {
      @Override
      public boolean hasNext() {
        return false;
      }

      @Override
      public BsonDocument next() {
        throw new NoSuchElementException();
      }

      @Override
      public void close() {}
    };
  }

  // ---- flush ----

  /** Memory held by all buffers, roughly. */
  public long bufferedBytes() {
    long total = 0;
    for (CollectionState state : collections.values()) {
      total += state.buffer().approximateBytes();
    }
    return total;
  }

  /**
   * Writes every collection's buffered changes up to the durable watermark to its table (one Delta
   * commit per changed collection, recording the log sequence it holds), then checkpoints and
   * compacts the log. A crash at any point recovers: tables that committed skip the replayed
   * records they hold.
   */
  public void flushToTables() {
    flushToTables(FlushProgress.NONE);
  }

  /** {@link #flushToTables()}, telling {@code progress} how it proceeds. */
  public void flushToTables(FlushProgress progress) {
    synchronized (flushLock) {
      try {
        renames.finishPending();
        long cut = wal.durableSequence();
        List<CollectionState> states = List.copyOf(collections.values());
        int total = 0;
        long documents = 0;
        for (CollectionState state : states) {
          int buffered = state.buffer().size();
          total += buffered > 0 ? 1 : 0;
          documents += buffered;
        }
        progress.started(total, documents);
        int done = 0;
        for (CollectionState state : states) {
          boolean buffered = state.buffer().size() > 0;
          flushCollection(state, cut);
          if (buffered) {
            progress.flushed(state.namespace(), ++done, total);
          }
        }
        if (cut > wal.checkpointSequence()) {
          checkpointLog(cut);
        }
      } finally {
        writeStall.flushFinished();
      }
      compactWhereSmallFilesPiledUp();
    }
  }

  /**
   * Moves the log's checkpoint to {@code cut}, which every table holds, and trims the segments
   * below it. The trimmed records' only copy is then in the tables: first remember how far each
   * table got, so that one found behind later is reported (see {@link CommittedTableVersions}).
   */
  private void checkpointLog(long cut) {
    CommittedTableVersions.write(storage, committedVersions());
    wal.checkpoint(cut);
    wal.compact();
  }

  private Map<String, Long> committedVersions() {
    Map<String, Long> versions = new HashMap<>();
    for (CollectionState state : collections.values()) {
      DocumentSnapshot snapshot = state.view().snapshot();
      if (snapshot != null) {
        versions.merge(state.tablePath(), snapshot.version(), Math::max);
      }
    }
    return versions;
  }

  /**
   * Makes writers wait while the buffers hold {@code limitBytes} or more, until a flush (which
   * {@code requestFlush} starts) catches up: see {@link WriteStall}. Without this, writers never
   * wait.
   */
  public void limitBuffers(long limitBytes, Runnable requestFlush) {
    writeStall = new WriteStall(limitBytes, this::bufferedBytes, requestFlush);
  }

  /** Whether a write made now would stall until a flush makes room (see {@link WriteStall}). */
  public boolean writesWouldStall() {
    return writeStall.wouldWait();
  }

  /** How many writes waited for the buffers to shrink, and for how long in all. */
  public WriteStall.Counts writeStalls() {
    return writeStall.counts();
  }

  /** Tables with at least this many small files are compacted after a flush. */
  static final int SMALL_FILES_BEFORE_COMPACTION = 16;

  /**
   * Compacts a collection's small table files (see {@link DocumentTable#optimize()}) and publishes
   * the compacted version to new readers; readers already running keep the files they pinned.
   *
   * @return what was compacted (nothing for a collection without a table)
   */
  public OptimizeResult compactFiles(Namespace namespace) {
    return compactFiles(namespace, Long.MAX_VALUE);
  }

  /** {@link #compactFiles(Namespace)} of at most about {@code maxBytes} of small files. */
  private OptimizeResult compactFiles(Namespace namespace, long maxBytes) {
    synchronized (flushLock) {
      CollectionState state = collections.get(namespace);
      if (state == null || state.table() == null) {
        return new OptimizeResult(-1, 0, 0, 0, 0);
      }
      OptimizeResult result = state.table().optimize(maxBytes);
      if (result.compacted()) {
        DocumentSnapshot snapshot = state.table().snapshot();
        state.writeLock().lock();
        try {
          if (collections.get(namespace) == state) {
            state.publish(state.table(), new TableView(snapshot, state.view().floor()));
          }
        } finally {
          state.writeLock().unlock();
        }
      }
      return result;
    }
  }

  /**
   * Compacts the tables that flushes have left with many small files. Caller holds flushLock. Each
   * run merges about one target-size file's worth, so that the flushes it delays (and the writers a
   * full buffer then holds back) wait seconds, not the minutes a large table's backlog takes.
   */
  private void compactWhereSmallFilesPiledUp() {
    for (CollectionState state : List.copyOf(collections.values())) {
      TableView view = state.view();
      if (view.snapshot() == null) {
        continue;
      }
      if (view.snapshot().smallFileCount() >= SMALL_FILES_BEFORE_COMPACTION) {
        try {
          compactFiles(state.namespace(), view.snapshot().config().targetFileSizeBytes());
        } catch (RuntimeException e) {
          // The files stay as they are: correct, only slower to scan. The next flush tries again.
          LOG.warn("Cannot compact the files of {}: {}", state.namespace(), e.getMessage());
        }
      }
    }
  }

  /** Writes the collection's buffered changes up to {@code cut} to its table. Holds flushLock. */
  void flushCollection(CollectionState state, long cut) {
    TableView view = state.view();
    List<BsonDocument> inserts = new ArrayList<>();
    List<BsonDocument> replacements = new ArrayList<>();
    List<BsonValue> deletes = new ArrayList<>();
    Iterator<BufferedDocument> entries = state.buffer().entries(view.floor(), cut);
    while (entries.hasNext()) {
      BufferedDocument entry = entries.next();
      if (entry.isTombstone()) {
        if (entry.inTable()) {
          deletes.add(entry.id());
        }
      } else if (entry.inTable()) {
        replacements.add(entry.document());
      } else {
        inserts.add(entry.document());
      }
    }
    TableChanges changes = new TableChanges(inserts, replacements, deletes);
    DocumentTable table = state.table() == null ? createTable(state.namespace()) : state.table();
    // Before the commit: once a table version holds the changes up to the cut, replay skips the
    // index records below it, so the catalog file must already reflect them.
    persistCatalog(state, table.path());
    if (changes.isEmpty() && state.table() != null) {
      indexFiles.afterFlush(state, cut, view.snapshot().version(), 0);
      return;
    }
    if (!changes.isEmpty()) {
      table.commit(changes, FLUSH_WRITER_ID, cut);
    }
    DocumentSnapshot snapshot = table.snapshot();
    long floor = changes.isEmpty() ? view.floor() : cut;
    state.writeLock().lock();
    try {
      if (collections.get(state.namespace()) != state) {
        return;
      }
      if (state.tableIdsLoaded()) {
        state.tableIds().addAll(inserts.stream().map(d -> d.get("_id")).toList());
        state.tableIds().removeAll(deletes);
      }
      state.publish(table, new TableView(snapshot, floor));
      state.buffer().releaseUpTo(pins.lowestPinned(floor));
      state.indexes().forgetRemovedUpTo(pins.lowestPinned(floor));
    } finally {
      state.writeLock().unlock();
    }
    // After the commit, outside the lock: a crash before the index files are written only leaves
    // older files that opening catches up or rebuilds.
    indexFiles.afterFlush(
        state, floor, snapshot.version(), inserts.size() + replacements.size() + deletes.size());
  }

  private void persistCatalog(CollectionState state, String tablePath) {
    state.writeLock().lock();
    try {
      if (state.catalogStale() && collections.get(state.namespace()) == state) {
        IndexCatalogFile.write(storage, tablePath, state.indexes().specs());
        state.catalogPersisted();
      }
    } finally {
      state.writeLock().unlock();
    }
  }

  private DocumentTable createTable(Namespace namespace) {
    String path = tables.register(namespace);
    try {
      return DocumentTable.create(storage, path, tableConfigs.apply(namespace), clock);
    } catch (TableAlreadyExistsException e) {
      // A crash after creating the table and before the checkpoint left it behind.
      return DocumentTable.open(storage, path, clock).orElseThrow(() -> e);
    }
  }

  // ---- writes ----

  /**
   * Inserts documents. Ordered inserts stop at the first failure; unordered ones try every
   * document. Returns after every inserted document is durable.
   */
  public WriteOutcome insert(Namespace namespace, List<BsonDocument> documents, boolean ordered) {
    CollectionState state = lockedState(namespace);
    Map<Integer, BsonValue> insertedIds = new LinkedHashMap<>();
    List<WriteFailure> failures = new ArrayList<>();
    List<WriteAheadLog.Appended> appended = new ArrayList<>();
    try {
      for (int i = 0; i < documents.size(); i++) {
        try {
          BsonDocument prepared = DocumentChecks.prepareForInsert(documents.get(i));
          BsonValue id = prepared.get("_id");
          checkNotDuplicate(state, id);
          state.indexes().check(prepared);
          appended.add(wal.append(new WalRecord.Insert(namespace, prepared), this::apply));
          insertedIds.put(i, id);
        } catch (MongoLakeException e) {
          failures.add(new WriteFailure(i, e));
          if (ordered) {
            break;
          }
        }
      }
    } finally {
      state.writeLock().unlock();
    }
    appended.forEach(WriteAheadLog.Appended::awaitDurable);
    return new WriteOutcome(insertedIds.size(), 0, null, insertedIds, failures);
  }

  /** Fails if a live document has this {@code _id}. Caller holds the collection's write lock. */
  private void checkNotDuplicate(CollectionState state, BsonValue id) {
    Optional<BufferedDocument> buffered =
        state.buffer().get(id, state.view().floor(), Long.MAX_VALUE);
    boolean exists = buffered.isPresent() ? !buffered.get().isTombstone() : state.tableHolds(id);
    if (exists) {
      throw duplicateKey(state.namespace(), id);
    }
  }

  /**
   * Where aggregation stages over their memory limit write temporary files: {@code _mongolake/tmp}
   * in the data folder (local even when the tables are on object storage), emptied when the engine
   * opens, since a process that stopped mid-command left its files there.
   */
  public Path spillDirectory() {
    return root.resolve(Namespace.RESERVED_CATALOG_FOLDER).resolve("tmp");
  }

  /** How much memory each blocking aggregation stage may hold before it spills or fails. */
  public long aggregationMemoryLimitBytes() {
    return aggregationMemoryLimitBytes;
  }

  /** Sets {@link #aggregationMemoryLimitBytes()} (the lake's option, at open). */
  public void aggregationMemoryLimitBytes(long bytes) {
    aggregationMemoryLimitBytes = bytes;
  }

  /** A command's variables: {@code $$NOW} from the clock, and its {@code let}. */
  public PipelineContext commandVariables(BsonDocument let) {
    return PipelineContext.of(AggregationEnvironment.standalone(clock.instant(), let));
  }

  private static Filter parseFilter(BsonDocument filter, PipelineContext variables) {
    return QueryErrors.parseFilter(filter, variables.scope(), variables::newVariables);
  }

  static MongoLakeException duplicateKey(Namespace namespace, BsonValue id) {
    return DuplicateKeys.error(namespace, IndexSpec.idIndex(), IndexKey.of(id));
  }

  /** Deletes the first ({@code multi == false}) or every document matching {@code filter}. */
  public WriteOutcome delete(Namespace namespace, BsonDocument filter, boolean multi) {
    return delete(namespace, filter, multi, new BsonDocument());
  }

  /**
   * {@link #delete(Namespace, BsonDocument, boolean)} with the command's {@code let} variables,
   * which the filter's {@code $expr} sees.
   */
  public WriteOutcome delete(
      Namespace namespace, BsonDocument filter, boolean multi, BsonDocument let) {
    Filter parsed = parseFilter(filter, commandVariables(let));
    CollectionState state = lockedExisting(namespace);
    if (state == null) {
      return WriteOutcome.counts(0, 0, null);
    }
    List<WriteAheadLog.Appended> appended = new ArrayList<>();
    try {
      List<BsonValue> matches = new ArrayList<>();
      try (CloseableIterator<BsonDocument> documents =
          candidates(namespace, filter, parsed, Long.MAX_VALUE)) {
        while (documents.hasNext()) {
          BsonDocument document = documents.next();
          if (QueryErrors.matches(parsed, document)) {
            matches.add(document.get("_id"));
            if (!multi) {
              break;
            }
          }
        }
      }
      for (BsonValue id : matches) {
        appended.add(wal.append(new WalRecord.Delete(namespace, id), this::apply));
      }
    } finally {
      state.writeLock().unlock();
    }
    appended.forEach(WriteAheadLog.Appended::awaitDurable);
    return WriteOutcome.counts(appended.size(), appended.size(), null);
  }

  /**
   * Updates or replaces documents matching {@code filter}. {@code update} is an operator document,
   * a replacement document or a pipeline; with {@code upsert}, no match inserts a document built
   * from the filter's equalities and the update.
   */
  public WriteOutcome update(
      Namespace namespace,
      BsonDocument filter,
      BsonValue update,
      boolean multi,
      boolean upsert,
      List<BsonDocument> arrayFilters) {
    return update(namespace, filter, update, multi, upsert, arrayFilters, new BsonDocument());
  }

  /**
   * {@link #update(Namespace, BsonDocument, BsonValue, boolean, boolean, List)} with the command's
   * {@code let} variables, which the filter's {@code $expr} and a pipeline update see.
   */
  public WriteOutcome update(
      Namespace namespace,
      BsonDocument filter,
      BsonValue update,
      boolean multi,
      boolean upsert,
      List<BsonDocument> arrayFilters,
      BsonDocument let) {
    PipelineContext variables = commandVariables(let);
    Filter parsed = parseFilter(filter, variables);
    boolean replacement = update.isDocument() && Update.isReplacement(update.asDocument());
    DocumentChange change =
        documentChange(filter, update, replacement, arrayFilters, variables.environment());
    if (replacement && multi) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "multi update is not supported for replacement-style update");
    }
    CollectionState state = lockedState(namespace);
    List<WriteAheadLog.Appended> appended = new ArrayList<>();
    long matched = 0;
    long modified = 0;
    BsonValue upsertedId = null;
    try {
      List<BsonDocument> targets = new ArrayList<>();
      try (CloseableIterator<BsonDocument> documents =
          candidates(namespace, filter, parsed, Long.MAX_VALUE)) {
        while (documents.hasNext()) {
          BsonDocument document = documents.next();
          if (QueryErrors.matches(parsed, document)) {
            targets.add(document);
            if (!multi) {
              break;
            }
          }
        }
      }
      for (BsonDocument document : targets) {
        matched++;
        var result = change.apply(document, UpdateContext.forUpdate(clock));
        if (result.modified()) {
          BsonDocument next = result.document();
          DocumentChecks.check(next);
          state.indexes().check(next);
          WalRecord record =
              replacement
                  ? new WalRecord.Replace(namespace, next)
                  : new WalRecord.Update(namespace, next);
          appended.add(wal.append(record, this::apply));
          modified++;
        }
      }
      if (matched == 0 && upsert) {
        BsonDocument seed = replacement ? new BsonDocument() : UpsertSeed.fromFilter(filter);
        if (replacement && filter.containsKey("_id")) {
          seed.put("_id", filter.get("_id"));
        }
        BsonDocument inserted =
            DocumentChecks.prepareForInsert(
                change.apply(seed, UpdateContext.forUpsertInsert(clock)).document());
        upsertedId = inserted.get("_id");
        checkNotDuplicate(state, upsertedId);
        state.indexes().check(inserted);
        appended.add(wal.append(new WalRecord.Insert(namespace, inserted), this::apply));
      }
    } finally {
      state.writeLock().unlock();
    }
    appended.forEach(WriteAheadLog.Appended::awaitDurable);
    return WriteOutcome.counts(matched, modified, upsertedId);
  }

  /**
   * Atomically finds the first document matching {@code filter} in {@code sort} order and updates,
   * replaces or (with a null {@code update}) deletes it.
   *
   * @return the document before or ({@code returnNew}) after the change; empty if nothing matched
   *     and nothing was upserted, or if the document was deleted and {@code returnNew} is set
   */
  public FindAndModifyOutcome findAndModify(
      Namespace namespace,
      BsonDocument filter,
      BsonDocument sort,
      BsonValue update,
      boolean returnNew,
      boolean upsert,
      List<BsonDocument> arrayFilters) {
    return findAndModify(
        namespace, filter, sort, update, returnNew, upsert, arrayFilters, new BsonDocument());
  }

  /** {@link #findAndModify} with the command's {@code let} variables. */
  public FindAndModifyOutcome findAndModify(
      Namespace namespace,
      BsonDocument filter,
      BsonDocument sort,
      BsonValue update,
      boolean returnNew,
      boolean upsert,
      List<BsonDocument> arrayFilters,
      BsonDocument let) {
    PipelineContext variables = commandVariables(let);
    Filter parsed = parseFilter(filter, variables);
    dev.mongolake.internal.read.SortOrder order = dev.mongolake.internal.read.SortOrder.parse(sort);
    boolean replacement =
        update != null && update.isDocument() && Update.isReplacement(update.asDocument());
    DocumentChange change =
        update == null
            ? null
            : documentChange(filter, update, replacement, arrayFilters, variables.environment());
    CollectionState state = lockedState(namespace);
    WriteAheadLog.Appended appended = null;
    FindAndModifyOutcome outcome;
    try {
      BsonDocument target = null;
      try (CloseableIterator<BsonDocument> documents =
          candidates(namespace, filter, parsed, Long.MAX_VALUE)) {
        while (documents.hasNext()) {
          BsonDocument candidate = documents.next();
          if (QueryErrors.matches(parsed, candidate)
              && (target == null || (!order.isEmpty() && order.compare(candidate, target) < 0))) {
            target = candidate;
            if (order.isEmpty()) {
              break;
            }
          }
        }
      }
      if (target == null) {
        if (!upsert || change == null) {
          return new FindAndModifyOutcome(null, false, null);
        }
        BsonDocument seed = replacement ? new BsonDocument() : UpsertSeed.fromFilter(filter);
        if (replacement && filter.containsKey("_id")) {
          seed.put("_id", filter.get("_id"));
        }
        BsonDocument inserted =
            DocumentChecks.prepareForInsert(
                change.apply(seed, UpdateContext.forUpsertInsert(clock)).document());
        checkNotDuplicate(state, inserted.get("_id"));
        state.indexes().check(inserted);
        appended = wal.append(new WalRecord.Insert(namespace, inserted), this::apply);
        outcome = new FindAndModifyOutcome(returnNew ? inserted : null, false, inserted.get("_id"));
      } else if (change == null) {
        appended = wal.append(new WalRecord.Delete(namespace, target.get("_id")), this::apply);
        outcome = new FindAndModifyOutcome(target, true, null);
      } else {
        var result = change.apply(target, UpdateContext.forUpdate(clock));
        BsonDocument after = result.document();
        if (result.modified()) {
          DocumentChecks.check(after);
          state.indexes().check(after);
          WalRecord record =
              replacement
                  ? new WalRecord.Replace(namespace, after)
                  : new WalRecord.Update(namespace, after);
          appended = wal.append(record, this::apply);
        }
        outcome = new FindAndModifyOutcome(returnNew ? after : target, true, null);
      }
    } catch (MongoLakeException e) {
      throw executorError(e);
    } finally {
      state.writeLock().unlock();
    }
    if (appended != null) {
      appended.awaitDurable();
    }
    return outcome;
  }

  /**
   * A failure while findAndModify runs (matching, applying the change, checking and writing the
   * result), as opposed to parsing it: MongoDB's plan executor adds its context to the message and
   * keeps the code and the detail.
   */
  private static MongoLakeException executorError(MongoLakeException e) {
    return new MongoLakeException(
        e.errorCode(),
        "Plan executor error during findAndModify :: caused by :: " + e.getMessage(),
        e.errorInfo());
  }

  /** An update or a replacement, applied to one document. */
  @FunctionalInterface
  private interface DocumentChange {
    dev.mongolake.update.UpdateResult apply(BsonDocument document, UpdateContext context);
  }

  /**
   * The change for one document. An update using the positional {@code $} gets the array position
   * the filter matched in that document.
   */
  private static DocumentChange documentChange(
      BsonDocument filter,
      BsonValue update,
      boolean replacement,
      List<BsonDocument> arrayFilters,
      AggregationEnvironment environment) {
    if (replacement) {
      return Replacement.parse(update.asDocument())::apply;
    }
    Update parsed = Update.parse(update, UpdateOptions.withArrayFilters(arrayFilters), environment);
    if (!parsed.usesPositionalOperator()) {
      return parsed::apply;
    }
    PositionalMatch positional = PositionalMatch.forFilter(filter);
    return (document, context) -> {
      UpdateContext withPosition = context;
      if (!context.upsertInsert()) {
        var position = positional.find(document);
        if (position.isPresent()) {
          withPosition = context.withPositionalMatch(position.getAsInt());
        }
      }
      return parsed.apply(document, withPosition);
    };
  }

  /**
   * Deletes the documents whose TTL index field holds a date older than {@code now} minus the
   * index's {@code expireAfterSeconds} (for an array of dates, the earliest decides, as the {@code
   * $lt} match of any element does).
   *
   * @return the number of documents deleted
   */
  public long deleteExpired(java.time.Instant now) {
    long deleted = 0;
    for (CollectionState state : List.copyOf(collections.values())) {
      for (SecondaryIndex index : state.indexes().all()) {
        IndexSpec spec = index.spec();
        if (spec.expireAfterSeconds() == null) {
          continue;
        }
        long cutoff = now.toEpochMilli() - spec.expireAfterSeconds() * 1000;
        BsonDocument expired =
            new BsonDocument(
                spec.keys().getFirstKey(),
                new BsonDocument("$lt", new org.bson.BsonDateTime(cutoff)));
        deleted += delete(state.namespace(), expired, true).matched();
      }
    }
    return deleted;
  }

  /** Forces the log to disk. */
  public void syncLog() {
    wal.flush();
  }

  /** Flushes every buffer to its table, then closes the log. */
  @Override
  public void close() {
    close(FlushProgress.NONE);
  }

  /** {@link #close()}, telling {@code progress} how its final flush proceeds. */
  public void close(FlushProgress progress) {
    try {
      flushToTables(progress);
    } finally {
      try {
        wal.close();
      } finally {
        storage.close();
      }
    }
  }
}
