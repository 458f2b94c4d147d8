package dev.mongolake.delta.table;

import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.HistoryEntry;
import dev.mongolake.delta.cdc.ChangeRow;
import dev.mongolake.delta.cdc.ChangeType;
import dev.mongolake.delta.dv.DeletedRows;
import dev.mongolake.delta.dv.DeletionVectors;
import dev.mongolake.delta.exceptions.VersionNotFoundException;
import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.AddCdcFile;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.DeletionVectorDescriptor;
import dev.mongolake.delta.log.FilePaths;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.parquet.DocumentFileReader;
import dev.mongolake.delta.parquet.DocumentReadOptions;
import dev.mongolake.delta.parquet.DocumentRow;
import dev.mongolake.delta.storage.Storage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;

/**
 * Reads a document table's change data feed as Delta defines it: a commit with {@code cdc} actions
 * is described by its change data files alone; a commit without them by its data-changing {@code
 * add} files (inserts) and {@code remove} files (deletes of every document the file held). Commits
 * that change no data (compaction, metadata) contribute nothing.
 *
 * <p>Deletion vectors: a file's documents are those its vector leaves; a commit that re-adds a file
 * with another vector (a delete by deletion vector) changes exactly the rows one vector deletes and
 * the other does not (deletes, or inserts for rows it brings back).
 */
final class ChangeFeed {
  private ChangeFeed() {}

  static List<ChangeRow> read(Storage storage, DeltaTable delta, long fromVersion, long toVersion) {
    if (fromVersion < 0 || toVersion < fromVersion) {
      throw new IllegalArgumentException(
          "Cannot read changes from version " + fromVersion + " to " + toVersion);
    }
    Map<Long, Instant> timestamps = new HashMap<>();
    for (HistoryEntry entry : delta.history(Integer.MAX_VALUE)) {
      timestamps.put(entry.version(), entry.timestamp());
    }
    List<ChangeRow> rows = new ArrayList<>();
    for (long version = fromVersion; version <= toVersion; version++) {
      Instant timestamp = timestamps.get(version);
      if (timestamp == null) {
        throw new VersionNotFoundException(
            "Cannot read changes of version "
                + version
                + " of "
                + delta.tablePath()
                + ": it is not in the log");
      }
      readCommit(storage, delta, version, timestamp, rows);
    }
    return rows;
  }

  private static void readCommit(
      Storage storage, DeltaTable delta, long version, Instant timestamp, List<ChangeRow> out) {
    List<Action> actions = delta.commitActions(version);
    List<AddCdcFile> cdc =
        actions.stream().filter(AddCdcFile.class::isInstance).map(AddCdcFile.class::cast).toList();
    if (!cdc.isEmpty()) {
      List<ChangeRow> rows = new ArrayList<>();
      for (AddCdcFile file : cdc) {
        for (ChangeDataFiles.Change change :
            ChangeDataFiles.read(storage, storagePath(delta, file.path()), file.size())) {
          rows.add(new ChangeRow(change.type(), change.document(), version, timestamp));
        }
      }
      if (cdc.size() > 1) {
        // A partitioned table's update that moves a document writes its pre-image in the old
        // partition's file and its post-image in the new one's: pre-images go first, so that each
        // one still precedes its post-image (a commit changes each _id once).
        rows.sort(
            java.util.Comparator.comparingInt(
                row -> row.changeType() == ChangeType.UPDATE_PREIMAGE ? 0 : 1));
      }
      out.addAll(rows);
      return;
    }
    Map<String, RemoveFile> removed = new HashMap<>();
    for (Action action : actions) {
      if (action instanceof RemoveFile remove && remove.dataChange()) {
        removed.put(remove.path(), remove);
      }
    }
    Set<String> vectorChanges = new HashSet<>();
    for (Action action : actions) {
      if (action instanceof AddFile add && add.dataChange()) {
        RemoveFile before = removed.get(add.path());
        if (before != null && (before.deletionVector() != null || add.deletionVector() != null)) {
          vectorChanges.add(add.path());
        }
      }
    }
    for (Action action : actions) {
      switch (action) {
        case AddFile add when add.dataChange() && vectorChanges.contains(add.path()) ->
            vectorChange(
                storage,
                delta,
                add.path(),
                removed.get(add.path()).deletionVector(),
                add.deletionVector(),
                version,
                timestamp,
                out);
        case AddFile add when add.dataChange() ->
            documents(storage, delta, add.path(), add.deletionVector())
                .forEach(d -> out.add(new ChangeRow(ChangeType.INSERT, d, version, timestamp)));
        case RemoveFile remove
            when remove.dataChange() && vectorChanges.contains(remove.path()) -> {
          // Described with its add, by the rows the two vectors tell apart.
        }
        case RemoveFile remove when remove.dataChange() ->
            documents(storage, delta, remove.path(), remove.deletionVector())
                .forEach(d -> out.add(new ChangeRow(ChangeType.DELETE, d, version, timestamp)));
        default -> {}
      }
    }
  }

  private static List<BsonDocument> documents(
      Storage storage, DeltaTable delta, String path, DeletionVectorDescriptor vector) {
    if (vector == null) {
      return DocumentFileReader.readAll(storage, storagePath(delta, path));
    }
    DeletedRows deleted = DeletionVectors.read(storage, delta.tablePath(), vector, path);
    List<BsonDocument> documents = new ArrayList<>();
    try (DocumentFileReader reader =
        DocumentFileReader.open(
            storage,
            storagePath(delta, path),
            DocumentReadOptions.documents().withDeletedRows(deleted::contains))) {
      for (DocumentRow row = reader.next(); row != null; row = reader.next()) {
        documents.add(row.document());
      }
    }
    return documents;
  }

  /** The rows one commit's vectors of a file tell apart: newly deleted, or brought back. */
  private static void vectorChange(
      Storage storage,
      DeltaTable delta,
      String path,
      DeletionVectorDescriptor oldVector,
      DeletionVectorDescriptor newVector,
      long version,
      Instant timestamp,
      List<ChangeRow> out) {
    DeletedRows before = DeletionVectors.read(storage, delta.tablePath(), oldVector, path);
    DeletedRows after = DeletionVectors.read(storage, delta.tablePath(), newVector, path);
    try (DocumentFileReader reader =
        DocumentFileReader.open(
            storage, storagePath(delta, path), DocumentReadOptions.documents())) {
      for (DocumentRow row = reader.next(); row != null; row = reader.next()) {
        boolean was = before.contains(reader.rowIndex());
        boolean is = after.contains(reader.rowIndex());
        if (is && !was) {
          out.add(new ChangeRow(ChangeType.DELETE, row.document(), version, timestamp));
        } else if (was && !is) {
          out.add(new ChangeRow(ChangeType.INSERT, row.document(), version, timestamp));
        }
      }
    }
  }

  private static String storagePath(DeltaTable delta, String path) {
    return FilePaths.toStoragePath(delta.tablePath(), path);
  }
}
