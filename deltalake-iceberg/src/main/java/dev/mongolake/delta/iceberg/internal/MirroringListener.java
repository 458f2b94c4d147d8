package dev.mongolake.delta.iceberg.internal;

import dev.mongolake.delta.CommitListener;
import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.iceberg.IcebergMetadataException;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.storage.Storage;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The commit listener that keeps each table's Iceberg metadata: one {@link TableMirror} per table
 * (by storage and path), so the current Iceberg metadata is read once and then kept in memory.
 */
public final class MirroringListener implements CommitListener {
  private final Optional<String> rootLocation;
  private final Map<TableKey, TableMirror> mirrors = new ConcurrentHashMap<>();

  /**
   * @param rootLocation the location of the storage root that manifests name data files under, or
   *     empty to take a {@link FileSystemStorage}'s root directory
   */
  public MirroringListener(Optional<String> rootLocation) {
    this.rootLocation = rootLocation.map(MirroringListener::withSlash);
  }

  @Override
  public void committed(DeltaTable table, long version) {
    mirror(table).catchUp(version);
  }

  /** The mirror of {@code table}. */
  public TableMirror mirror(DeltaTable table) {
    return mirrors.computeIfAbsent(
        new TableKey(table.storage(), table.tablePath()),
        key -> new TableMirror(table, rootOf(table)));
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
