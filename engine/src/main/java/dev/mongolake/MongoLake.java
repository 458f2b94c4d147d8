package dev.mongolake;

import dev.mongolake.daktilo.TornTail;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.internal.engine.BackgroundFlusher;
import dev.mongolake.internal.engine.Engine;
import dev.mongolake.internal.engine.TtlMonitor;
import dev.mongolake.internal.engine.VacuumMonitor;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.bson.BsonTimestamp;

/**
 * An embedded MongoLake database: MongoDB's data model and operations over a write-ahead log and
 * (as data is flushed) Delta tables of Parquet files.
 *
 * <pre>{@code
 * try (MongoLake lake = MongoLake.open()) {
 *   MongoLakeCollection<Document> users = lake.db("app").collection("users");
 *   users.insertOne(new Document("name", "Alice"));
 * }
 * }</pre>
 *
 * <p>Thread-safe; one instance per data root (a second process opening the same root is not
 * supported). {@link #close()} makes everything durable and releases the files.
 */
public final class MongoLake implements AutoCloseable {

  private final MongoLakeOptions options;
  private final Engine engine;
  private final BackgroundFlusher flusher;
  private final TtlMonitor ttlMonitor;
  private final VacuumMonitor vacuumMonitor;

  private MongoLake(
      MongoLakeOptions options,
      Engine engine,
      BackgroundFlusher flusher,
      TtlMonitor ttlMonitor,
      VacuumMonitor vacuumMonitor) {
    this.options = options;
    this.engine = engine;
    this.flusher = flusher;
    this.ttlMonitor = ttlMonitor;
    this.vacuumMonitor = vacuumMonitor;
  }

  /** Opens the database at {@code $MONGOLAKE_PATH} or {@code ./.mongolake}. */
  public static MongoLake open() {
    return open(MongoLakeOptions.defaults());
  }

  /** Opens the database at {@code path} with default options. */
  public static MongoLake open(Path path) {
    return open(MongoLakeOptions.defaults().withPath(path));
  }

  /**
   * Opens (creating if needed) the database described by {@code options}, replaying its log.
   *
   * @throws MongoLakeException with {@link ErrorCode#DB_PATH_IN_USE} when another instance, in this
   *     process or another, has the data folder open
   */
  public static MongoLake open(MongoLakeOptions options) {
    Engine engine =
        Engine.open(
            options.path(),
            options.tables(),
            options.tableConfigs()::forCollection,
            options.durability(),
            options.clock(),
            options.acceptTableLoss(),
            options.tableOptions());
    engine.aggregationMemoryLimitBytes(options.aggregationMemoryLimitBytes());
    engine.vacuumRetention(options.vacuum().retention());
    engine.historyWindow(options.historyWindow());
    return new MongoLake(
        options,
        engine,
        BackgroundFlusher.start(engine.flusher(), options),
        TtlMonitor.start(engine.expired(), options.clock(), options.ttlMonitorPeriod()),
        VacuumMonitor.start(engine.vacuum(), options.vacuum().interval()));
  }

  /** Retryable writes: which statements of a session's transaction number ran. */
  public RetryableWrites retryableWrites() {
    return new RetryableWrites(engine);
  }

  /**
   * The log time of the newest write, MongoDB's oplog {@code ts}: a BSON Timestamp that grows with
   * every write, stamped into its log record (the same after a restart). {@code Timestamp(0, 0)}
   * for a lake that never held a write.
   */
  public BsonTimestamp lastWriteTime() {
    return new BsonTimestamp(engine.lastLogTime());
  }

  /**
   * The write-ahead log as MongoDB's oplog ({@code local.oplog.rs}): one entry per retained log
   * record, {@code {op, ns, ui, o, o2, ts, t, v, wall}}, built while the iterator advances (the log
   * is never held in memory). Updates carry the whole new document in {@code o} and its {@code _id}
   * in {@code o2}; catalog changes are {@code op: "c"} entries on {@code db.$cmd}. Records trimmed
   * after a checkpoint are gone, as an oplog's oldest entries are.
   *
   * @param newestFirst whether to list the newest record first ({@code $natural: -1})
   */
  public java.util.Iterator<org.bson.BsonDocument> oplog(boolean newestFirst) {
    return engine.oplog(newestFirst);
  }

  /** The log time of the newest write known durable: every write at or before it is. */
  public BsonTimestamp durableWriteTime() {
    return new BsonTimestamp(engine.durableLogTime());
  }

  /** A database by name (validated; it exists once a collection in it does). */
  /**
   * Starts a multi-document transaction (see {@link MongoLakeTransaction}); run its reads and
   * writes inside {@link MongoLakeTransaction#run}, then commit or abort it.
   */
  public MongoLakeTransaction startTransaction() {
    return new MongoLakeTransaction(engine.startTransaction(null, 0));
  }

  /**
   * Starts a transaction of a logical session: its commit record names {@code session} and {@code
   * txnNumber}, so that a retried commit is known to have committed, also after a restart.
   */
  public MongoLakeTransaction startTransaction(java.util.UUID session, long txnNumber) {
    return new MongoLakeTransaction(engine.startTransaction(session, txnNumber));
  }

