package dev.mongolake.delta.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.cdc.CDCRecord;
import dev.mongolake.delta.cdc.ChangeFeedRecords;
import dev.mongolake.delta.cdc.ChangeRow;
import dev.mongolake.delta.cdc.ChangeType;
import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.AddCdcFile;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.storage.FileSystemStorage;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChangeDataFeedTest {
  @TempDir Path root;

  static BsonDocument doc(int id, String name) {
    return new BsonDocument("_id", new BsonInt32(id))
        .append("name", new BsonString(name))
        .append("age", new BsonInt32(20 + id));
  }

  /**
   * Creates a change-feed table and commits v1 (insert 1-3), v2 (update 2, delete 3, insert 4), v3
   * (insert 5).
   */
  static DocumentTable threeCommits(Path root, IdEncoding encoding) {
    DocumentTable table =
        DocumentTable.create(
            new FileSystemStorage(root),
            "db/people",
            DocumentTableConfig.defaults()
                .withIdEncoding(encoding)
                .withSchema(DocumentSchema.parse(BsonDocument.parse("{age: 'int'}")))
                .withChangeDataFeed(true),
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
    table.commit(new TableChanges(List.of(doc(5, "e")), List.of(), List.of()), null, 0);
    return table;
  }

  @Test
  void updatesAndDeletesWriteChangeDataThatChangesReturnsWithCommitVersions() {
    DocumentTable table = threeCommits(root, IdEncoding.INT32);

    List<ChangeRow> changes = table.changes(1, 3);

    assertThat(changes)
        .extracting(c -> c.commitVersion() + " " + c.changeType() + " " + c.document().toJson())
        .containsExactly(
            "1 INSERT " + doc(1, "a").toJson(),
            "1 INSERT " + doc(2, "b").toJson(),
            "1 INSERT " + doc(3, "c").toJson(),
            "2 INSERT " + doc(4, "d").toJson(),
            "2 UPDATE_PREIMAGE " + doc(2, "b").toJson(),
            "2 UPDATE_POSTIMAGE " + doc(2, "B").toJson(),
            "2 DELETE " + doc(3, "c").toJson(),
            "3 INSERT " + doc(5, "e").toJson());
    Map<Long, java.time.Instant> timestamps = new TreeMap<>();
    table.delta().history(10).forEach(h -> timestamps.put(h.version(), h.timestamp()));
    assertThat(changes)
        .allMatch(c -> c.commitTimestamp().equals(timestamps.get(c.commitVersion())));
    assertThat(table.changes(2, 2)).hasSize(4);
  }

  @Test
  void theChangeFeedReadsAsCdcRecords() {
    DocumentTable table = threeCommits(root, IdEncoding.INT32);
    List<ChangeRow> changes = table.changes(2, 3);

    List<CDCRecord> records = ChangeFeedRecords.of(changes, "db.people");

    assertThat(records)
        .extracting(r -> r.seq() + " " + r.op().code() + " " + r.id())
        .containsExactly(
            "2 c BsonInt32{value=4}",
            "2 u BsonInt32{value=2}",
            "2 d BsonInt32{value=3}",
            "3 c BsonInt32{value=5}");
    CDCRecord update = records.get(1);
    assertThat(update.before()).isEqualTo(doc(2, "b"));
    assertThat(update.after()).isEqualTo(doc(2, "B"));
    assertThat(update.tsNanos())
        .isEqualTo(changes.get(1).commitTimestamp().toEpochMilli() * 1_000_000);
    assertThat(records.get(2).before()).isEqualTo(doc(3, "c"));
    assertThat(records).allMatch(r -> r.source().equals("db.people"));
  }

  @Test
  void onlyCommitsThatRewriteFilesCarryCdcActionsUnderChangeData() {
    DocumentTable table = threeCommits(root, IdEncoding.KEY);

    assertThat(cdcActions(table, 1)).isEmpty();
    assertThat(cdcActions(table, 3)).isEmpty();
    List<AddCdcFile> cdc = cdcActions(table, 2);
    assertThat(cdc).hasSize(1);
    assertThat(cdc.getFirst().path()).startsWith("_change_data/cdc-").endsWith(".parquet");
    assertThat(cdc.getFirst().dataChange()).isFalse();
    assertThat(table.snapshot().delta().protocol().writerFeatures()).contains("changeDataFeed");
    assertThat(table.snapshot().delta().metadata().configuration())
        .containsEntry("delta.enableChangeDataFeed", "true");
  }

  @Test
  void tablesWithoutTheFeedDescribeRewritesAsWholeFileDeletesAndInserts() {
    DocumentTable table =
        DocumentTable.create(
            new FileSystemStorage(root),
            "db/plain",
            DocumentTableConfig.defaults().withIdEncoding(IdEncoding.INT32),
            Clock.systemUTC());
    table.commit(
        new TableChanges(List.of(doc(1, "a"), doc(2, "b")), List.of(), List.of()), null, 0);
    table.commit(
        new TableChanges(List.of(), List.of(), List.<BsonValue>of(new BsonInt32(1))), null, 0);

    assertThat(cdcActions(table, 2)).isEmpty();
    assertThat(table.changes(2, 2))
        .extracting(c -> c.changeType() + " " + c.document().getInt32("_id").getValue())
        .containsExactlyInAnyOrder("DELETE 1", "DELETE 2", "INSERT 2");
  }

  @Test
  void duckDbReadsTheChangeDataFiles() throws Exception {
    DocumentTable table = threeCommits(root, IdEncoding.INT32);
    AddCdcFile cdc = cdcActions(table, 2).getFirst();
    Path file = root.resolve("db/people").resolve(cdc.path());

    List<String> rows = new ArrayList<>();
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = duck.createStatement();
        ResultSet result =
            statement.executeQuery(
                "SELECT _change_type, _id, age, doc.name::VARCHAR FROM read_parquet('"
                    + file
                    + "') ORDER BY _change_type, _id")) {
      while (result.next()) {
        rows.add(
            result.getString(1)
                + " "
                + result.getInt(2)
                + " "
                + result.getInt(3)
                + " "
                + result.getString(4));
      }
    }
    assertThat(rows)
        .containsExactly(
            "delete 3 23 c", "insert 4 24 d", "update_postimage 2 22 B", "update_preimage 2 22 b");
  }

  private static List<AddCdcFile> cdcActions(DocumentTable table, long version) {
    List<AddCdcFile> cdc = new ArrayList<>();
    for (Action action : table.delta().commitActions(version)) {
      if (action instanceof AddCdcFile file) {
        cdc.add(file);
      }
    }
    return cdc;
  }

  static List<ChangeType> types(List<ChangeRow> rows) {
    return rows.stream().map(ChangeRow::changeType).toList();
  }
}
