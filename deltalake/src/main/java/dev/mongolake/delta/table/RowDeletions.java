package dev.mongolake.delta.table;

import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.dv.DeletedRows;
import dev.mongolake.delta.dv.DeletionVectors;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.DeletionVectorDescriptor;
import dev.mongolake.delta.parquet.DocumentFileReader;
import dev.mongolake.delta.parquet.DocumentReadOptions;
import dev.mongolake.delta.parquet.DocumentRow;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.storage.Storage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A commit's replaced and deleted documents marked in deletion vectors instead of rewritten: the
 * files whose {@code _id} statistics may hold a changed {@code _id} are read ({@code _id} only,
 * unless the old documents are wanted for the change data feed), the physical rows of the changed
 * {@code _id}s added to each file's vector, and each such file's {@code add} replaced by one of the
 * same path with the union vector. A file left without live rows is removed outright.
 *
 * @param removed the files to remove, each with the vector it had
 * @param added the same files again with their new vectors (never one whose rows are all deleted)
 */
record RowDeletions(List<AddFile> removed, List<AddFile> added) {

  /**
   * Finds and marks the rows of {@code changed} in the live files of {@code base}, writing the
   * vectors too large to inline into one new vector file.
   *
   * @param oldVersions receives the old document of every changed {@code _id} found, or null when
   *     the caller does not need them (then only the {@code _id} column is read)
   */
  static RowDeletions mark(
      Storage storage,
      String tablePath,
      Snapshot base,
      IdEncoding encoding,
      TreeSet<BsonValue> changed,
      Map<BsonValue, BsonDocument> oldVersions) {
    List<AddFile> touched = new ArrayList<>();
    List<DeletedRows> vectors = new ArrayList<>();
    List<AddFile> emptied = new ArrayList<>();
    DocumentReadOptions read =
        oldVersions == null ? DocumentReadOptions.idsOnly() : DocumentReadOptions.documents();
    for (AddFile file : base.files()) {
      if (!IdRanges.mayContainAny(file, encoding, changed)) {
        continue;
      }
      DeletedRows before = base.deletedRows(file);
      DeletedRows.Builder found = DeletedRows.builder();
      boolean any = false;
      long live = 0;
      try (DocumentFileReader reader =
          DocumentFileReader.open(
              storage,
              base.storagePath(file),
              file.size(),
              read.withDeletedRows(before.isEmpty() ? null : before::contains))) {
        for (DocumentRow row = reader.next(); row != null; row = reader.next()) {
          live++;
          if (changed.contains(row.id())) {
            found.add(reader.rowIndex());
            any = true;
            if (oldVersions != null) {
              oldVersions.put(row.id(), row.document());
            }
          }
        }
      }
      if (!any) {
        continue;
      }
      DeletedRows after = before.union(found.build());
      if (after.cardinality() - before.cardinality() == live) {
        emptied.add(file);
      } else {
        touched.add(file);
        vectors.add(after);
      }
    }
    List<DeletionVectorDescriptor> descriptors =
        vectors.isEmpty()
            ? List.of()
            : DeletionVectors.write(storage, tablePath, vectors, UUID.randomUUID());
    List<AddFile> removed = new ArrayList<>(emptied);
    List<AddFile> added = new ArrayList<>();
    for (int i = 0; i < touched.size(); i++) {
      AddFile file = touched.get(i);
      removed.add(file);
      added.add(
          new AddFile(
              file.path(),
              file.partitionValues(),
              file.size(),
              file.modificationTime(),
              true,
              file.stats(),
              file.tags(),
              descriptors.get(i),
              file.baseRowId(),
              file.defaultRowCommitVersion(),
              file.clusteringProvider()));
    }
    return new RowDeletions(List.copyOf(removed), List.copyOf(added));
  }
}
