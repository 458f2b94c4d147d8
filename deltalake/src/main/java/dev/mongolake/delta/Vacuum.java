package dev.mongolake.delta;

import dev.mongolake.delta.dv.internal.DeletionVectorLocation;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.DeletionVectorDescriptor;
import dev.mongolake.delta.log.FilePaths;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Deletes data files no version within the retention needs: files in the table folder that the
 * latest snapshot does not reference and that are neither tombstoned within the retention nor
 * modified within it (a file written by an uncommitted transaction looks unreferenced). Deletion
 * vector files ({@code deletion_vector_<uuid>.bin}) follow the same rule: kept while a live file or
 * a tombstone within the retention names them. Never touches {@code _delta_log} or any other folder
 * or file whose name starts with {@code _} or {@code .}, nor the table's top-level {@value
 * #ICEBERG_METADATA_FOLDER} folder: Iceberg metadata written beside the log (as Delta UniForm
 * does), whose manifests stay in use as long as their snapshots, however old. No data file lives
 * there: partition folders are named {@code column=value}.
 */
final class Vacuum {
  static final String ICEBERG_METADATA_FOLDER = "metadata";

  private Vacuum() {}

  static VacuumResult run(DeltaTable table, VacuumOptions options, Set<String> inUse) {
    if (options.retention().compareTo(TableRetention.DEFAULT) < 0 && !options.force()) {
      throw new DeltaException(
          "Cannot vacuum "
              + table.tablePath()
              + ": retention "
              + options.retention()
              + " is below the safety threshold of "
              + TableRetention.DEFAULT
              + " (concurrent readers and writers may still need those files); force to override");
    }
    Snapshot snapshot = table.snapshot();
    TableFeatures.checkWritable(table.tablePath(), snapshot.protocol(), snapshot.metadata());
    long cutoff = table.options().clock().millis() - options.retention().toMillis();
    String tablePath = table.tablePath();
    Set<String> keep = new HashSet<>(inUse);
    for (AddFile add : snapshot.files()) {
      if (!FilePaths.isAbsolute(add.path())) {
        keep.add(FilePaths.toStoragePath(tablePath, add.path()));
      }
      keepVectorFile(tablePath, add.deletionVector(), keep);
    }
    for (RemoveFile remove : snapshot.tombstones()) {
      long deleted = remove.deletionTimestamp() == null ? 0 : remove.deletionTimestamp();
      if (deleted >= cutoff) {
        if (!FilePaths.isAbsolute(remove.path())) {
          keep.add(FilePaths.toStoragePath(tablePath, remove.path()));
        }
        // A version within the retention still reads the file with this vector.
        keepVectorFile(tablePath, remove.deletionVector(), keep);
      }
    }
    Storage storage = table.log().storage();
    String prefix = tablePath.isEmpty() ? "" : tablePath + "/";
    List<String> doomed = new ArrayList<>();
    long bytes = 0;
    for (FileEntry entry : storage.list(prefix, prefix)) {
      String relative = entry.path().substring(prefix.length());
      if (isHidden(relative) || keep.contains(entry.path()) || entry.modificationTime() >= cutoff) {
        continue;
      }
      doomed.add(entry.path());
      bytes += entry.size();
    }
    if (!options.dryRun()) {
      for (String path : doomed) {
        storage.delete(path);
      }
    }
    return new VacuumResult(doomed, bytes, options.dryRun());
  }

  /** Keeps the file a table-relative ({@code u}) deletion vector is stored in. */
  private static void keepVectorFile(
      String tablePath, DeletionVectorDescriptor vector, Set<String> keep) {
    if (vector != null && DeletionVectorLocation.RELATIVE.equals(vector.storageType())) {
      keep.add(DeletionVectorLocation.storagePath(tablePath, vector));
    }
  }

  private static boolean isHidden(String relative) {
    if (relative.startsWith(ICEBERG_METADATA_FOLDER + "/")) {
      return true;
    }
    for (String segment : relative.split("/")) {
      // A partition folder (column=value) is data even when its column's name starts with '_'.
      if ((segment.startsWith("_") && !segment.contains("=")) || segment.startsWith(".")) {
        return true;
      }
    }
    return false;
  }
}
