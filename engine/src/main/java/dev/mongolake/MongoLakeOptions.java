package dev.mongolake;

import dev.mongolake.daktilo.Durability;
import dev.mongolake.delta.CommitListener;
import dev.mongolake.delta.DeltaTableOptions;
import java.nio.file.Path;
import java.time.Clock;

/**
 * How to open a {@link MongoLake}.
 *
 * @param path the data root (default {@code $MONGOLAKE_PATH}, else {@code ./.mongolake})
 * @param durability when a write is acknowledged: {@code BATCH} (default: durable, sharing disk
 *     syncs with concurrent writes), {@code STRICT} (one sync per write) or {@code ASYNC} (after
 *     the OS write; a crash may lose the last moments)
 * @param clock the time source for {@code $currentDate}, timestamps and TTL
 * @param flushThresholdBytes buffered changes are flushed to the tables once they hold about this
 *     much memory
 * @param flushInterval buffered changes are flushed at least this often (and on close)
 * @param ttlMonitorPeriod how often documents past a TTL index's {@code expireAfterSeconds} are
 *     deleted (MongoDB's default: 60 seconds)
 * @param tables where the collections' Delta tables live: {@code null} for under {@code path}, or a
 *     location such as {@code s3://bucket/prefix?endpoint=...} (needs the {@code deltalake-s3}
 *     module), {@code memory://} or another directory. The write-ahead log always stays under
 *     {@code path} on local disk.
 * @param tableConfigs how new collections' tables store documents (promoted columns, automatic
 *     promotion, change data feed, sizes); by default {@link
 *     CollectionTableConfigs#lakeDefaults()}: automatic promotion at 0.9 ({@link
 *     CollectionTableConfigs#plain()} turns it off)
 * @param acceptTableLoss open even when a collection's Delta table is older than the version the
 *     trimmed write-ahead log relied on (its newest commits deleted or an old copy restored),
 *     serving that older version and losing the writes it lacks; by default such a lake does not
 *     open, and the error names each table (default {@code false})
 * @param aggregationMemoryLimitBytes how much memory each blocking aggregation stage ({@code
 *     $sort}, {@code $group}, ...) may hold before it spills to disk, or fails without {@code
 *     allowDiskUse}: MongoDB's 100 MiB by default, or the system property {@value
 *     #AGGREGATION_MEMORY_LIMIT_PROPERTY} when set (so that a server's tests can lower it)
 * @param vacuum how long table files no longer referenced are kept, and how often the background
 *     vacuum deletes the older ones (default: Delta's 7 days, every hour)
 * @param commitListeners called after every version the engine commits to a collection's table, in
 *     order (for example {@code IcebergMetadata.listener()} from the {@code deltalake-iceberg}
 *     module, which writes Iceberg metadata beside each table); a failing listener is logged and
 *     never fails the commit, and each is closed when the lake closes, after its final flush
 *     (default none)
 * @param historyWindow how long the write-ahead log keeps records after the tables hold them, for
 *     reads at a past point (default {@link #DEFAULT_HISTORY_WINDOW}, 5 minutes as MongoDB's {@code
 *     minSnapshotHistoryWindowInSeconds}); see {@link #withHistoryWindow}
 */
