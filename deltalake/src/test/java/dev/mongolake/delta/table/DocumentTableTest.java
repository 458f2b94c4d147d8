package dev.mongolake.delta.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.CommitResult;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.storage.Storage;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocumentTableTest {

  @TempDir Path root;
  private Storage storage;

  @BeforeEach
  void storage() {
    storage = new FileSystemStorage(root);
  }

  private static BsonDocument doc(int id, String name) {
    return new BsonDocument("_id", new BsonInt32(id)).append("name", new org.bson.BsonString(name));
  }

  private static List<BsonDocument> all(DocumentSnapshot snapshot) {
    List<BsonDocument> out = new ArrayList<>();
    try (var scan = snapshot.scan()) {
      scan.forEachRemaining(out::add);
    }
    out.sort((a, b) -> Integer.compare(a.getInt32("_id").getValue(), b.getInt32("_id").getValue()));
    return out;
  }

  @Test
  void insertsReplacementsAndDeletesCommitAsVersions() {
    DocumentTable table =
        DocumentTable.create(
            storage,
            "app/users",
            DocumentTableConfig.defaults().withIdEncoding(IdEncoding.INT32),
            Clock.systemUTC());

    table.commit(
        new TableChanges(List.of(doc(1, "a"), doc(2, "b"), doc(3, "c")), List.of(), List.of()),
        null,
        0);
    table.commit(
        new TableChanges(
            List.of(doc(4, "d")), List.of(doc(2, "B")), List.<BsonValue>of(new BsonInt32(3))),
        null,
        0);

    assertThat(all(table.snapshot())).containsExactly(doc(1, "a"), doc(2, "B"), doc(4, "d"));
    assertThat(all(table.snapshot(1))).containsExactly(doc(1, "a"), doc(2, "b"), doc(3, "c"));
    assertThat(table.snapshot().version()).isEqualTo(2);
  }

  @Test
  void writeAppendsAndQueryFiltersTheLatestOrAnOlderVersion() {
    DocumentTable table =
        DocumentTable.create(
            storage, "app/people", DocumentTableConfig.defaults(), Clock.systemUTC());

    table.write(List.of(doc(1, "ada"), doc(2, "bob")));
    table.write(List.of(doc(3, "ada")));

    List<BsonDocument> adas = new ArrayList<>();
    try (var scan = table.query(BsonDocument.parse("{name: 'ada'}"))) {
      scan.forEachRemaining(adas::add);
    }
    List<BsonDocument> adasAtVersion1 = new ArrayList<>();
    try (var scan = table.snapshot(1).query(BsonDocument.parse("{name: 'ada'}"))) {
      scan.forEachRemaining(adasAtVersion1::add);
    }
    assertThat(adas).containsExactlyInAnyOrder(doc(1, "ada"), doc(3, "ada"));
    assertThat(adasAtVersion1).containsExactly(doc(1, "ada"));
  }

  @Test
  void rowGroupSizeIsRecordedWithTheTableAndShapesItsFiles() {
    DocumentTable table =
        DocumentTable.create(
            storage,
            "app/groups",
            DocumentTableConfig.defaults().withRowGroupSizeBytes(64 * 1024),
            Clock.systemUTC());
    List<BsonDocument> documents = new ArrayList<>();
    java.util.Random random = new java.util.Random(5);
    for (int i = 0; i < 5_000; i++) {
      // Text that does not compress away: row groups close on their encoded size.
      StringBuilder text = new StringBuilder("name " + i + " ");
      random.ints(200, 'a', 'z' + 1).forEach(c -> text.append((char) c));
      documents.add(doc(i, text.toString()));
    }

    table.write(documents);

    DocumentTable reopened =
        DocumentTable.open(storage, "app/groups", Clock.systemUTC()).orElseThrow();
    assertThat(reopened.config().rowGroupSizeBytes()).isEqualTo(64 * 1024);
    try (var scan = reopened.snapshot().scan()) {
      scan.forEachRemaining(document -> {});
      assertThat(scan.metrics().rowGroupsTotal()).isGreaterThan(1);
    }
  }

  @Test
  void copyOnWriteRewritesOnlyFilesThatHoldAChangedId() {
    DocumentTable table =
        DocumentTable.create(
            storage,
            "app/t",
            DocumentTableConfig.defaults().withIdEncoding(IdEncoding.INT32),
            Clock.systemUTC());
    table.commit(
        new TableChanges(List.of(doc(1, "a"), doc(2, "b")), List.of(), List.of()), null, 0);
    table.commit(
        new TableChanges(List.of(doc(10, "x"), doc(11, "y")), List.of(), List.of()), null, 0);
    String untouched =
        table.snapshot().files().stream()
            .filter(f -> f.stats().contains("\"minValues\":{\"_id\":10"))
            .findFirst()
            .orElseThrow()
            .path();

    table.commit(new TableChanges(List.of(), List.of(doc(1, "A")), List.of()), null, 0);

    assertThat(table.snapshot().files()).extracting(f -> f.path()).contains(untouched).hasSize(2);
    assertThat(all(table.snapshot()))
        .containsExactly(doc(1, "A"), doc(2, "b"), doc(10, "x"), doc(11, "y"));
  }

  @Test
  void copyOnWriteOfAnyIdTableRewritesOnlyFilesWhoseIdBoundsHoldAChangedId() {
    DocumentTable table =
        DocumentTable.create(storage, "app/k", DocumentTableConfig.defaults(), Clock.systemUTC());
    table.commit(
        new TableChanges(List.of(doc(1, "a"), doc(2, "b")), List.of(), List.of()), null, 0);
    String untouched = table.snapshot().files().getFirst().path();
    table.commit(
        new TableChanges(List.of(doc(10, "x"), doc(11, "y")), List.of(), List.of()), null, 0);

    // An Int64 _id equal to 11 replaces the document whose _id is the Int32 11.
    BsonDocument replacement =
        new BsonDocument("_id", new org.bson.BsonInt64(11))
            .append("name", new org.bson.BsonString("Y"));
    table.commit(new TableChanges(List.of(), List.of(replacement), List.of()), null, 0);

    assertThat(table.snapshot().files()).extracting(f -> f.path()).contains(untouched).hasSize(2);
    try (var scan = table.snapshot().scan()) {
      List<BsonDocument> documents = new ArrayList<>();
      scan.forEachRemaining(documents::add);
      assertThat(documents).hasSize(4).contains(replacement, doc(1, "a"), doc(10, "x"));
    }
  }

  @Test
  void replayedWriterVersionIsNotCommittedTwice() {
    DocumentTable table =
        DocumentTable.create(storage, "app/t", DocumentTableConfig.defaults(), Clock.systemUTC());
    TableChanges batch = new TableChanges(List.of(doc(1, "a")), List.of(), List.of());

    CommitResult first = table.commit(batch, "mongolake-wal", 42);
    CommitResult replay = table.commit(batch, "mongolake-wal", 42);

    assertThat(first.status()).isEqualTo(CommitResult.Status.COMMITTED);
    assertThat(replay.status()).isEqualTo(CommitResult.Status.ALREADY_COMMITTED);
    assertThat(all(table.snapshot())).containsExactly(doc(1, "a"));
    assertThat(table.snapshot().transactionVersion("mongolake-wal")).hasValue(42);
  }

  @Test
  void openReadsTheConfigBackAndMissingTablesAreEmpty() {
    DocumentTableConfig config =
        DocumentTableConfig.defaults()
            .withIdEncoding(IdEncoding.OBJECT_ID)
            .withSchema(
                DocumentSchema.parse(
                    BsonDocument.parse("{email: 'string', profile: {age: 'int'}}")));
    DocumentTable.create(storage, "app/people", config, Clock.systemUTC());

    assertThat(DocumentTable.open(storage, "app/people", Clock.systemUTC()).orElseThrow().config())
        .isEqualTo(config);
    assertThat(DocumentTable.open(storage, "app/none", Clock.systemUTC())).isEmpty();
  }

  @Test
  void duckDbReadsTheLiveFilesWithPromotedColumnsAndTheVariant() throws Exception {
    DocumentTableConfig config =
        DocumentTableConfig.defaults()
            .withIdEncoding(IdEncoding.INT32)
            .withSchema(DocumentSchema.parse(BsonDocument.parse("{age: 'int'}")));
    DocumentTable table = DocumentTable.create(storage, "app/people", config, Clock.systemUTC());
    List<BsonDocument> people =
        IntStream.range(0, 100)
            .mapToObj(i -> doc(i, "p" + i).append("age", new BsonInt32(i)))
            .toList();
    table.commit(new TableChanges(people, List.of(), List.of()), null, 0);
    table.commit(
        new TableChanges(List.of(), List.of(), List.<BsonValue>of(new BsonInt32(99))), null, 0);

    String files =
        table.snapshot().delta().storagePaths().stream()
            .map(p -> "'" + root.resolve(p) + "'")
            .collect(Collectors.joining(", ", "[", "]"));
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = duck.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT count(*), sum(age), max(doc.name::VARCHAR) FROM read_parquet("
                    + files
                    + ")")) {
      rows.next();
      assertThat(rows.getLong(1)).isEqualTo(99);
      assertThat(rows.getLong(2)).isEqualTo(IntStream.range(0, 99).sum());
      assertThat(rows.getString(3)).isEqualTo("p98");
    }
  }
}
