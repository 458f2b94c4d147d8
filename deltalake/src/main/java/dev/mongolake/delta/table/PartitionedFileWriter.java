package dev.mongolake.delta.table;

import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.FilePaths;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.parquet.DocumentFileReader;
import dev.mongolake.delta.parquet.DocumentFileWriter;
import dev.mongolake.delta.parquet.DocumentWriteOptions;
import dev.mongolake.delta.parquet.WrittenDocumentFile;
import dev.mongolake.delta.storage.Storage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;

/**
 * Writes the data files of one commit of a document table and returns their {@code add} actions:
 * one set of files per partition (one set for an unpartitioned table), each in its partition's
 * folder and carrying its partition values. Not thread-safe; one per commit.
 */
final class PartitionedFileWriter {
  private static final Comparator<BsonDocument> BY_ID =
      (a, b) -> BsonComparisonOrder.INSTANCE.compare(a.get("_id"), b.get("_id"));

  private final Storage storage;
  private final String tablePath;
  private final DocumentTableConfig config;

  PartitionedFileWriter(Storage storage, String tablePath, DocumentTableConfig config) {
    this.storage = storage;
    this.tablePath = tablePath;
    this.config = config;
  }

  /** Writes {@code documents}, split by their partition values. */
  List<AddFile> write(List<BsonDocument> documents, long now, boolean dataChange) {
    Map<Map<String, String>, List<BsonDocument>> partitions = new LinkedHashMap<>();
    for (BsonDocument document : documents) {
      partitions
          .computeIfAbsent(
              config.partitionColumns().valuesOf(document), values -> new ArrayList<>())
          .add(document);
    }
    List<AddFile> added = new ArrayList<>();
    partitions.forEach(
        (values, members) -> {
          // Files sorted by _id give each page of the _id column a narrow range, so that a point
          // read's column index leaves one page; a rewrite's survivors and a flush's inserts and
          // replacements would otherwise interleave runs that each span the whole range.
          List<BsonDocument> sorted = new ArrayList<>(members);
          sorted.sort(BY_ID);
          try (DocumentFileWriter writer = open(values)) {
            sorted.forEach(writer::write);
            writer.finish().forEach(file -> added.add(addFile(file, values, now, dataChange)));
          }
        });
    return added;
  }

  /**
   * Merges the documents of {@code readers}, all of the partition {@code partitionValues}, in
   * {@code _id} order (see {@link IdOrderedMerge}), as compaction's files ({@code dataChange:
   * false}).
   */
  List<AddFile> merge(
      Map<String, String> partitionValues, List<DocumentFileReader> readers, long now) {
    try (DocumentFileWriter writer = open(partitionValues)) {
      IdOrderedMerge.merge(readers, writer::write);
      return writer.finish().stream()
          .map(file -> addFile(file, partitionValues, now, false))
          .toList();
    }
  }

  private DocumentFileWriter open(Map<String, String> partitionValues) {
    String relative = config.partitionColumns().folder(partitionValues);
    String folder =
        relative.isEmpty()
            ? tablePath
            : tablePath.isEmpty() ? relative : tablePath + "/" + relative;
    DocumentWriteOptions options =
        DocumentWriteOptions.defaults()
            .withSchema(config.schema())
            .withIdEncoding(config.idEncoding())
            .withTargetFileSizeBytes(config.targetFileSizeBytes());
    return DocumentFileWriter.open(
        storage,
        folder,
        options.withParquet(options.parquet().withRowGroupSizeBytes(config.rowGroupSizeBytes())));
  }

  private AddFile addFile(
      WrittenDocumentFile file, Map<String, String> partitionValues, long now, boolean dataChange) {
    String prefix = tablePath.isEmpty() ? "" : tablePath + "/";
    String relative =
        file.path().startsWith(prefix) ? file.path().substring(prefix.length()) : file.path();
    return new AddFile(
        FilePaths.encode(relative),
        partitionValues,
        file.sizeBytes(),
        now,
        dataChange,
        file.statistics().toDeltaJson(),
        AddFileStats.tags(file.idBounds()),
        null,
        null,
        null,
        null);
  }
}
