package dev.mongolake.delta.iceberg.internal;

import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import org.apache.iceberg.LocationProviders;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.LocationProvider;

/**
 * Iceberg table operations over a table's {@code metadata/} folder, in the layout of Iceberg's
 * file-system tables: {@code v<N>.metadata.json} files and a {@code version-hint.text} naming the
 * newest. A new metadata file is published with the storage's atomic {@code writeIfAbsent}, so two
 * writers racing for one version cannot both win (the loser's commit fails and Iceberg retries on
 * the refreshed metadata).
 *
 * <p>Keeps the current metadata in memory between commits; {@link #refresh()} re-reads only when
 * the version hint moved. Not thread-safe: one mirror uses it at a time.
 */
final class StorageTableOperations implements TableOperations {
  static final String METADATA_FOLDER = "metadata";
  static final String VERSION_HINT = "version-hint.text";

  private final Storage storage;
  private final StorageFileIO io;
  private final String metadataPrefix;
  private final String tablePath;
  private TableMetadata current;
  private int currentVersion;
  private long expectedMirrored = ANY_VERSION;

  private static final long ANY_VERSION = Long.MIN_VALUE;

  StorageTableOperations(Storage storage, StorageFileIO io, String tablePath) {
    this.storage = storage;
    this.io = io;
    this.metadataPrefix = (tablePath.isEmpty() ? "" : tablePath + "/") + METADATA_FOLDER + "/";
    this.tablePath = tablePath;
  }

  @Override
  public TableMetadata current() {
    return current;
  }

  @Override
  public TableMetadata refresh() {
    OptionalInt newest = newestVersion();
    if (newest.isEmpty()) {
      current = null;
      currentVersion = 0;
    } else if (current == null || newest.getAsInt() != currentVersion) {
      currentVersion = newest.getAsInt();
      current = TableMetadataParser.read(io, io.location(metadataPath(currentVersion)));
    }
    return current;
  }

  /**
   * Makes every commit until the next call fail unless the metadata it builds on mirrors Delta up
   * to {@code version} (-1: none yet). Iceberg re-reads the metadata before it applies a snapshot,
   * so without this a mirror that lost a race would add its versions again on top of the winner's.
   */
  void expectMirrored(long version) {
    expectedMirrored = version;
  }

  /** Lets commits build on whatever the metadata mirrors (for snapshot expiry). */
  void expectAnyMirrored() {
    expectedMirrored = ANY_VERSION;
  }

  @Override
  public void commit(TableMetadata base, TableMetadata metadata) {
    if (!Objects.equals(base, current)) {
      throw new CommitFailedException(
          "Cannot commit Iceberg metadata of %s: it changed since it was read", metadataPrefix);
    }
    if (expectedMirrored != ANY_VERSION
        && (base == null ? -1 : TableMirror.mirroredVersion(base)) != expectedMirrored) {
      throw new CommitFailedException(
          "Cannot commit Iceberg metadata of %s: another writer mirrored the Delta versions after"
              + " %d meanwhile",
          metadataPrefix, expectedMirrored);
    }
    int version = currentVersion + 1;
    String path = metadataPath(version);
    byte[] json = TableMetadataParser.toJson(metadata).getBytes(StandardCharsets.UTF_8);
    if (!storage.writeIfAbsent(path, json)) {
      refresh();
      throw new CommitFailedException(
          "Cannot commit Iceberg metadata version %d of %s: another writer committed it",
          version, metadataPrefix);
    }
    storage.overwrite(
        metadataPrefix + VERSION_HINT, Integer.toString(version).getBytes(StandardCharsets.UTF_8));
    deleteDroppedMetadataFiles(base, metadata);
    currentVersion = version;
    // What was written, not a re-read: the snapshots keep the manifest lists they have loaded.
    current =
        TableMetadata.buildFrom(metadata)
            .discardChanges()
            .withMetadataLocation(io.location(path))
            .build();
  }

  /**
   * Deletes the metadata files that fell off the new metadata's log (Iceberg keeps the newest
   * {@code write.metadata.previous-versions-max}, default 100), as Iceberg's catalogs do when
   * {@code write.metadata.delete-after-commit.enabled} is set.
   */
  private void deleteDroppedMetadataFiles(TableMetadata base, TableMetadata metadata) {
    if (base == null
        || !metadata.propertyAsBoolean(
            TableProperties.METADATA_DELETE_AFTER_COMMIT_ENABLED,
            TableProperties.METADATA_DELETE_AFTER_COMMIT_ENABLED_DEFAULT)) {
      return;
    }
    Set<String> kept = new HashSet<>();
    metadata.previousFiles().forEach(entry -> kept.add(entry.file()));
    List<String> dropped = new ArrayList<>();
    base.previousFiles().forEach(entry -> dropped.add(entry.file()));
    for (String file : dropped) {
      if (!kept.contains(file)) {
        try {
          io.deleteFile(file);
        } catch (RuntimeException e) {
          // An old metadata file left behind costs only space; the commit stands.
        }
      }
    }
  }

  @Override
  public FileIO io() {
    return io;
  }

  @Override
  public String metadataFileLocation(String fileName) {
    return io.location(metadataPrefix + fileName);
  }

  @Override
  public LocationProvider locationProvider() {
    // Iceberg asks for it in the transaction that creates the table too, before any metadata.
    return current == null
        ? LocationProviders.locationsFor(io.location(tablePath), java.util.Map.of())
        : LocationProviders.locationsFor(current.location(), current.properties());
  }

  /**
   * The newest metadata version: the hint's, then any later file a writer published before it could
   * move the hint (or after it crashed); a missing or unreadable hint falls back to listing.
   */
  private OptionalInt newestVersion() {
    int hinted = hintedVersion();
    if (hinted <= 0) {
      return listedVersion();
    }
    int version = hinted;
    while (storage.stat(metadataPath(version + 1)).isPresent()) {
      version++;
    }
    return storage.stat(metadataPath(version)).isPresent()
        ? OptionalInt.of(version)
        : listedVersion();
  }

  private int hintedVersion() {
    try {
      String text =
          new String(storage.read(metadataPrefix + VERSION_HINT), StandardCharsets.UTF_8).trim();
      return Integer.parseInt(text);
    } catch (StorageFileNotFoundException | NumberFormatException e) {
      return 0;
    }
  }

  private OptionalInt listedVersion() {
    int newest = 0;
    for (FileEntry entry : storage.list(metadataPrefix, "")) {
      String name = entry.path().substring(metadataPrefix.length());
      if (name.startsWith("v") && name.endsWith(".metadata.json")) {
        try {
          newest =
              Math.max(
                  newest,
                  Integer.parseInt(name.substring(1, name.length() - ".metadata.json".length())));
        } catch (NumberFormatException notOurs) {
          // Some other file that happens to look similar; not a version of this layout.
        }
      }
    }
    return newest == 0 ? OptionalInt.empty() : OptionalInt.of(newest);
  }

  private String metadataPath(int version) {
    return metadataPrefix + "v" + version + ".metadata.json";
  }
}