public record MongoLakeOptions(
    Path path,
    Durability durability,
    Clock clock,
    long flushThresholdBytes,
    java.time.Duration flushInterval,
    java.time.Duration ttlMonitorPeriod,
    String tables,
    CollectionTableConfigs tableConfigs,
    boolean acceptTableLoss,
    long aggregationMemoryLimitBytes,
    VacuumSettings vacuum,
    java.util.List<CommitListener> commitListeners,
    java.time.Duration historyWindow) {

  /**
   * How long the write-ahead log keeps records after the tables hold them, for reads at a past
   * point in time: MongoDB's default {@code minSnapshotHistoryWindowInSeconds}, 5 minutes.
   */
  public static final java.time.Duration DEFAULT_HISTORY_WINDOW = java.time.Duration.ofMinutes(5);

  public MongoLakeOptions {
    historyWindow = historyWindow == null ? DEFAULT_HISTORY_WINDOW : historyWindow;
    if (historyWindow.isNegative()) {
      throw new IllegalArgumentException(
          "Cannot open a lake with a history window of " + historyWindow + ": it is negative");
    }
    commitListeners =
        commitListeners == null ? java.util.List.of() : java.util.List.copyOf(commitListeners);
  }

  /** Default buffer size that triggers a flush. */
  public static final long DEFAULT_FLUSH_THRESHOLD_BYTES = 64L * 1024 * 1024;

  /** Default longest time a change waits in the buffer. */
  public static final java.time.Duration DEFAULT_FLUSH_INTERVAL = java.time.Duration.ofMinutes(1);

  /** Default period of the TTL monitor, as MongoDB's {@code ttlMonitorSleepSecs}. */
  public static final java.time.Duration DEFAULT_TTL_MONITOR_PERIOD =
      java.time.Duration.ofSeconds(60);

  /** MongoDB's memory limit of one blocking aggregation stage: 100 MiB. */
  public static final long DEFAULT_AGGREGATION_MEMORY_LIMIT_BYTES = 100L * 1024 * 1024;

  /**
   * The system property that, when set, replaces {@link #DEFAULT_AGGREGATION_MEMORY_LIMIT_BYTES} in
   * {@link #defaults()}: for tests of a server, which opens its lake from defaults.
   */
  public static final String AGGREGATION_MEMORY_LIMIT_PROPERTY =
      "mongolake.aggregationMemoryLimitBytes";

  /** The environment variable naming the default data root. */
  public static final String PATH_VARIABLE = "MONGOLAKE_PATH";

  /**
   * Defaults: {@code $MONGOLAKE_PATH} or {@code ./.mongolake}, batch durability, the UTC clock,
   * automatic promotion at 0.9 for new collections' tables.
   */
  public static MongoLakeOptions defaults() {
    String fromEnvironment = System.getenv(PATH_VARIABLE);
    Path path =
        fromEnvironment == null || fromEnvironment.isBlank()
            ? Path.of(".mongolake")
            : Path.of(fromEnvironment);
    return new MongoLakeOptions(
        path,
        Durability.BATCH,
        Clock.systemUTC(),
        DEFAULT_FLUSH_THRESHOLD_BYTES,
        DEFAULT_FLUSH_INTERVAL,
        DEFAULT_TTL_MONITOR_PERIOD,
        null,
        CollectionTableConfigs.lakeDefaults(),
        false,
        defaultAggregationMemoryLimitBytes(),
        VacuumSettings.defaults(),
        java.util.List.of(),
        DEFAULT_HISTORY_WINDOW);
  }

  public MongoLakeOptions withPath(Path value) {
    return new MongoLakeOptions(
        value,
        durability,
        clock,
        flushThresholdBytes,
        flushInterval,
        ttlMonitorPeriod,
        tables,
        tableConfigs,
        acceptTableLoss,
        aggregationMemoryLimitBytes,
        vacuum,
        commitListeners,
        historyWindow);
  }

  public MongoLakeOptions withDurability(Durability value) {
    return new MongoLakeOptions(
        path,
        value,
        clock,
        flushThresholdBytes,
        flushInterval,
        ttlMonitorPeriod,
        tables,
        tableConfigs,
        acceptTableLoss,
        aggregationMemoryLimitBytes,
        vacuum,
        commitListeners,
        historyWindow);
  }

  public MongoLakeOptions withClock(Clock value) {
    return new MongoLakeOptions(
        path,
        durability,
        value,
        flushThresholdBytes,
        flushInterval,
        ttlMonitorPeriod,
        tables,
        tableConfigs,
        acceptTableLoss,
        aggregationMemoryLimitBytes,
        vacuum,
        commitListeners,
        historyWindow);
  }

  /**
   * Writes wait (a write stall) while the buffers hold this much, until a flush catches up: four
   * times the flush threshold, so that a bulk load running while a flush or a file compaction runs
   * cannot fill the heap. No limit when the threshold is so large that it never flushes by size.
   */
  public long maxBufferedBytes() {
    return flushThresholdBytes > Long.MAX_VALUE / 4 ? Long.MAX_VALUE : flushThresholdBytes * 4;
  }

  public MongoLakeOptions withFlushThresholdBytes(long value) {
    return new MongoLakeOptions(
        path,
        durability,
        clock,
        value,
        flushInterval,
        ttlMonitorPeriod,
        tables,
        tableConfigs,
        acceptTableLoss,
        aggregationMemoryLimitBytes,
        vacuum,
        commitListeners,
        historyWindow);
  }

  public MongoLakeOptions withFlushInterval(java.time.Duration value) {
    return new MongoLakeOptions(
        path,
        durability,
        clock,
        flushThresholdBytes,
        value,
        ttlMonitorPeriod,
        tables,
        tableConfigs,
        acceptTableLoss,
        aggregationMemoryLimitBytes,
        vacuum,
        commitListeners,
        historyWindow);
  }

  public MongoLakeOptions withTtlMonitorPeriod(java.time.Duration value) {
    return new MongoLakeOptions(
        path,
        durability,
        clock,
        flushThresholdBytes,
        flushInterval,
        value,
        tables,
        tableConfigs,
        acceptTableLoss,
        aggregationMemoryLimitBytes,
        vacuum,
        commitListeners,
        historyWindow);
  }

  /** Keeps the collections' tables at {@code location} (see {@link #tables()}). */
  public MongoLakeOptions withTables(String location) {
    return new MongoLakeOptions(
        path,
        durability,
        clock,
        flushThresholdBytes,
        flushInterval,
        ttlMonitorPeriod,
        location,
        tableConfigs,
        acceptTableLoss,
        aggregationMemoryLimitBytes,
        vacuum,
        commitListeners,
        historyWindow);
  }

  /** Stores new collections' tables as {@code value} says. */
  public MongoLakeOptions withTableConfigs(CollectionTableConfigs value) {
    return new MongoLakeOptions(
        path,
        durability,
        clock,
        flushThresholdBytes,
        flushInterval,
        ttlMonitorPeriod,
        tables,
        value,
        acceptTableLoss,
        aggregationMemoryLimitBytes,
        vacuum,
        commitListeners,
        historyWindow);
  }

  /** Opens even tables that lost their newest commits (see {@link #acceptTableLoss()}). */
  public MongoLakeOptions withAcceptTableLoss(boolean value) {
    return new MongoLakeOptions(
        path,
        durability,
        clock,
        flushThresholdBytes,
        flushInterval,
        ttlMonitorPeriod,
        tables,
        tableConfigs,
        value,
        aggregationMemoryLimitBytes,
        vacuum,
        commitListeners,
        historyWindow);
  }

  /**
   * Lets each blocking aggregation stage hold {@code value} bytes (see {@link
   * #aggregationMemoryLimitBytes()}).
   */
  public MongoLakeOptions withAggregationMemoryLimitBytes(long value) {
    if (value <= 0) {
      throw new IllegalArgumentException(
          "Cannot limit aggregation stages to " + value + " bytes: expected a positive number");
    }
    return new MongoLakeOptions(
        path,
        durability,
        clock,
        flushThresholdBytes,
        flushInterval,
        ttlMonitorPeriod,
        tables,
        tableConfigs,
        acceptTableLoss,
        value,
        vacuum,
        commitListeners,
        historyWindow);
  }

  private static long defaultAggregationMemoryLimitBytes() {
    String configured = System.getProperty(AGGREGATION_MEMORY_LIMIT_PROPERTY);
    return configured == null || configured.isBlank()
        ? DEFAULT_AGGREGATION_MEMORY_LIMIT_BYTES
        : Long.parseLong(configured.trim());
  }

  /** The same options with {@code value} as the vacuum's retention and period. */
  public MongoLakeOptions withVacuum(VacuumSettings value) {
    java.util.Objects.requireNonNull(value, "vacuum");
    return new MongoLakeOptions(
        path,
        durability,
        clock,
        flushThresholdBytes,
        flushInterval,
        ttlMonitorPeriod,
        tables,
        tableConfigs,
        acceptTableLoss,
        aggregationMemoryLimitBytes,
        value,
        commitListeners,
        historyWindow);
  }

  /**
   * The same options with {@code listener} called after every version the engine commits to a
   * collection's table, after the listeners already set (see {@link #commitListeners()}).
   */
  public MongoLakeOptions withCommitListener(CommitListener listener) {
    java.util.Objects.requireNonNull(listener, "listener");
    java.util.List<CommitListener> listeners = new java.util.ArrayList<>(commitListeners);
    listeners.add(listener);
    return new MongoLakeOptions(
        path,
        durability,
        clock,
        flushThresholdBytes,
        flushInterval,
        ttlMonitorPeriod,
        tables,
        tableConfigs,
        acceptTableLoss,
        aggregationMemoryLimitBytes,
        vacuum,
        listeners,
        historyWindow);
  }

  /** The options of every collection table's Delta handle: the defaults plus the listeners. */
  public DeltaTableOptions tableOptions() {
    DeltaTableOptions options = DeltaTableOptions.defaults();
    for (CommitListener listener : commitListeners) {
      options = options.withCommitListener(listener);
    }
    return options;
  }

  /**
   * The same options with {@code value} as the history window: how long the write-ahead log keeps
   * records after the tables hold them, so that reads at a past point in time ({@link
   * MongoLake#db(String, ReadAt)}) within it are exact whatever was flushed since. Zero keeps
   * nothing beyond what open change streams need.
   */
  public MongoLakeOptions withHistoryWindow(java.time.Duration value) {
    java.util.Objects.requireNonNull(value, "historyWindow");
    return new MongoLakeOptions(
        path,
        durability,
        clock,
        flushThresholdBytes,
        flushInterval,
        ttlMonitorPeriod,
        tables,
        tableConfigs,
        acceptTableLoss,
        aggregationMemoryLimitBytes,
        vacuum,
        commitListeners,
        value);
  }
}
