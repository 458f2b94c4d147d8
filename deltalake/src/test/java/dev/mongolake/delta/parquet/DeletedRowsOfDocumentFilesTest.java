package dev.mongolake.delta.parquet;

import static org.apache.parquet.filter2.predicate.FilterApi.eq;
import static org.apache.parquet.filter2.predicate.FilterApi.intColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.or;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.dv.DeletedRows;
import dev.mongolake.delta.storage.MemoryStorage;
import dev.mongolake.delta.storage.Storage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.junit.jupiter.api.Test;

/**
 * Readers number rows by their physical position in the file, so a deletion vector hides the right
 * rows even when the filter skips row groups (statistics) and pages (column index) before them.
 */
class DeletedRowsOfDocumentFilesTest {
  private static final int ROWS = 20_000;

  private static WrittenDocumentFile write(Storage storage) {
    DocumentWriteOptions options =
        DocumentWriteOptions.defaults()
            .withIdEncoding(IdEncoding.INT32)
            .withParquet(
                ParquetWriteOptions.defaults()
                    .withRowGroupSizeBytes(32 * 1024)
                    .withPageSizeBytes(1024));
    try (DocumentFileWriter writer = DocumentFileWriter.open(storage, "t", options)) {
      for (int i = 0; i < ROWS; i++) {
        writer.write(new BsonDocument("_id", new BsonInt32(i)).append("n", new BsonInt32(i)));
      }
      List<WrittenDocumentFile> files = writer.finish();
      assertThat(files).hasSize(1);
      return files.getFirst();
    }
  }

  /** Each returned row's _id with the row index the reader reports. */
  private static Map<Integer, Long> read(
      Storage storage, WrittenDocumentFile file, FilterCompat.Filter filter, DeletedRows deleted) {
    Map<Integer, Long> rows = new TreeMap<>();
    DocumentReadOptions options =
        DocumentReadOptions.documents().withFilter(filter).withDeletedRows(deleted::contains);
    try (DocumentFileReader reader =
        DocumentFileReader.open(storage, file.path(), file.sizeBytes(), options)) {
      assertThat(reader.rowGroupCount()).isGreaterThan(3);
      for (DocumentRow row = reader.next(); row != null; row = reader.next()) {
        rows.put(row.document().getInt32("_id").getValue(), reader.rowIndex());
      }
    }
    return rows;
  }

  @Test
  void rowIndexesStayPhysicalWhenRowGroupsAndPagesAreSkipped() {
    Storage storage = new MemoryStorage();
    WrittenDocumentFile file = write(storage);
    // Documents are written in _id order: row i holds _id i.
    assertThat(read(storage, file, FilterCompat.NOOP, DeletedRows.of(1, 19_999)))
        .hasSize(ROWS - 2)
        .doesNotContainKeys(1, 19_999)
        .allSatisfy((id, index) -> assertThat(index).isEqualTo(id.longValue()));

    FilterCompat.Filter three =
        FilterCompat.get(
            or(
                eq(intColumn("_id"), 5_000),
                or(eq(intColumn("_id"), 5_001), eq(intColumn("_id"), 17_003))));
    assertThat(read(storage, file, three, DeletedRows.none()))
        .isEqualTo(Map.of(5_000, 5_000L, 5_001, 5_001L, 17_003, 17_003L));
    assertThat(read(storage, file, three, DeletedRows.of(5_001, 17_003, 4, 17_002)))
        .isEqualTo(Map.of(5_000, 5_000L));

    // Column batches skip the same row groups and pages, and the same rows.
    List<Integer> ids = new ArrayList<>();
    try (DocumentColumnReader reader =
        DocumentColumnReader.open(
            storage,
            file.path(),
            file.sizeBytes(),
            List.of("n"),
            true,
            three,
            DeletedRows.of(5_001, 17_003)::contains,
            FileMetadataCache.shared())) {
      for (ColumnBatch batch = reader.next(); batch != null; batch = reader.next()) {
        for (int row = 0; row < batch.size(); row++) {
          int id = batch.ids()[row].asInt32().getValue();
          assertThat(batch.value(0, row)).isEqualTo(new BsonInt32(id));
          ids.add(id);
        }
      }
      assertThat(reader.rowGroupsRead()).isLessThan(reader.rowGroupCount());
    }
    // A superset of the matches (the pages kept), without the deleted rows.
    assertThat(ids).contains(5_000).doesNotContain(5_001, 17_003).hasSizeLessThan(ROWS / 4);
  }
}