  /**
   * Runs {@code body} in a transaction and commits it, retrying the whole transaction while it
   * fails with a write conflict (as the drivers' {@code withTransaction} does), for up to 120
   * seconds.
   *
   * @return what {@code body} returned in the transaction that committed
   */
  public <T> T withTransaction(java.util.function.Supplier<T> body) {
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(120);
    while (true) {
      MongoLakeTransaction transaction = startTransaction();
      try {
        T result = transaction.run(body);
        transaction.commit();
        return result;
      } catch (MongoLakeException e) {
        transaction.abort();
        if (e.errorCode() != ErrorCode.WRITE_CONFLICT || System.nanoTime() > deadline) {
          throw e;
        }
      } catch (RuntimeException e) {
        transaction.abort();
        throw e;
      }
    }
  }

  public MongoLakeDatabase db(String name) {
    Namespace.validateDatabaseName(name);
    return new MongoLakeDatabase(name, engine);
  }

  /**
   * The database {@code name} as it was at {@code point}, read-only: finds, counts, distinct and
   * aggregations (their {@code $lookup} and {@code $unionWith} included) see every collection of
   * the database as of that one log time; writes, index changes and watches are refused
   * (IllegalOperation). The handle keeps the collections' state at the point; views apply their
   * present definitions. Time travel reaches back as far as the write-ahead log and the tables'
   * retained versions rebuild the state exactly (see {@link MongoLakeOptions#historyWindow()}).
   *
   * @throws MongoLakeException SnapshotTooOld when the lake no longer holds that state,
   *     SnapshotUnavailable when a collection of the database was dropped or renamed since (or is
   *     capped and flushed since), InvalidOptions for a point after the latest write
   */
  public MongoLakeDatabase db(String name, ReadAt point) {
    Namespace.validateDatabaseName(name);
    return new MongoLakeDatabase(name, engine.at(name, point.clusterTime().getValue()));
  }

  /** Branches of databases (see {@link MongoLakeBranches}). */
  public MongoLakeBranches branches() {
    return new MongoLakeBranches(engine);
  }

  /** Names of databases that hold at least one collection, sorted. */
  public List<String> listDatabaseNames() {
    return List.copyOf(engine.catalog().databaseNames());
  }

  public MongoLakeOptions options() {
    return options;
  }

  /**
   * The storage holding the collections' Delta tables, each at its {@code DocumentTable.path()}
   * (usually {@link Namespace#storagePath()}; a renamed collection's table stays where it was): for
   * tools that read the tables themselves (history, sizes). Owned by this instance: do not close
   * it.
   */
  public Storage tableStorage() {
    return engine.tableStorage();
  }

  /**
   * How many data files aggregations have read from exact promoted columns alone, without reading
   * or decoding their documents, since this instance opened.
   */
  public long filesReadFromColumns() {
    return engine.reads().filesReadFromColumns();
  }

  /**
   * Whether a write made now would wait until a flush makes room in the buffers (a write stall, see
   * {@link MongoLakeOptions#maxBufferedBytes()}): a server multiplexing clients on one thread runs
   * such writes on a thread of their own.
   */
  public boolean writesWouldStall() {
    return engine.flusher().writesWouldStall();
  }

  /** What the write buffers hold and how often writers waited for a flush. */
  public BufferStats bufferStats() {
    var stalls = engine.flusher().writeStalls();
    return new BufferStats(
        engine.flusher().bufferedBytes(),
        stalls.stalls(),
        java.time.Duration.ofNanos(stalls.stalledNanos()));
  }

  /**
   * What opening cut off the end of the write-ahead log (an incomplete write a crash left, or a
   * damaged last record), if anything: the records there were never complete on disk. Logged at
   * open; servers also count it.
   */
  public Optional<TornTail> droppedLogTail() {
    return engine.droppedLogTail();
  }

  /**
   * Forces every write acknowledged so far onto the disk, in any durability mode: in {@code ASYNC}
   * mode a write is acknowledged before its log record is synced, and this is how a caller that
   * needs one on disk (a write concern's {@code j: true}) waits for it.
   */
  public void syncLog() {
    engine.syncLog();
  }

  /**
   * Writes every buffered change to the collections' Delta tables (Parquet files), then trims the
   * write-ahead log. Acknowledged writes are already durable in the log; this makes them visible to
   * other engines reading the tables.
   */
  public void flush() {
    engine.flusher().flushToTables();
  }

  @Override
  public void close() {
    close(FlushProgress.NONE);
  }

  /**
   * {@link #close()}, telling {@code progress} how the final flush of the buffers proceeds (a flush
   * the background flusher had begun finishes first, unreported).
   */
  public void close(FlushProgress progress) {
    vacuumMonitor.close();
    ttlMonitor.close();
    flusher.close();
    engine.close(progress);
  }

  /**
   * A change stream on every database but admin, config and local from now (see {@link
   * MongoLakeChangeStream}).
   */
  public MongoLakeChangeStream watch() {
    return watch(java.util.List.of(), ChangeStreamOptions.defaults());
  }

  /**
   * A change stream on every database but admin, config and local: its events shaped by {@code
   * pipeline} (only the stages MongoDB allows after {@code $changeStream}), starting as {@code
   * options} say.
   *
   * @throws MongoLakeException ChangeStreamHistoryLost for a start the log no longer holds,
   *     IllegalOperation for a stage not allowed in a change stream
   */
  public MongoLakeChangeStream watch(
      java.util.List<? extends org.bson.conversions.Bson> pipeline, ChangeStreamOptions options) {
    return MongoLakeChangeStream.open(
        engine,
        new dev.mongolake.internal.changestream.ChangeStreamScope(null, null),
        pipeline,
        options);
  }
}
