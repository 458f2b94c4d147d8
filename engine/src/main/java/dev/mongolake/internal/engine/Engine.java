package dev.mongolake.internal.engine;

import dev.mongolake.FlushProgress;
import dev.mongolake.Namespace;
import dev.mongolake.aggregate.AggregationEnvironment;
import dev.mongolake.aggregate.internal.PipelineContext;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.daktilo.TornTail;
import dev.mongolake.delta.DeltaTableOptions;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.table.DocumentTableConfig;
import dev.mongolake.internal.changestream.ChangeEvents;
import dev.mongolake.internal.changestream.ChangeStreamReader;
import dev.mongolake.internal.changestream.ResumeToken;
import dev.mongolake.internal.wal.OplogEntries;
import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WriteAheadLog;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Function;
import org.bson.BsonDocument;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The storage engine's lifetime and wiring: opening recovers the lake ({@link Recovery}), closing
 * flushes it; in between its parts serve. Every change goes to the write-ahead log and is applied
 * to its collection's buffer ({@link LogApplier}); reads ({@link ReadPath}) see the buffers as of
 * the durable watermark over the tables, which {@link TableFlusher} fills; {@link DocumentWrites},
 * {@link CollectionCatalog} and {@link IndexCatalogOperations} are the writes, {@link
 * ExpiredDocuments} the TTL deletes. The parts share the {@link CollectionRegistry} and depend on
 * each other, never on this class.
 *
 * <p>Thread-safe. Writers of one collection are serialized by its lock; writers of different
 * collections run in parallel and share the log's group commit; readers take no lock.
 */
