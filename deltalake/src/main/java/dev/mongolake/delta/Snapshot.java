package dev.mongolake.delta;

import dev.mongolake.delta.dv.DeletedRows;
import dev.mongolake.delta.dv.DeletionVectors;
import dev.mongolake.delta.dv.internal.DeletionVectorLocation;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.DomainMetadata;
import dev.mongolake.delta.log.FilePaths;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.Protocol;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.log.SetTransaction;
import dev.mongolake.delta.log.internal.LogSegment;
import dev.mongolake.delta.log.internal.TableLog;
import dev.mongolake.delta.log.internal.TableState;
import dev.mongolake.delta.log.schema.StructType;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * The state of a Delta table at one version: protocol, metadata and schema (loaded eagerly, from
 * the newest commits that hold them), and the file-level state (live files, tombstones, writer
 * progress, metadata domains), which is reconstructed only when first asked for and then kept.
 *
 * <p>Immutable and thread-safe; the lazy state is computed at most once. Methods that need the file
 * state may throw {@link DeltaException} (or {@link dev.mongolake.delta.storage.StorageException})
 * if the log cannot be read.
 */
public final class Snapshot {
  private final TableLog log;
  private final LogSegment segment;
  private final Protocol protocol;
  private final Metadata metadata;
  private final Supplier<TableState> stateSource;
  private final ColumnMapping columnMapping;
  private volatile TableState state;

  Snapshot(
      TableLog log,
      LogSegment segment,
      Protocol protocol,
      Metadata metadata,
      Supplier<TableState> stateSource) {
    this.log = log;
    this.segment = segment;
    this.protocol = protocol;
    this.metadata = metadata;
    this.stateSource = stateSource;
    this.columnMapping = ColumnMapping.of(log.tablePath(), protocol, metadata);
  }

  /** The table version this snapshot shows. */
  public long version() {
    return segment.version();
  }

  public Protocol protocol() {
    return protocol;
  }

  public Metadata metadata() {
    return metadata;
  }

  /** The table schema (parsed from the metadata's schema string). */
  public StructType schema() {
    return metadata.schema();
  }

  /** The logical names of the partition columns. */
  public List<String> partitionColumns() {
    return metadata.partitionColumns();
  }

  /**
   * How the schema's logical column names map to the physical names that data files, partition
   * values and statistics use.
   */
  public ColumnMapping columnMapping() {
    return columnMapping;
  }

  /**
   * A live file's partition values keyed by logical column name (the action keys them by physical
   * name when columns are mapped); a value the action leaves out is null.
   */
  public Map<String, String> partitionValues(AddFile file) {
    return columnMapping.partitionValues(schema(), partitionColumns(), file);
  }

  /** The table's storage path (empty for a table at the storage root). */
  public String tablePath() {
    return log.tablePath();
  }

  /** The live files, in log order. Triggers state reconstruction on first use. */
  public List<AddFile> files() {
    return List.copyOf(state().files().values());
  }

  /** Number of live files. */
  public int fileCount() {
    return state().files().size();
  }

  /** Tombstones (removed files not yet expired), kept for vacuum. */
  public List<RemoveFile> tombstones() {
    return List.copyOf(state().tombstones().values());
  }

  /** The latest recorded progress of an idempotent writer, if it ever committed. */
  public OptionalLong transactionVersion(String appId) {
    SetTransaction txn = state().transactions().get(appId);
    return txn == null ? OptionalLong.empty() : OptionalLong.of(txn.version());
  }

  /** Every idempotent writer's latest progress, keyed by appId. */
  public Map<String, SetTransaction> transactions() {
    return state().transactions();
  }

  /** Live metadata domains (tombstoned domains excluded), keyed by domain name. */
  public Map<String, DomainMetadata> domainMetadata() {
    return state().domains();
  }

  /** The storage path of a live file's data ({@code tablePath + "/" + decoded path}). */
  public String storagePath(AddFile file) {
    return FilePaths.toStoragePath(log.tablePath(), file.path());
  }

  /**
   * The rows of a live file that its deletion vector deletes ({@link DeletedRows#none()} when it
   * has none): a reader of the file's rows must skip these physical row indexes. Reads the vector
   * on every call (see {@link DeletionVectors#read}); callers that read a file more than once keep
   * the result.
   *
   * @throws dev.mongolake.delta.exceptions.CorruptDeletionVectorException if the vector is corrupt
   */
  public DeletedRows deletedRows(AddFile file) {
    return DeletionVectors.read(log.storage(), log.tablePath(), file.deletionVector(), file.path());
  }

  /** The storage paths of every live file. */
  public List<String> storagePaths() {
    Collection<AddFile> files = state().files().values();
    return files.stream().map(this::storagePath).toList();
  }

  /**
   * The storage paths of the deletion vector files ({@code u}) the live files' vectors are stored
   * in, each once: what a reader of this snapshot needs besides {@link #storagePaths()}.
   */
  public List<String> deletionVectorPaths() {
    return state().files().values().stream()
        .map(AddFile::deletionVector)
        .filter(v -> v != null && DeletionVectorLocation.RELATIVE.equals(v.storageType()))
        .map(v -> DeletionVectorLocation.storagePath(log.tablePath(), v))
        .distinct()
        .toList();
  }

  LogSegment segment() {
    return segment;
  }

  TableLog log() {
    return log;
  }

  /** The state if it was already reconstructed, else null (for incremental refresh). */
  TableState stateIfLoaded() {
    return state;
  }

  TableState state() {
    TableState current = state;
    if (current == null) {
      synchronized (this) {
        current = state;
        if (current == null) {
          current = stateSource.get();
          state = current;
        }
      }
    }
    return current;
  }

  @Override
  public String toString() {
    return "Snapshot[" + log.tablePath() + "@" + version() + "]";
  }
}
