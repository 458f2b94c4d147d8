package dev.mongolake.delta.iceberg.internal;

import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.iceberg.IcebergMetadataException;
import dev.mongolake.delta.iceberg.IcebergMetadataListener;
import dev.mongolake.delta.iceberg.IcebergMirrorStats;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.storage.Storage;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The commit listener that keeps each table's Iceberg metadata: one {@link TableMirror} per table
 * (by storage and path), so the current Iceberg metadata is read once and then kept in memory. A
 * commit only tells the {@link BackgroundMirror}, whose thread mirrors the table off the commit
 * path.
 */
public final class MirroringListener implements IcebergMetadataListener {
  private final Optional<String> rootLocation;
  private final Map<TableKey, TableMirror> mirrors = new ConcurrentHashMap<>();
  private final Map<TableKey, Kind> kinds = new ConcurrentHashMap<>();

  /**
   * How long a commit's pass waits for more commits of its table to share its snapshot: a snapshot
   * costs four durable writes whatever it covers, so back-to-back commits are cheaper together.
   */
  static final Duration LINGER = Duration.ofMillis(50);

  private final BackgroundMirror<TableMirror> background =
      new BackgroundMirror<>(TableMirror::catchUp, LINGER);

  /**
   * @param rootLocation the location of the storage root that manifests name data files under, or
   *     empty to take a {@link FileSystemStorage}'s root directory
   */
  public MirroringListener(Optional<String> rootLocation) {
    this.rootLocation = rootLocation.map(MirroringListener::withSlash);
  }

  @Override
  public void committed(DeltaTable table, long version) {
    // Resolving the mirror here (not on the background thread) reports a storage without a
    // location to the committing handle, which logs it.
    TableMirror mirror = mirror(table);
    TableKey key = key(table);
    Kind kind =
        kinds.computeIfAbsent(
            key,
            k -> table.snapshot().partitionColumns().isEmpty() ? Kind.MIRRORED : Kind.PARTITIONED);
    if (kind == Kind.MIRRORED) {
      background.request(mirror, version);
    } else if (kinds.replace(key, Kind.PARTITIONED, Kind.REPORTED)) {
      // Refused by name once per table and process, through the committing handle's log: a
      // table's partitioning is fixed, so later commits would only repeat it.
      mirror.refusePartitioned(table.snapshot());
    }
  }

  /** Whether a table is mirrored, or partitioned and so refused (and whether that was said). */
  private enum Kind {
    MIRRORED,
    PARTITIONED,
    REPORTED
  }

  /** The mirror of {@code table}, for a caller that mirrors on its own thread. */
  public TableMirror mirror(DeltaTable table) {
    return mirrors.computeIfAbsent(key(table), key -> new TableMirror(table, rootOf(table)));
  }

  @Override
  public boolean awaitMirrored(Duration timeout) throws InterruptedException {
    return background.awaitIdle(timeout);
  }

  @Override
  public IcebergMirrorStats stats() {
    return background.stats();
  }

  @Override
  public void close() {
    background.close();
    // A closed lake's storages are closed too: forget their mirrors (a reopened lake has new ones).
    mirrors.clear();
    kinds.clear();
  }

  private static TableKey key(DeltaTable table) {
    return new TableKey(table.storage(), table.tablePath());
  }

  private String rootOf(DeltaTable table) {
    if (rootLocation.isPresent()) {
      return rootLocation.get();
    }
    if (table.storage() instanceof FileSystemStorage files) {
      return withSlash(files.root().toAbsolutePath().toUri().toString());
    }
    throw new IcebergMetadataException(
        "Cannot write Iceberg metadata of "
            + table.tablePath()
            + ": "
            + table.storage()
            + " has no file-system location; name the storage root's location with"
            + " IcebergMetadata.listener(String)");
  }

  private static String withSlash(String location) {
    return location.endsWith("/") ? location : location + "/";
  }

  @Override
  public String toString() {
    return "IcebergMetadata";
  }

  /** Storages compare by identity: one storage object is one place. */
  private record TableKey(Storage storage, String path) {}
}
