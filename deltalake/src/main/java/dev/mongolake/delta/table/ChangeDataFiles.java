package dev.mongolake.delta.table;

import dev.mongolake.delta.cdc.ChangeType;
import dev.mongolake.delta.log.AddCdcFile;
import dev.mongolake.delta.log.FilePaths;
import dev.mongolake.delta.parquet.DocumentFileReader;
import dev.mongolake.delta.parquet.DocumentReadOptions;
import dev.mongolake.delta.parquet.DocumentRow;
import dev.mongolake.delta.parquet.ParquetFileException;
import dev.mongolake.delta.parquet.ParquetFiles;
import dev.mongolake.delta.parquet.ParquetWriteOptions;
import dev.mongolake.delta.parquet.internal.ChangeDataWriteSupport;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.parquet.hadoop.ParquetWriter;
import org.bson.BsonDocument;

/**
 * Delta change data files ({@code _change_data/cdc-<uuid>.zstd.parquet}): the columns of the
 * table's data files plus {@code _change_type}, one row per changed document, referenced from the
 * commit by a {@code cdc} action. {@code _commit_version} and {@code _commit_timestamp} are not
 * stored; readers take them from the commit.
 */
final class ChangeDataFiles {
  static final String DIRECTORY = "_change_data";

  private ChangeDataFiles() {}

  /** A document and what happened to it. */
  record Change(ChangeType type, BsonDocument document) {}

  /**
   * Writes {@code changes} into new change data files of the table: one, or for a partitioned table
   * one per partition of the changed documents ({@code _change_data/<partition folder>/}, the
   * {@code cdc} action carrying the partition values, as for data files).
   *
   * @return the {@code cdc} actions (paths relative to the table)
   */
  static List<AddCdcFile> write(
      Storage storage, String tablePath, DocumentTableConfig config, List<Change> changes) {
    PartitionColumns partitioning = config.partitionColumns();
    Map<Map<String, String>, List<Change>> partitions = new LinkedHashMap<>();
    for (Change change : changes) {
      partitions
          .computeIfAbsent(partitioning.valuesOf(change.document()), v -> new ArrayList<>())
          .add(change);
    }
    List<AddCdcFile> files = new ArrayList<>();
    partitions.forEach(
        (values, rows) -> {
          String folder = partitioning.folder(values);
          String name = "cdc-" + UUID.randomUUID() + ".zstd.parquet";
          String relative = DIRECTORY + "/" + (folder.isEmpty() ? "" : folder + "/") + name;
          files.add(
              new AddCdcFile(
                  FilePaths.encode(relative),
                  values,
                  writeFile(storage, tablePath, config, relative, rows),
                  false,
                  null));
        });
    return files;
  }

  private static long writeFile(
      Storage storage,
      String tablePath,
      DocumentTableConfig config,
      String relative,
      List<Change> changes) {
    String path = tablePath.isEmpty() ? relative : tablePath + "/" + relative;
    ChangeDataWriteSupport support =
        new ChangeDataWriteSupport(config.idEncoding(), config.schema());
    try (ParquetWriter<ChangeDataWriteSupport.Row> writer =
        ParquetFiles.writer(storage, path, support, ParquetWriteOptions.defaults())) {
      for (Change change : changes) {
        writer.write(new ChangeDataWriteSupport.Row(change.document(), change.type().deltaName()));
      }
    } catch (IOException e) {
      throw new ParquetFileException("Cannot write change data file " + path + ": " + e, e);
    }
    return storage.stat(path).orElseThrow(() -> new StorageFileNotFoundException(path)).size();
  }

  /** The rows of a change data file, in file order. */
  static List<Change> read(Storage storage, String storagePath, long size) {
    List<Change> changes = new ArrayList<>();
    DocumentReadOptions options =
        DocumentReadOptions.documents()
            .withPromotedColumns(Set.of(ChangeDataWriteSupport.CHANGE_TYPE_COLUMN));
    try (DocumentFileReader reader = DocumentFileReader.open(storage, storagePath, size, options)) {
      for (DocumentRow row = reader.next(); row != null; row = reader.next()) {
        String type =
            row.promoted().getString(ChangeDataWriteSupport.CHANGE_TYPE_COLUMN).getValue();
        changes.add(new Change(ChangeType.fromDeltaName(type), row.document()));
      }
    }
    return changes;
  }
}
