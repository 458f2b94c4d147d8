package dev.mongolake.delta.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.parquet.DocumentFileReader;
import dev.mongolake.delta.parquet.DocumentReadOptions;
import dev.mongolake.delta.parquet.DocumentRow;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.parquet.ParquetFileException;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.storage.MemoryStorage;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/** Scans read several files at once yet return exactly what reading them one by one returns. */
class ParallelScanTest {

  private final MemoryStorage storage = new MemoryStorage();

  /** A table of {@code commits} files of 300 documents each. */
  private DocumentTable table(int commits) {
    DocumentTable table =
        DocumentTable.create(
            storage,
            "db/items",
            DocumentTableConfig.defaults().withIdEncoding(IdEncoding.INT32),
            Clock.systemUTC());
    for (int c = 0; c < commits; c++) {
      List<BsonDocument> documents = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        int id = c * 1_000 + i;
        documents.add(
            new BsonDocument("_id", new BsonInt32(id))
                .append("group", new BsonInt32(i % 7))
                .append("text", new BsonString("item " + id)));
      }
      table.commit(new TableChanges(documents, List.of(), List.of()), null, 0);
    }
    return table;
  }

  private List<BsonDocument> fileByFile(DocumentSnapshot snapshot) {
    List<BsonDocument> all = new ArrayList<>();
    for (AddFile file : snapshot.files()) {
      try (DocumentFileReader reader =
          DocumentFileReader.open(
              storage,
              snapshot.delta().storagePath(file),
              file.size(),
              DocumentReadOptions.documents())) {
        for (DocumentRow row = reader.next(); row != null; row = reader.next()) {
          all.add(row.document());
        }
      }
    }
    return all;
  }

  @Test
  void aScanOfManyFilesReturnsEveryDocumentInFileOrder() {
    DocumentSnapshot snapshot = table(13).snapshot();
    List<BsonDocument> scanned = new ArrayList<>();
    try (var scan = snapshot.scan()) {
      scan.forEachRemaining(scanned::add);
      assertThat(scan.metrics().filesOpened()).isEqualTo(13);
      assertThat(scan.metrics().rowsRead()).isEqualTo(13 * 300);
    }

    assertThat(scanned).hasSize(13 * 300).isEqualTo(fileByFile(snapshot));
  }

  @Test
  void aFilteredScanOfManyFilesMatchesTheFilterAppliedFileByFile() {
    DocumentSnapshot snapshot = table(9).snapshot();
    Filter filter = Filter.parse(BsonDocument.parse("{group: {$in: [2, 5]}, _id: {$gte: 2500}}"));
    List<BsonDocument> scanned = new ArrayList<>();
    try (var scan = snapshot.scan(filter)) {
      scan.forEachRemaining(scanned::add);
    }

    assertThat(scanned)
        .isNotEmpty()
        .isEqualTo(fileByFile(snapshot).stream().filter(filter::matches).toList());
  }

  @Test
  void closingAScanHalfwayStopsItsReadersAndLeavesTheTableReadable() {
    DocumentSnapshot snapshot = table(12).snapshot();
    try (var scan = snapshot.scan()) {
      for (int i = 0; i < 10; i++) {
        scan.next();
      }
    }

    try (var again = snapshot.scan()) {
      long count = 0;
      while (again.hasNext()) {
        again.next();
        count++;
      }
      assertThat(count).isEqualTo(12 * 300);
    }
  }

  @Test
  void aDamagedFileFailsTheScanInsteadOfHangingIt() {
    DocumentSnapshot snapshot = table(8).snapshot();
    AddFile damaged = snapshot.files().get(5);
    storage.overwrite(
        snapshot.delta().storagePath(damaged), new byte[(int) Math.max(16, damaged.size())]);

    try (var scan = snapshot.scan()) {
      assertThatThrownBy(
              () -> {
                while (scan.hasNext()) {
                  scan.next();
                }
              })
          .isInstanceOf(ParquetFileException.class);
    }
  }
}
