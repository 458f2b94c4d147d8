package dev.mongolake.delta.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.parquet.ColumnType;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.parquet.PromotedColumn;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.storage.FileSystemStorage;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AutoPromoteTest {
  @TempDir Path root;

  /** 100 people: email always a string, age an Int32 in 95, score Int32/Int64, rare in 10. */
  static List<BsonDocument> people(int from) {
    List<BsonDocument> people = new ArrayList<>();
    for (int i = from; i < from + 100; i++) {
      BsonDocument person =
          new BsonDocument("_id", new BsonInt32(i))
              .append("email", new BsonString("p" + i + "@example.com"))
              .append("age", i % 20 == 0 ? new BsonString("unknown") : new BsonInt32(20 + i % 50))
              .append("score", i % 2 == 0 ? new BsonInt32(i) : new BsonInt64(1L << 40 | i))
              .append("profile", new BsonDocument("city", new BsonString("c" + i % 3)));
      if (i % 10 == 0) {
        person.append("rare", new BsonInt32(i));
      }
      people.add(person);
    }
    return people;
  }

  static DocumentTable autoPromoting(Path root) {
    return DocumentTable.create(
        new FileSystemStorage(root),
        "db/people",
        DocumentTableConfig.defaults()
            .withIdEncoding(IdEncoding.INT32)
            .withAutoPromote(AutoPromote.atThreshold(0.9)),
        Clock.systemUTC());
  }

  @Test
  void fieldsWithOneTypeInEnoughDocumentsBecomePromotedColumnsInTheDeltaMetadata() {
    DocumentTable table = autoPromoting(root);
    List<BsonDocument> people = people(0);

    table.commit(new TableChanges(people, List.of(), List.of()), null, 0);

    DocumentSnapshot snapshot = table.snapshot();
    assertThat(snapshot.config().schema().columns())
        .containsExactly(
            new PromotedColumn("email", ColumnType.STRING, false),
            new PromotedColumn("age", ColumnType.INT, false),
            new PromotedColumn("score", ColumnType.LONG, false));
    assertThat(snapshot.delta().metadata().configuration())
        .containsEntry(
            DocumentTable.PROMOTED_COLUMNS_PROPERTY,
            "{\"email\": \"string\", \"age\": \"int\", \"score\": \"long\"}");
    assertThat(snapshot.delta().metadata().schemaString())
        .contains("{\"name\":\"email\",\"type\":\"string\"")
        .contains("{\"name\":\"age\",\"type\":\"integer\"")
        .contains("{\"name\":\"score\",\"type\":\"long\"");
    assertThat(scan(snapshot, "{}")).isEqualTo(people);
    assertThat(DocumentTable.open(new FileSystemStorage(root), "db/people", Clock.systemUTC()))
        .get()
        .satisfies(
            t -> assertThat(t.config().autoPromote()).isEqualTo(AutoPromote.atThreshold(0.9)));
  }

  @Test
  void documentsWhoseValueDoesNotFitStayCorrectAndFilterable() {
    DocumentTable table = autoPromoting(root);
    List<BsonDocument> people = people(0);
    table.commit(new TableChanges(people, List.of(), List.of()), null, 0);

    for (String filter :
        List.of(
            "{age: 'unknown'}",
            "{age: {$gte: 60}}",
            "{age: {$type: 'string'}}",
            "{score: {$gt: 50}}",
            "{score: 4}",
            "{email: {$regex: '^p1'}}")) {
      Filter parsed = Filter.parse(BsonDocument.parse(filter));
      assertThat(scan(table.snapshot(), filter))
          .as(filter)
          .isEqualTo(people.stream().filter(parsed::matches).toList())
          .isNotEmpty();
    }
  }

  @Test
  void laterCommitsPromoteNewFieldsAndOldFilesStillScan() {
    DocumentTable table = autoPromoting(root);
    table.commit(new TableChanges(people(0), List.of(), List.of()), null, 0);
    List<BsonDocument> withCity = new ArrayList<>();
    for (BsonDocument person : people(100)) {
      withCity.add(
          person
              .clone()
              .append("city", new BsonString("c" + person.getInt32("_id").getValue() % 3)));
    }
    table.commit(new TableChanges(withCity, List.of(), List.of()), null, 0);

    assertThat(table.snapshot().config().schema().columns())
        .extracting(PromotedColumn::path)
        .containsExactly("email", "age", "score", "city");
    assertThat(scan(table.snapshot(), "{city: 'c1'}"))
        .hasSize(34)
        .allMatch(d -> d.getString("city").getValue().equals("c1"));
    assertThat(scan(table.snapshot(), "{city: {$exists: false}}")).hasSize(100);
  }

  @Test
  void duckDbReadsThePromotedColumns() throws Exception {
    DocumentTable table = autoPromoting(root);
    table.commit(new TableChanges(people(0), List.of(), List.of()), null, 0);
    List<BsonDocument> withCity = new ArrayList<>();
    for (BsonDocument person : people(100)) {
      withCity.add(person.clone().append("city", new BsonString("x")));
    }
    table.commit(new TableChanges(withCity, List.of(), List.of()), null, 0);

    String files =
        table.snapshot().delta().storagePaths().stream()
            .map(p -> "'" + root.resolve(p) + "'")
            .collect(Collectors.joining(", ", "[", "]"));
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = duck.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT count(*), count(age), sum(age), count(city), max(email), sum(score) > 0"
                    + " FROM read_parquet("
                    + files
                    + ", union_by_name = true)")) {
      rows.next();
      assertThat(rows.getLong(1)).isEqualTo(200);
      assertThat(rows.getLong(2)).isEqualTo(190);
      long ages = 0;
      for (int i = 0; i < 200; i++) {
        ages += i % 20 == 0 ? 0 : 20 + i % 50;
      }
      assertThat(rows.getLong(3)).isEqualTo(ages);
      assertThat(rows.getLong(4)).isEqualTo(100);
      assertThat(rows.getString(5)).isEqualTo("p9@example.com");
      assertThat(rows.getBoolean(6)).isTrue();
    }
  }

  private static List<BsonDocument> scan(DocumentSnapshot snapshot, String filter) {
    List<BsonDocument> documents = new ArrayList<>();
    try (var scan = snapshot.scan(Filter.parse(BsonDocument.parse(filter)))) {
      scan.forEachRemaining(documents::add);
    }
    return documents;
  }
}
