package dev.mongolake.delta.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.HistoryEntry;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.storage.Storage;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OptimizeTest {

  @TempDir Path root;
  private Storage storage;

  @BeforeEach
  void storage() {
    storage = new FileSystemStorage(root);
  }

  private DocumentTable tableOfSmallCommits(int commits, boolean changeDataFeed) {
    DocumentTable table =
        DocumentTable.create(
            storage,
            "app/events",
            DocumentTableConfig.defaults()
                .withIdEncoding(IdEncoding.INT32)
                .withChangeDataFeed(changeDataFeed),
            Clock.systemUTC());
    for (int c = 0; c < commits; c++) {
      List<BsonDocument> documents = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        int id = c * 100 + i;
        documents.add(
            new BsonDocument("_id", new BsonInt32(id)).append("kind", new BsonString("k" + i % 3)));
      }
      table.write(documents);
    }
    return table;
  }

  private static List<BsonDocument> sorted(DocumentSnapshot snapshot) {
    List<BsonDocument> all = new ArrayList<>();
    try (var scan = snapshot.scan()) {
      scan.forEachRemaining(all::add);
    }
    all.sort(Comparator.comparingInt(d -> d.getInt32("_id").getValue()));
    return all;
  }

  @Test
  void smallFilesAreReplacedByOneFileHoldingTheSameDocuments() {
    DocumentTable table = tableOfSmallCommits(12, false);
    List<BsonDocument> before = sorted(table.snapshot());

    OptimizeResult result = table.optimize();

    DocumentSnapshot after = table.snapshot();
    assertThat(result.compacted()).isTrue();
    assertThat(result.filesRemoved()).isEqualTo(12);
    assertThat(result.filesAdded()).isEqualTo(1);
    assertThat(after.files()).hasSize(1);
    assertThat(after.files().getFirst().dataChange()).isFalse();
    assertThat(sorted(after)).hasSize(600).isEqualTo(before);
    assertThat(sorted(table.snapshot(result.version() - 1))).isEqualTo(before);
    HistoryEntry last = table.delta().history(1).getFirst();
    assertThat(last.operation()).isEqualTo("OPTIMIZE");
  }

  @Test
  void aBoundedRunMergesTheFirstSmallFilesUpToItsBudgetAndTheNextRunTheRest() {
    DocumentTable table = tableOfSmallCommits(12, false);
    List<BsonDocument> before = sorted(table.snapshot());
    long firstThree = table.snapshot().files().stream().limit(3).mapToLong(AddFile::size).sum();

    OptimizeResult first = table.optimize(firstThree);

    assertThat(first.filesRemoved()).isEqualTo(3);
    assertThat(first.filesAdded()).isEqualTo(1);
    assertThat(table.snapshot().files()).hasSize(10);
    assertThat(sorted(table.snapshot())).isEqualTo(before);

    OptimizeResult rest = table.optimize();

    assertThat(rest.filesRemoved()).isEqualTo(10);
    assertThat(table.snapshot().files()).hasSize(1);
    assertThat(sorted(table.snapshot())).isEqualTo(before);
  }

  @Test
  void optimizingAgainOrWithOneSmallFileDoesNothing() {
    DocumentTable table = tableOfSmallCommits(3, false);
    table.optimize();
    long version = table.snapshot().version();

    OptimizeResult again = table.optimize();

    assertThat(again.compacted()).isFalse();
    assertThat(again.version()).isEqualTo(version);
    assertThat(table.snapshot().version()).isEqualTo(version);
  }

  @Test
  void theChangeFeedSeesNoChangeFromCompaction() {
    DocumentTable table = tableOfSmallCommits(4, true);
    long before = table.snapshot().version();

    OptimizeResult result = table.optimize();

    assertThat(result.compacted()).isTrue();
    assertThat(table.changes(before + 1, result.version())).isEmpty();
  }
}
