package dev.mongolake.delta.table;

import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.HistoryEntry;
import dev.mongolake.delta.cdc.ChangeRow;
import dev.mongolake.delta.cdc.ChangeType;
import dev.mongolake.delta.exceptions.VersionNotFoundException;
import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.AddCdcFile;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.FilePaths;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.parquet.DocumentFileReader;
import dev.mongolake.delta.storage.Storage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;

/**
 * Reads a document table's change data feed as Delta defines it: a commit with {@code cdc} actions
 * is described by its change data files alone; a commit without them by its data-changing {@code
 * add} files (inserts) and {@code remove} files (deletes of every document the file held). Commits
 * that change no data (compaction, metadata) contribute nothing.
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
      for (AddCdcFile file : cdc) {
        for (ChangeDataFiles.Change change :
            ChangeDataFiles.read(storage, storagePath(delta, file.path()), file.size())) {
          out.add(new ChangeRow(change.type(), change.document(), version, timestamp));
        }
      }
      return;
    }
    for (Action action : actions) {
      switch (action) {
        case AddFile add when add.dataChange() ->
            documents(storage, delta, add.path())
                .forEach(d -> out.add(new ChangeRow(ChangeType.INSERT, d, version, timestamp)));
        case RemoveFile remove when remove.dataChange() ->
            documents(storage, delta, remove.path())
                .forEach(d -> out.add(new ChangeRow(ChangeType.DELETE, d, version, timestamp)));
        default -> {}
      }
    }
  }

  private static List<BsonDocument> documents(Storage storage, DeltaTable delta, String path) {
    return DocumentFileReader.readAll(storage, storagePath(delta, path));
  }

  private static String storagePath(DeltaTable delta, String path) {
    return FilePaths.toStoragePath(delta.tablePath(), path);
  }
}
