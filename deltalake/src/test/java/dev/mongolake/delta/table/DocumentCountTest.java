package dev.mongolake.delta.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.storage.FileSystemStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DocumentSnapshot#count()} adds the files' {@code numRecords} statistics and reads only the
 * files that lack one: the count is always the number of documents a full scan returns.
 */
class DocumentCountTest {

  @TempDir Path root;

  private static List<BsonDocument> documents(int from, int to) {
    return IntStream.range(from, to)
        .mapToObj(i -> new BsonDocument("_id", new BsonInt32(i)).append("n", new BsonInt32(i)))
        .toList();
  }

  private static long scanned(DocumentSnapshot snapshot) {
    long count = 0;
    try (var scan = snapshot.scan()) {
      while (scan.hasNext()) {
        scan.next();
        count++;
      }
    }
    return count;
  }

  @Test
  void theCountAddsFileStatisticsAndReadsOnlyTheFilesWithout() throws Exception {
    DocumentTable table =
        DocumentTable.create(
            new FileSystemStorage(root),
            "app/items",
            DocumentTableConfig.defaults().withIdEncoding(IdEncoding.INT32),
            Clock.systemUTC());
    assertThat(table.snapshot().count()).isZero();
    table.commit(new TableChanges(documents(0, 30), List.of(), List.of()), "test", 1);
    table.commit(new TableChanges(documents(30, 50), List.of(), List.of()), "test", 2);
    table.commit(
        new TableChanges(
            documents(50, 55),
            documents(10, 12),
            List.of(new BsonInt32(0), new BsonInt32(31), new BsonInt32(999))),
        "test",
        3);
    DocumentSnapshot withStats = table.snapshot();
    assertThat(withStats.count()).isEqualTo(53).isEqualTo(scanned(withStats));
    assertThat(withStats.filesCountedByReading()).isZero();

    // One file's add action loses its statistics (as a writer that records none would leave it):
    // its documents are then read and counted.
    AddFile file = withStats.files().getFirst();
    Path data = root.resolve("app/items").resolve(file.path());
    String copy = "copy-" + file.path();
    Files.copy(data, root.resolve("app/items").resolve(copy));
    AddFile statless =
        new AddFile(
            copy,
            file.partitionValues(),
            file.size(),
            file.modificationTime(),
            true,
            null,
            file.tags(),
            null,
            null,
            null,
            null);
    AddFile unreadable =
        new AddFile(
            "copy2-" + file.path(),
            file.partitionValues(),
            file.size(),
            file.modificationTime(),
            true,
            "{\"numRecords\": \"many\"}",
            file.tags(),
            null,
            null,
            null,
            null);
    table
        .delta()
        .startTransaction()
        .remove(file.toRemove(System.currentTimeMillis(), true))
        .add(statless)
        .commit();
    DocumentSnapshot oneWithout = table.snapshot();
    assertThat(oneWithout.filesCountedByReading()).isEqualTo(1);
    assertThat(oneWithout.count()).isEqualTo(53).isEqualTo(scanned(oneWithout));

    Files.copy(data, root.resolve("app/items").resolve(unreadable.path()));
    table
        .delta()
        .startTransaction()
        .remove(statless.toRemove(System.currentTimeMillis(), true))
        .add(unreadable)
        .commit();
    DocumentSnapshot unreadableStats = table.snapshot();
    assertThat(unreadableStats.filesCountedByReading()).isEqualTo(1);
    assertThat(unreadableStats.count()).isEqualTo(53).isEqualTo(scanned(unreadableStats));
  }
}
