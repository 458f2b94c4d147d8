package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.CommitInfo;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.delta.table.DocumentTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A collection's table stores {@code _id} in a typed, readable column when the ids of its first
 * flush share a type (ObjectId as hex text, string, int32, int64), which DuckDB reads and filters
 * directly; an id a later flush brings that the column cannot store re-encodes the table to the
 * binary key in one commit; numbers equal in MongoDB's sense stay one {@code _id}.
 */
class TypedIdColumnsTest {

  @TempDir Path root;

  @Test
  void objectIdsGetAHexTextColumnDuckDbReadsAsVarcharAndFilters() throws Exception {
    ObjectId grace = new ObjectId();
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeCollection<BsonDocument> users = collection(lake, "users");
      users.insertMany(
          List.of(
              person(new BsonObjectId(new ObjectId()), "Ada"),
              person(new BsonObjectId(grace), "Grace")));
      lake.flush();

      assertThat(encoding(users)).isEqualTo(IdEncoding.OBJECT_ID);
      String files = liveFiles(users);
      assertThat(columnType(files)).isEqualTo("VARCHAR");
      assertThat(
              rows(
                  "SELECT doc.name::VARCHAR FROM read_parquet("
                      + files
                      + ") WHERE _id = '"
                      + grace.toHexString()
                      + "'"))
          .containsExactly("Grace");
    }
  }

  @Test
  void stringIntAndLongIdsGetColumnsOfTheirType() throws Exception {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeCollection<BsonDocument> strings = collection(lake, "strings");
      MongoLakeCollection<BsonDocument> ints = collection(lake, "ints");
      MongoLakeCollection<BsonDocument> longs = collection(lake, "longs");
      strings.insertMany(
          List.of(person(new BsonString("ada"), "Ada"), person(new BsonString("bob"), "Bob")));
      ints.insertMany(List.of(person(new BsonInt32(1), "Ada"), person(new BsonInt32(2), "Bob")));
      longs.insertMany(
          List.of(person(new BsonInt64(1L << 40), "Ada"), person(new BsonInt64(1L << 41), "Bob")));
      lake.flush();

      assertThat(encoding(strings)).isEqualTo(IdEncoding.STRING);
      assertThat(encoding(ints)).isEqualTo(IdEncoding.INT32);
      assertThat(encoding(longs)).isEqualTo(IdEncoding.INT64);
      assertThat(columnType(liveFiles(strings))).isEqualTo("VARCHAR");
      assertThat(columnType(liveFiles(ints))).isEqualTo("INTEGER");
      assertThat(columnType(liveFiles(longs))).isEqualTo("BIGINT");
      assertThat(
              rows(
                  "SELECT doc.name::VARCHAR FROM read_parquet("
                      + liveFiles(strings)
                      + ") WHERE _id = 'bob'"))
          .containsExactly("Bob");
      assertThat(
              rows(
                  "SELECT doc.name::VARCHAR FROM read_parquet("
                      + liveFiles(ints)
                      + ") WHERE _id = 2"))
          .containsExactly("Bob");
      assertThat(
              rows(
                  "SELECT doc.name::VARCHAR FROM read_parquet("
                      + liveFiles(longs)
                      + ") WHERE _id = "
                      + (1L << 40)))
          .containsExactly("Ada");
    }
  }

  @Test
  void mixedIdsInTheFirstFlushGiveTheBinaryKey() throws Exception {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeCollection<BsonDocument> mixed = collection(lake, "mixed");
      mixed.insertMany(
          List.of(
              person(new BsonObjectId(new ObjectId()), "Ada"),
              person(new BsonString("bob"), "Bob"),
              person(new BsonInt32(3), "Cy"),
              person(new BsonInt64(4), "Di")));
      lake.flush();

      assertThat(encoding(mixed)).isEqualTo(IdEncoding.KEY);
      assertThat(columnType(liveFiles(mixed))).isEqualTo("BLOB");
      assertThat(mixed.find(new BsonDocument("_id", new BsonInt32(4))).first())
          .extracting(d -> d.get("_id"))
          .isEqualTo(new BsonInt64(4));
    }
  }

  @Test
  void aStringIdInAnObjectIdTableReEncodesItToTheKeyInOneCommit() throws Exception {
    List<BsonDocument> stored = new ArrayList<>();
    long reencoded;
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeCollection<BsonDocument> users = collection(lake, "users");
      for (int flush = 0; flush < 2; flush++) {
        List<BsonDocument> batch = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
          batch.add(person(new BsonObjectId(new ObjectId()), "p" + flush + i));
        }
        users.insertMany(batch);
        stored.addAll(batch);
        lake.flush();
      }
      DocumentTable table = users.table().orElseThrow();
      DocumentSnapshot before = table.snapshot();
      assertThat(before.config().idEncoding()).isEqualTo(IdEncoding.OBJECT_ID);
      users.deleteOne(new BsonDocument("_id", stored.remove(0).get("_id")));
      BsonDocument named = person(new BsonString("named"), "Named");
      users.insertOne(named);
      stored.add(named);
      lake.flush();

      reencoded = before.version() + 1;
      List<Action> actions = table.delta().commitActions(reencoded);
      assertThat(actions)
          .filteredOn(Metadata.class::isInstance)
          .singleElement()
          .extracting(m -> ((Metadata) m).configuration(DocumentTable.ID_ENCODING_PROPERTY, null))
          .isEqualTo("KEY");
      assertThat(actions)
          .filteredOn(RemoveFile.class::isInstance)
          .extracting(r -> ((RemoveFile) r).path())
          .containsExactlyInAnyOrderElementsOf(before.files().stream().map(AddFile::path).toList());
      assertThat(actions)
          .filteredOn(CommitInfo.class::isInstance)
          .extracting(c -> ((CommitInfo) c).values().get("operation"))
          .containsExactly("REORG");
      assertThat(table.snapshot().version()).isEqualTo(reencoded + 1);
      assertThat(encoding(users)).isEqualTo(IdEncoding.KEY);
      assertAllFound(users, stored);
      assertThat(columnType(liveFiles(users))).isEqualTo("BLOB");
      // read_parquet does not apply deletion vectors: it also counts the rows they delete.
      long deleted =
          table.snapshot().files().stream()
              .filter(f -> f.deletionVector() != null)
              .mapToLong(f -> f.deletionVector().cardinality())
              .sum();
      assertThat(deleted).isEqualTo(1);
      assertThat(rows("SELECT count(*) FROM read_parquet(" + liveFiles(users) + ")"))
          .containsExactly(String.valueOf(stored.size() + deleted));
    }
    deleteLog();
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeCollection<BsonDocument> users = collection(lake, "users");
      assertThat(users.table().orElseThrow().delta().snapshot().version()).isEqualTo(reencoded + 1);
      assertAllFound(users, stored);
    }
  }

  @Test
  void anInt32TableFindsEqualNumbersOfEveryNumericType() {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeCollection<BsonDocument> ints = collection(lake, "ints");
      ints.insertMany(List.of(person(new BsonInt32(1), "Ada"), person(new BsonInt32(2), "Bob")));
      lake.flush();
      assertThat(encoding(ints)).isEqualTo(IdEncoding.INT32);

      for (BsonValue one : List.of(new BsonInt32(1), new BsonDouble(1.0), new BsonInt64(1))) {
        assertThat(ints.find(new BsonDocument("_id", one)).into(new ArrayList<>()))
            .as("{_id: %s}", one)
            .extracting(d -> d.getString("name").getValue())
            .containsExactly("Ada");
        assertThat(ints.table().orElseThrow().snapshot().findById(one)).isPresent();
      }
      assertThat(ints.countDocuments(new BsonDocument("_id", new BsonDouble(1.5)))).isZero();
    }
  }

  @Test
  void anEqualNumberOfAnotherTypeIsADuplicateInTheTableAndInTheBuffer() {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeCollection<BsonDocument> ints = collection(lake, "ints");
      ints.insertOne(person(new BsonInt32(1), "Ada"));
      lake.flush();
      ints.insertOne(person(new BsonInt32(2), "Bob"));

      for (BsonValue id :
          List.of(new BsonDouble(1.0), new BsonInt64(1), new BsonDouble(2.0), new BsonInt64(2))) {
        assertThatThrownBy(() -> ints.insertOne(person(id, "Again")))
            .as("_id %s", id)
            .isInstanceOfSatisfying(
                MongoLakeException.class,
                e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.DUPLICATE_KEY))
            .hasMessageContaining("E11000");
      }
      lake.flush();
      assertThat(encoding(ints)).isEqualTo(IdEncoding.INT32);
      assertThat(ints.countDocuments()).isEqualTo(2);
    }
  }

  @Test
  void anInt64IdInAnInt32TableReEncodesItAndKeepsItsType() {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeCollection<BsonDocument> ints = collection(lake, "ints");
      ints.insertMany(List.of(person(new BsonInt32(1), "Ada"), person(new BsonInt32(2), "Bob")));
      lake.flush();
      ints.insertOne(person(new BsonInt64(3), "Cy"));
      lake.flush();

      assertThat(encoding(ints)).isEqualTo(IdEncoding.KEY);
      assertThat(ints.find(new BsonDocument("_id", new BsonInt32(3))).first())
          .extracting(d -> d.get("_id"))
          .isEqualTo(new BsonInt64(3));
      assertThat(ints.find(new BsonDocument("_id", new BsonDouble(1.0))).first())
          .extracting(d -> d.get("_id"))
          .isEqualTo(new BsonInt32(1));
    }
  }

  @Test
  void aTableAFlushCreatedEmptyTakesTheTypeOfItsFirstIds() throws Exception {
    try (MongoLake lake = MongoLake.open(root)) {
      lake.db("shop").createCollection("users");
      MongoLakeCollection<BsonDocument> users = collection(lake, "users");
      lake.flush();
      assertThat(encoding(users)).isEqualTo(IdEncoding.KEY);

      users.insertOne(person(new BsonObjectId(new ObjectId()), "Ada"));
      lake.flush();

      assertThat(encoding(users)).isEqualTo(IdEncoding.OBJECT_ID);
      assertThat(columnType(liveFiles(users))).isEqualTo("VARCHAR");
    }
  }

  private static MongoLakeCollection<BsonDocument> collection(MongoLake lake, String name) {
    return lake.db("shop").collection(name, BsonDocument.class);
  }

  private static BsonDocument person(BsonValue id, String name) {
    return new BsonDocument("_id", id).append("name", new BsonString(name));
  }

  private static IdEncoding encoding(MongoLakeCollection<BsonDocument> collection) {
    return collection.table().orElseThrow().snapshot().config().idEncoding();
  }

  private static void assertAllFound(
      MongoLakeCollection<BsonDocument> collection, List<BsonDocument> stored) {
    assertThat(collection.find().into(new ArrayList<>()))
        .containsExactlyInAnyOrderElementsOf(stored);
    for (BsonDocument document : stored) {
      assertThat(collection.find(new BsonDocument("_id", document.get("_id"))).first())
          .isEqualTo(document);
    }
  }

  /** The log is not needed once a flush has checkpointed it: the tables hold everything. */
  private void deleteLog() throws IOException {
    try (Stream<Path> entries = Files.walk(root.resolve("_wal"))) {
      for (Path entry : entries.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(entry);
      }
    }
  }

  /** The live data files of the collection's table, as a DuckDB list literal. */
  private String liveFiles(MongoLakeCollection<BsonDocument> collection) {
    DocumentTable table = collection.table().orElseThrow();
    DocumentSnapshot snapshot = table.snapshot();
    return snapshot.files().stream()
        .map(file -> "'" + root.resolve(snapshot.delta().storagePath(file)) + "'")
        .collect(Collectors.joining(", ", "[", "]"));
  }

  private static String columnType(String files) throws SQLException {
    List<String> types = rows("SELECT DISTINCT typeof(_id) FROM read_parquet(" + files + ")");
    assertThat(types).hasSize(1);
    return types.getFirst();
  }

  private static List<String> rows(String sql) throws SQLException {
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      List<String> rows = new ArrayList<>();
      while (result.next()) {
        rows.add(String.valueOf(result.getObject(1)));
      }
      return rows;
    }
  }
}