public final class Engine implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Engine.class);
  private final Path root;
  private final Storage storage;
  private final WriteAheadLog wal;
  private final Clock clock;
  private final ViewCatalog views;
  private final AttachedTables attached;
  private final CollectionRegistry collections;
  private final PersistedIndexes indexFiles;
  private final ReadPath reads;
  private final ReadPlans plans;
  private final LogApplier applier;
  private final CollectionRenames renames;
  private final TableFlusher flusher;
  private final CollectionCatalog catalog;
  private final IndexCatalogOperations indexes;
  private final DocumentWrites writes;
  private final ExpiredDocuments expired;
  private final Recovery recovery;
  private final Branches branches;
  private final RetryableWriteLedger ledger = new RetryableWriteLedger();
  private final TransactionLocks transactionLocks = new TransactionLocks();
  // Set once at open from the lake's options; MongoDB's 100 MiB until then.
  private volatile long aggregationMemoryLimitBytes = 100L * 1024 * 1024;
  private final ReaderPins pins = new ReaderPins();
  // Set once at open from the lake's options; Delta's 7 days until then.
  private volatile java.time.Duration vacuumRetention = java.time.Duration.ofDays(7);
  // A read-only engine of one database at a past log sequence, or null for the present.
  private final PastPoint past;
  // Closed after the last flush, before the storage, so background work they do after a commit
  // (Iceberg metadata) finishes while the tables are still reachable.
  private final java.util.List<dev.mongolake.delta.CommitListener> commitListeners;

  /**
   * Where a read-only engine reads: a database at the log sequence of a log time, or one collection
   * ({@code only}) at a version of its table.
   */
  private record PastPoint(String database, long sequence, Namespace only) {}

  private Engine(
      Path root,
      Storage storage,
      TableCatalog tables,
      Function<Namespace, DocumentTableConfig> tableConfigs,
      DeltaTableOptions tableOptions,
      WriteAheadLog wal,
      Clock clock) {
    this.past = null;
    this.commitListeners = tableOptions.commitListeners();
    this.root = root;
    this.storage = storage;
    this.wal = wal;
    this.clock = clock;
    this.views = ViewCatalog.load(storage);
    this.attached = AttachedTables.load(storage);
    this.indexFiles = new PersistedIndexes(storage);
    this.collections = new CollectionRegistry(views);
    this.reads = new ReadPath(collections, pins, wal::durableSequence);
    this.plans = new ReadPlans(collections, pins, wal::durableSequence);
    // The log applier, the renames and the flusher call each other: the first two reach the
    // renames through this class's two wiring methods below.
    this.applier =
        new LogApplier(
            collections,
            tables,
            storage,
            this::applyRename,
            namespace -> reads.scan(namespace, Long.MAX_VALUE),
            ledger,
            clock);
    this.flusher =
        new TableFlusher(
            collections,
            wal,
            storage,
            tables,
            tableConfigs,
            tableOptions,
            clock,
            pins,
            indexFiles,
            this::finishPendingRenames,
            ledger);
    this.renames =
        new CollectionRenames(
            collections, wal, tables, flusher::flushCollection, applier, flusher::checkpointLog);
    this.branches =
        new Branches(
            collections,
            wal,
            applier,
            flusher,
            tables,
            storage,
            clock,
            tableOptions,
            () -> new PastCollections(collections, wal, pins, storage),
            views,
            reads);
    collections.guardCreates(
        namespace -> {
          attached.refuseCreate(namespace);
          branches.checkCreatable(namespace);
        });
    this.catalog =
        new CollectionCatalog(
            collections,
            views,
            wal,
            applier,
            flusher,
            renames,
            branches,
            () -> EngineTransaction.currentOf(this));
    this.indexes = new IndexCatalogOperations(collections, views, reads, wal, applier);
    this.writes =
        new DocumentWrites(collections, wal, applier, reads, clock, this::commandVariables);
    this.expired = new ExpiredDocuments(collections, writes);
    this.recovery =
        new Recovery(
            storage, tables, tableOptions, wal, clock, collections, indexFiles, applier, ledger);
  }

  /** A read-only engine over {@code pastCollections}, sharing the present's log and storage. */
  private Engine(Engine present, CollectionRegistry pastCollections, PastPoint point) {
    this.past = point;
    this.commitListeners = java.util.List.of();
    this.root = present.root;
    this.storage = present.storage;
    this.wal = present.wal;
    this.clock = present.clock;
    this.views = present.views;
    this.attached = present.attached;
    this.indexFiles = present.indexFiles;
    this.collections = pastCollections;
    this.reads = new ReadPath(pastCollections, present.pins, point::sequence);
    this.plans = new ReadPlans(pastCollections, present.pins, point::sequence);
    this.catalog = CollectionCatalog.readOnly(pastCollections, views, this::refusePastWrite);
    this.applier = null;
    this.flusher = null;
    this.renames = null;
    this.indexes = null;
    this.writes = null;
    this.expired = null;
    this.recovery = null;
    this.branches = null;
    this.aggregationMemoryLimitBytes = present.aggregationMemoryLimitBytes;
    this.vacuumRetention = present.vacuumRetention;
  }

  /**
   * A read-only engine of {@code database} as it was at {@code logTime} (a BSON Timestamp's 64
   * bits): every collection of the database at the same log sequence, the last durable one at or
   * before that time. Its reads are exact or refused; its writes are refused.
   *
   * @throws dev.mongolake.MongoLakeException SnapshotTooOld when the lake no longer holds that
   *     state, SnapshotUnavailable when a collection of the database was dropped or renamed since,
   *     InvalidOptions for a time after the latest write
   */
  public Engine at(String database, long logTime) {
    if (past != null) {
      throw refusePastWrite("read another point in time");
    }
    PastCollections history = new PastCollections(collections, wal, pins, storage);
    long sequence = history.sequenceAt(logTime);
    return new Engine(
        this, history.at(database, sequence, views), new PastPoint(database, sequence, null));
  }

  /**
   * A read-only engine of the one collection {@code namespace} exactly as version {@code version}
   * of its Delta table holds it (what Spark or DuckDB read at that version): the changes the log
   * held beyond that version's flush are not in it. Other collections cannot be read through it.
   *
   * @throws dev.mongolake.MongoLakeException NamespaceNotFound without a table, BadValue for a
   *     version the table does not have, SnapshotTooOld when vacuum deleted one of its files
   */
  public Engine atTableVersion(Namespace namespace, long version) {
    if (past != null) {
      throw refusePastWrite("read another point in time");
    }
    PastCollections history = new PastCollections(collections, wal, pins, storage);
    CollectionRegistry registry = history.atTableVersion(namespace, version, views);
    long floor = registry.get(namespace).view().floor();
    return new Engine(this, registry, new PastPoint(namespace.database(), floor, namespace));
  }

  /**
   * Makes {@code namespace} what {@code past} (an engine from {@link #at} or {@link
   * #atTableVersion}) holds of it, as one log record (see {@link CollectionRestore}).
   */
  public dev.mongolake.RestoreResult restore(Namespace namespace, Engine past) {
    present(writes, "restore a collection");
    refuseInTransaction("restore a collection");
    if (past.past == null) {
      throw new IllegalArgumentException("a restore reads a past point's engine");
    }
    return new CollectionRestore(collections, wal, applier, reads).restore(namespace, past);
  }

  /**
   * Makes every collection of {@code database} what {@code past} (an engine from {@link #at} of
   * that database) holds, in one log record: the collections the point held get their documents
   * back, those it did not hold are emptied.
   */
  public dev.mongolake.RestoreResult restoreDatabase(String database, Engine past) {
    present(writes, "restore a database");
    refuseInTransaction("restore a database");
    if (past.past == null || past.past.only() != null || !past.past.database().equals(database)) {
      throw new IllegalArgumentException("a database restore reads that database at a past point");
    }
    java.util.Set<Namespace> namespaces =
        new java.util.TreeSet<>(java.util.Comparator.comparing(Namespace::fullName));
    namespaces.addAll(collections.collections(database));
    namespaces.addAll(past.collections.collections(database));
    return new CollectionRestore(collections, wal, applier, reads)
        .restore(java.util.List.copyOf(namespaces), past);
  }

  /** Whether this engine reads a past point (see {@link #at}): then it refuses every write. */
  public boolean readsThePast() {
    return past != null;
  }

  /**
   * Refuses a read of another database than the one a past point's engine holds (its other
   * databases are not rebuilt at the point); does nothing on the present's engine.
   */
  public void checkReadable(String database) {
    if (past != null && past.only() != null) {
      throw new dev.mongolake.MongoLakeException(
          dev.mongolake.ErrorCode.SNAPSHOT_UNAVAILABLE,
          "Cannot read other collections from a read of "
              + past.only()
              + " at a version of its table");
    }
    if (past != null && !past.database().equals(database)) {
      throw new dev.mongolake.MongoLakeException(
          dev.mongolake.ErrorCode.SNAPSHOT_UNAVAILABLE,
          "Cannot read database "
              + database
              + " from a read of database "
              + past.database()
              + " at a past point in time");
    }
  }

  private dev.mongolake.MongoLakeException refusePastWrite(String action) {
    return new dev.mongolake.MongoLakeException(
        dev.mongolake.ErrorCode.ILLEGAL_OPERATION,
        "Cannot "
            + action
            + ": "
            + (past.only() == null ? "database " + past.database() : past.only().toString())
            + " is read as of a past point in time, read-only");
  }

  private <T> T present(T part, String action) {
    if (past != null) {
      throw refusePastWrite(action);
    }
    return part;
  }

  private void applyRename(long sequence, WalRecord.RenameCollection rename) {
    renames.apply(sequence, rename);
  }

  private void finishPendingRenames() {
    renames.finishPending();
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
    return open(
        root,
        tablesLocation,
        tableConfigs,
        durability,
        clock,
        acceptTableLoss,
        DeltaTableOptions.defaults());
  }

  /**
   * As {@link #open(Path, String, Function, Durability, Clock, boolean)}, opening and creating the
   * collections' tables with {@code tableOptions} (commit listeners such as Iceberg metadata).
   */
  public static Engine open(
      Path root,
      String tablesLocation,
      Function<Namespace, DocumentTableConfig> tableConfigs,
      Durability durability,
      Clock clock,
      boolean acceptTableLoss,
      DeltaTableOptions tableOptions) {
    Storage storage =
        tablesLocation == null ? new FileSystemStorage(root) : Storage.create(tablesLocation);
    TableCatalog tables =
        new TableCatalog(storage, storage instanceof FileSystemStorage local ? local.root() : null);
    WriteAheadLog wal;
    try {
      wal =
          WriteAheadLog.open(root.resolve(Namespace.RESERVED_LOG_FOLDER), root, durability, clock);
    } catch (RuntimeException e) {
      storage.close();
      throw e;
    }
    Engine engine = new Engine(root, storage, tables, tableConfigs, tableOptions, wal, clock);
    try {
      SpillDirectory.empty(engine.spillDirectory());
      engine.recovery.run(acceptTableLoss);
      engine.flusher.exclusively(engine::finishPendingRenames);
      engine.flusher.exclusively(engine.branches::load);
    } catch (RuntimeException e) {
      wal.close();
      storage.close();
      throw e;
    }
    return engine;
  }

  /**
   * Reads of documents and counts: inside a transaction's {@link EngineTransaction#run}, its
   * snapshot with its own writes.
   */
  public ReadPath reads() {
    EngineTransaction transaction = EngineTransaction.currentOf(this);
    return transaction != null ? transaction.reads() : reads;
  }

  /** What a read would do, without running it (explain, path choices). */
  public ReadPlans plans() {
    EngineTransaction transaction = EngineTransaction.currentOf(this);
    return transaction != null ? transaction.plans() : plans;
  }

  /** Inserts, updates, deletes and findAndModify: inside a transaction, into it. */
  public DocumentWrites writes() {
    EngineTransaction transaction = EngineTransaction.currentOf(this);
    return transaction != null ? transaction.writes() : present(writes, "write documents");
  }

  /**
   * Starts a multi-document transaction at the durable state now (see {@link EngineTransaction}).
   *
   * @param session the logical session it runs in, recorded with its commit (null: none)
   * @param txnNumber the session's transaction number (0 without a session)
   */
  public EngineTransaction startTransaction(java.util.UUID session, long txnNumber) {
    present(writes, "start a transaction");
    return new EngineTransaction(
        this,
        collections,
        views,
        wal,
        applier,
        pins,
        new PastCollections(collections, wal, pins, storage),
        transactionLocks,
        clock,
        session,
        txnNumber);
  }

  /**
   * Refuses {@code action} (a catalog or index change, a command MongoDB does not run in a
   * transaction) while a transaction's {@link EngineTransaction#run} is on this thread's stack.
   */
  public void refuseInTransaction(String action) {
    if (EngineTransaction.currentOf(this) != null) {
      throw new dev.mongolake.MongoLakeException(
          dev.mongolake.ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION,
          "Cannot " + action + " in a multi-document transaction.");
    }
  }

  /** Databases and collections: list, create, drop, rename; views. */
  public CollectionCatalog catalog() {
    return catalog;
  }

  /** The read-only views of every database. */
  public ViewCatalog views() {
    return views;
  }

  /** The attached read-only Delta tables of every database. */
  public AttachedTables attached() {
    return attached;
  }

  /**
   * Attaches the Delta table at {@code location} as {@code namespace} (see {@link AttachedTables}).
   *
   * @throws dev.mongolake.MongoLakeException NamespaceExists when a collection, view or attached
   *     table has the name, BadValue for a location without a readable Delta table
   */
  public void attachTable(Namespace namespace, String location) {
    refuseInTransaction("attach a table");
    if (past != null) {
      throw refusePastWrite("attach a table");
    }
    collections.checkCreatable(namespace);
    synchronized (collections.namingLock()) {
      attached.attach(namespace, location, name -> collections.exists(name) || views.isView(name));
    }
  }

  /** Forgets the attached table {@code namespace}, leaving its files; whether it was attached. */
  public boolean detachTable(Namespace namespace) {
    refuseInTransaction("detach a table");
    if (past != null) {
      throw refusePastWrite("detach a table");
    }
    synchronized (collections.namingLock()) {
      return attached.detach(namespace);
    }
  }

  /**
   * createIndexes, listIndexes and dropIndexes; inside a transaction, only createIndexes on a
   * collection the transaction creates (the others are refused).
   */
  public IndexCatalogOperations indexes() {
    EngineTransaction transaction = EngineTransaction.currentOf(this);
    if (transaction != null) {
      return IndexCatalogOperations.inTransaction(transaction);
    }
    return present(indexes, "change or list indexes");
  }

  /** Flushes and compactions of the tables, and the buffers' limit. */
  public TableFlusher flusher() {
    return present(flusher, "flush or compact");
  }

  /** Vacuum of the tables, with the lake's retention. */
  public TableVacuum vacuum() {
    present(flusher, "vacuum");
    return new TableVacuum(collections, flusher, pins, vacuumRetention, branches::filesInUse);
  }

  /** Branches of databases: create, list, compare, merge, delete (see {@link Branches}). */
  public Branches branches() {
    refuseInTransaction("create, merge or delete a branch");
    return present(branches, "create, merge or delete a branch");
  }

  /**
   * Sets how long the write-ahead log keeps records for reads at a past point ({@link #at}) after
   * the tables hold them (the lake's option, at open).
   */
  public void historyWindow(java.time.Duration length) {
    wal.historyWindow(length);
  }

  /** Sets the retention {@link #vacuum()} uses (the lake's option, at open). */
  public void vacuumRetention(java.time.Duration retention) {
    vacuumRetention = retention;
  }

  /** The deletes TTL indexes call for. */
  public ExpiredDocuments expired() {
    return present(expired, "delete expired documents");
  }

  /** The time source for {@code $currentDate}, timestamps, TTL and {@code $$NOW}. */
  public Clock clock() {
    return clock;
  }

  /** The storage holding the collections' tables (owned by the engine: do not close it). */
  public Storage tableStorage() {
    return storage;
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
    return commandVariables(let, Collation.SIMPLE);
  }

  /**
   * {@link #commandVariables(BsonDocument)} for a command whose comparisons follow {@code
   * collation} (its pipeline updates and {@code $expr} among them).
   */
  public PipelineContext commandVariables(BsonDocument let, Collation collation) {
    return PipelineContext.of(
        AggregationEnvironment.standalone(clock.instant(), let, true, collation));
  }

  /** Which statements of retryable writes ran, by session. */
  public RetryableWriteLedger ledger() {
    return ledger;
  }

  /** Returns once the log record {@code sequence} is durable, forcing the log if it is not yet. */
  public void awaitDurable(long sequence) {
    if (wal.durableSequence() < sequence) {
      wal.flush();
    }
  }

  /** The log time of the last record appended, a BSON Timestamp's 64 bits (see the log clock). */
  public long lastLogTime() {
    return wal.lastTime();
  }

  /**
   * The retained log records as oplog entries (see {@link OplogEntries}), oldest first or newest
   * first, read one at a time.
   */
  public java.util.Iterator<org.bson.BsonDocument> oplog(boolean newestFirst) {
    return newestFirst
        ? new OplogEntries(wal.readBackwards(), collections.identities(Long.MAX_VALUE), true)
        : new OplogEntries(wal.readAfter(0), collections.identities(0), false);
  }

  /**
   * A change-stream reader over the log: after the record of {@code after}, else from {@code
   * startAtTime} (a log time), else from the newest durable record.
   *
   * @throws dev.mongolake.MongoLakeException ChangeStreamHistoryLost for a start the log no longer
   *     holds
   */
  public ChangeStreamReader openChangeStream(
      ChangeEvents events, ResumeToken after, Long startAtTime) {
    present(wal, "watch changes");
    refuseInTransaction("open a change stream");
    long[] start =
        after != null
            ? ChangeStreamReader.after(wal, after)
            : startAtTime != null
                ? ChangeStreamReader.at(wal, startAtTime)
                : ChangeStreamReader.now(wal);
    if (events.isExpanded()) {
      events.identifiedBy(collections.identities(start[0]));
    }
    return new ChangeStreamReader(wal, events, start[0], start[1]).resumingInside(after);
  }

  /** The log time of the last record known durable. */
  public long durableLogTime() {
    return wal.durableTime();
  }

  /** What opening cut off the end of the log, if anything. */
  public Optional<TornTail> droppedLogTail() {
    return wal.droppedTail();
  }

  /** The collections and their locks (for tests that hold a lock). */
  CollectionRegistry collections() {
    return collections;
  }

  /** What opening did with the index files (for tests). */
  PersistedIndexes.LoadCounts indexFileCounts() {
    return indexFiles.counts();
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
    present(flusher, "close the lake");
    try {
      flusher.flushToTables(progress);
    } finally {
      try {
        closeCommitListeners();
        wal.close();
      } finally {
        storage.close();
      }
    }
  }

  private void closeCommitListeners() {
    for (dev.mongolake.delta.CommitListener listener : commitListeners) {
      try {
        listener.close();
      } catch (RuntimeException e) {
        // The tables are flushed; what the listener did not finish it catches up on next time.
        LOG.warn("Closing commit listener {} failed: {}", listener, e.toString());
      }
    }
  }
}
