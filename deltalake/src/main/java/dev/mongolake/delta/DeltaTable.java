package dev.mongolake.delta;

import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.exceptions.TableAlreadyExistsException;
import dev.mongolake.delta.exceptions.TableNotFoundException;
import dev.mongolake.delta.exceptions.UnsupportedTableFeatureException;
import dev.mongolake.delta.exceptions.VersionNotFoundException;
import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.CommitInfo;
import dev.mongolake.delta.log.Format;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.Protocol;
import dev.mongolake.delta.log.internal.CheckpointWriter;
import dev.mongolake.delta.log.internal.CommitTimeline;
import dev.mongolake.delta.log.internal.LogFile;
import dev.mongolake.delta.log.internal.LogSegment;
import dev.mongolake.delta.log.internal.ProtocolAndMetadata;
import dev.mongolake.delta.log.internal.ProtocolSelection;
import dev.mongolake.delta.log.internal.TableLog;
import dev.mongolake.delta.log.internal.TableState;
import dev.mongolake.delta.log.schema.SchemaJson;
import dev.mongolake.delta.log.schema.StructType;
import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A handle on one Delta table in a {@link Storage}: snapshots (latest, by version, by timestamp),
 * transactions, history, checkpoints and vacuum.
 *
 * <p>The handle caches the latest snapshot it has seen; {@link #snapshot()} refreshes it cheaply by
 * listing only the log entries after the cached version. Thread-safe: any number of threads may
 * read and commit through one handle, and several handles (in several processes) may commit to one
 * table, serialized by the storage's atomic {@code writeIfAbsent}. The handle does not own the
 * storage: the caller closes the storage.
 */
public final class DeltaTable {
  private static final Logger LOG = LoggerFactory.getLogger(DeltaTable.class);

  /**
   * A refresh rebuilds the segment from a newer checkpoint once the segment has this many commits;
   * otherwise it appends the new commits to the cached segment.
   */
  private static final int MAX_INCREMENTAL_COMMITS = 64;

  private final TableLog log;
  private final DeltaTableOptions options;
  private volatile Snapshot latest;

  private DeltaTable(TableLog log, DeltaTableOptions options) {
    this.log = log;
    this.options = options;
  }

  /**
   * A handle on the table at {@code tablePath} (a storage path such as {@code "db/users"}, or empty
   * for the storage root). Does not touch storage: a missing table is reported by the first read.
   */
  public static DeltaTable forPath(Storage storage, String tablePath) {
    return forPath(storage, tablePath, DeltaTableOptions.defaults());
  }

  /** As {@link #forPath(Storage, String)} with explicit options. */
  public static DeltaTable forPath(Storage storage, String tablePath, DeltaTableOptions options) {
    String normalized =
        tablePath.endsWith("/") ? tablePath.substring(0, tablePath.length() - 1) : tablePath;
    return new DeltaTable(new TableLog(storage, normalized), options);
  }

  /** The table's storage path. */
  public String tablePath() {
    return log.tablePath();
  }

  /**
   * The storage this handle reads and writes (for commit listeners that write beside the log). The
   * handle does not own it.
   */
  public Storage storage() {
    return log.storage();
  }

  public DeltaTableOptions options() {
    return options;
  }

  /**
   * The latest snapshot, refreshed from storage.
   *
   * @throws TableNotFoundException if the table has no log
   * @throws UnsupportedTableFeatureException if the table uses a feature this library cannot read
   * @throws DeltaException if the log is corrupt (for example not contiguous)
   */
  public Snapshot snapshot() {
    Snapshot cached = latest;
    Snapshot fresh =
        cached == null ? load(log.segments().build(OptionalLong.empty())) : refresh(cached);
    publish(fresh);
    return fresh;
  }

  /**
   * The snapshot at {@code version}.
   *
   * @throws VersionNotFoundException if the log cannot reconstruct that version
   */
  public Snapshot snapshotAt(long version) {
    Snapshot cached = latest;
    if (cached != null && cached.version() == version) {
      return cached;
    }
    return load(log.segments().build(OptionalLong.of(version)));
  }

  /** The most recently loaded latest snapshot without touching storage, or a fresh one if none. */
  public Snapshot cachedSnapshot() {
    Snapshot cached = latest;
    return cached == null ? snapshot() : cached;
  }

  /**
   * Creates the table: writes version 0 with a protocol chosen for the definition (see {@link
   * TableFeatures}) and the metadata.
   *
   * <p>With the property {@code delta.columnMapping.mode=name} the table uses column mapping: every
   * column of the schema, at every depth, gets a physical name ({@code col-<uuid>}) and an id (see
   * {@link ColumnMapping#assign}), {@code delta.columnMapping.maxColumnId} records the largest, and
   * the protocol supports {@code columnMapping} (reader 2 and writer 5, or the table feature). Its
   * data files must then name their columns by physical name ({@link
   * dev.mongolake.delta.rows.TableWriter} writes such files); mode {@code id} is refused.
   *
   * @throws TableAlreadyExistsException if version 0 already exists
   * @throws UnsupportedTableFeatureException if the definition needs a feature this library does
   *     not write
   */
  public static DeltaTable create(
      Storage storage, String tablePath, TableDefinition definition, DeltaTableOptions options) {
    return create(storage, tablePath, definition, options, UUID.randomUUID().toString());
  }

  /**
   * As {@link #create(Storage, String, TableDefinition, DeltaTableOptions)}, with {@code id} as the
   * table's metadata id (an identity its owner chose before the table existed).
   */
  public static DeltaTable create(
      Storage storage,
      String tablePath,
      TableDefinition definition,
      DeltaTableOptions options,
      String id) {
    DeltaTable table = forPath(storage, tablePath, options);
    StructType schema = definition.schema();
    Map<String, String> configuration = definition.configuration();
    String mode = configuration.get(ColumnMapping.MODE_PROPERTY);
    if (mode != null && mode.equalsIgnoreCase("name")) {
      ColumnMapping.Assigned assigned = ColumnMapping.assign(schema, 0);
      schema = assigned.schema();
      configuration = new java.util.HashMap<>(configuration);
      configuration.put(
          ColumnMapping.MAX_COLUMN_ID_PROPERTY, Integer.toString(assigned.maxColumnId()));
    } else if (mode != null && !mode.equalsIgnoreCase("none")) {
      throw new UnsupportedTableFeatureException(
          "columnMapping",
          "Cannot create table "
              + tablePath
              + ": column mapping mode "
              + mode
              + " is not written (only none and name)");
    }
    Metadata metadata =
        new Metadata(
            id,
            definition.name(),
            null,
            Format.PARQUET,
            SchemaJson.write(schema),
            definition.partitionColumns(),
            configuration,
            options.clock().millis());
    Protocol protocol = ProtocolSelection.forNewTable(schema, configuration);
    new Transaction(table, null)
        .updateProtocol(protocol)
        .updateMetadata(metadata)
        .operation("CREATE TABLE", Map.of())
        .commit();
    return table;
  }

  /** As {@link #create(Storage, String, TableDefinition, DeltaTableOptions)} with defaults. */
  public static DeltaTable create(Storage storage, String tablePath, TableDefinition definition) {
    return create(storage, tablePath, definition, DeltaTableOptions.defaults());
  }

  /**
   * Creates a table at {@code targetPath} in the source's storage whose version 0 holds exactly the
   * data files of {@code source}, referenced where they are, not copied (a shallow clone: see
   * {@link ShallowClone}), with {@code id} as its metadata id and {@code idempotentWriters} as its
   * first {@code txn} actions (app id to version).
   *
   * @throws TableAlreadyExistsException if version 0 already exists
   */
  public static DeltaTable shallowClone(
      Snapshot source,
      String targetPath,
      DeltaTableOptions options,
      String id,
      Map<String, Long> idempotentWriters) {
    return ShallowClone.create(source, targetPath, options, id, idempotentWriters);
  }

  /** Starts a transaction on the latest snapshot (refreshed). */
  public Transaction startTransaction() {
    return new Transaction(this, snapshot());
  }

  /** Starts a transaction on a given snapshot of this table (for read-modify-write). */
  public Transaction startTransaction(Snapshot base) {
    return new Transaction(this, base);
  }

  /**
   * Writes a classic Parquet checkpoint of {@code snapshot} and points {@code _last_checkpoint} at
   * it. Tombstones older than {@code delta.deletedFileRetentionDuration} (default 7 days) are not
   * kept.
   *
   * <p>Then, unless {@code delta.enableExpiredLogCleanup} is {@code false}, deletes log entries
   * older than {@code delta.logRetentionDuration} (default 30 days) that no version still in
   * retention needs (see the protocol's "Metadata Cleanup"); a failed cleanup is logged, not
   * thrown, since the checkpoint is already written.
   *
   * @return the checkpoint's version
   */
  public long checkpoint(Snapshot snapshot) {
    TableFeatures.checkWritable(tablePath(), snapshot.protocol(), snapshot.metadata());
    long cutoff =
        options.clock().millis()
            - TableRetention.tombstoneRetention(snapshot.metadata()).toMillis();
    new CheckpointWriter(log.storage(), log.logPrefix())
        .write(
            snapshot.version(), snapshot.protocol(), snapshot.metadata(), snapshot.state(), cutoff);
    cleanUpExpiredLogs();
    return snapshot.version();
  }

  private void cleanUpExpiredLogs() {
    try {
      List<String> deleted = new MetadataCleanup(log, options.clock()).run(snapshot());
      if (!deleted.isEmpty()) {
        LOG.info("Deleted {} expired log entries of {}", deleted.size(), tablePath());
      }
    } catch (RuntimeException e) {
      LOG.warn("Cannot clean up the expired log entries of {}: {}", tablePath(), e.toString());
    }
  }

  /**
   * The snapshot of the newest version committed at or before {@code timestamp} (commit timestamps
   * as {@link #history} reports them).
   *
   * @throws VersionNotFoundException if every commit still in the log is later than the timestamp
   */
  public Snapshot snapshotAsOf(Instant timestamp) {
    CommitTimeline timeline = timeline();
    CommitTimeline.Entry entry =
        timeline
            .latestAtOrBefore(timestamp.toEpochMilli())
            .orElseThrow(
                () ->
                    new VersionNotFoundException(
                        "Cannot load table "
                            + tablePath()
                            + " as of "
                            + timestamp
                            + ": the earliest commit in the log is later"));
    return snapshotAt(entry.version());
  }

  /** The table's history, newest first: at most {@code limit} commits still in the log. */
  public List<HistoryEntry> history(int limit) {
    List<CommitTimeline.Entry> entries = timeline().entries();
    List<HistoryEntry> history = new ArrayList<>();
    for (int i = entries.size() - 1; i >= 0 && history.size() < limit; i--) {
      CommitTimeline.Entry entry = entries.get(i);
      CommitInfo info = log.commitInfo(entry.file()).orElse(new CommitInfo(Map.of()));
      Object params = info.values().get("operationParameters");
      @SuppressWarnings("unchecked")
      Map<String, Object> parameters =
          params instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
      history.add(
          new HistoryEntry(
              entry.version(),
              Instant.ofEpochMilli(entry.timestamp()),
              info.operation().orElse(""),
              parameters,
              info));
    }
    return history;
  }

  /**
   * Deletes files that no version within the retention references (see {@link VacuumOptions}).
   *
   * @throws DeltaException if the retention is below 7 days and not forced
   */
  public VacuumResult vacuum(VacuumOptions vacuumOptions) {
    return Vacuum.run(this, vacuumOptions, java.util.Set.of());
  }

  /**
   * {@link #vacuum(VacuumOptions)} that also keeps the files at {@code inUse} (storage paths, as
   * {@link Snapshot#storagePaths()} gives them): those of older snapshots that open readers still
   * scan, which the retention alone cannot know about.
   *
   * @throws DeltaException if the retention is below 7 days and not forced
   */
  public VacuumResult vacuum(VacuumOptions vacuumOptions, java.util.Set<String> inUse) {
    return Vacuum.run(this, vacuumOptions, inUse);
  }

  /**
   * The actions of the commit at {@code version}, in file order (for change feeds and audits).
   *
   * @throws VersionNotFoundException if the commit file is not in the log
   */
  public List<Action> commitActions(long version) {
    String path = log.commitPath(version);
    FileEntry entry =
        log.storage()
            .stat(path)
            .orElseThrow(
                () ->
                    new VersionNotFoundException(
                        "Cannot read commit "
                            + version
                            + " of "
                            + tablePath()
                            + ": no such commit file"));
    return log.commit(new LogFile(entry, LogFile.Kind.COMMIT, version, 1, 1));
  }

  private CommitTimeline timeline() {
    Snapshot latestSnapshot = snapshot();
    return CommitTimeline.build(
        log,
        latestSnapshot.metadata(),
        TableFeatures.supportsWriterFeature(latestSnapshot.protocol(), "inCommitTimestamp"));
  }

  TableLog log() {
    return log;
  }

  /** Records a snapshot as the latest if it is newer than the cached one. */
  void publish(Snapshot snapshot) {
    synchronized (this) {
      if (latest == null || latest.version() < snapshot.version()) {
        latest = snapshot;
      }
    }
  }

  Snapshot load(LogSegment segment) {
    ProtocolAndMetadata pm = log.protocolAndMetadata(segment);
    TableFeatures.checkReadable(log.tablePath(), pm.protocol(), pm.metadata());
    return new Snapshot(log, segment, pm.protocol(), pm.metadata(), () -> log.replay(segment));
  }

  private Snapshot refresh(Snapshot cached) {
    LogSegment old = cached.segment();
    List<LogFile> newer = new ArrayList<>();
    boolean newerCheckpoint = false;
    long expected = old.version() + 1;
    for (LogFile file : log.segments().list(expected)) {
      if (file.kind() == LogFile.Kind.COMMIT && file.version() == expected) {
        newer.add(file);
        expected++;
      } else if (file.isCheckpoint()) {
        newerCheckpoint = true;
      }
    }
    if (newer.isEmpty()) {
      return cached;
    }
    if (newerCheckpoint && old.commits().size() + newer.size() > MAX_INCREMENTAL_COMMITS) {
      // A newer checkpoint shortens replay for every later refresh: start over from it.
      return load(log.segments().build(OptionalLong.empty()));
    }
    List<LogFile> commits = new ArrayList<>(old.commits());
    commits.addAll(newer);
    LogSegment segment =
        new LogSegment(
            old.logPrefix(), expected - 1, old.checkpointVersion(), old.checkpoint(), commits);
    // Only the new commits can change protocol or metadata: no need to re-read the checkpoint.
    Protocol protocol = cached.protocol();
    Metadata metadata = cached.metadata();
    for (LogFile commit : newer) {
      for (Action action : log.commit(commit)) {
        if (action instanceof Protocol p) {
          protocol = p;
        } else if (action instanceof Metadata m) {
          metadata = m;
        }
      }
    }
    TableFeatures.checkReadable(log.tablePath(), protocol, metadata);
    TableState base = cached.stateIfLoaded();
    Supplier<TableState> state =
        base == null ? () -> log.replay(segment) : () -> log.replayFrom(base, newer);
    return new Snapshot(log, segment, protocol, metadata, state);
  }
}
