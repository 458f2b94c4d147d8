package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DuckDB example of docs/documents-as-parquet.md, run as the page shows it: the mongosh
 * commands of block {@code duckdb-data} against the embedded engine (in the folder that holds
 * {@code .mongolake}), then the SQL of blocks {@code duckdb-queries} and {@code duckdb-glob}
 * through DuckDB, unchanged.
 */
class DuckDbReadsCollectionTablesAsDocumentedTest {

  private static final String PAGE = "documents-as-parquet.md";
  private static final Pattern COMMAND =
      Pattern.compile("db\\.(?:(\\w+)\\.)?(\\w+)\\((.*)\\)", Pattern.DOTALL);

  @TempDir Path folder;

  @Test
  void theDocumentedQueriesReadTheDocumentsOfTheCurrentVersion() throws Exception {
    List<BsonDocument> stored = runDocumentedCommands();

    List<List<List<Object>>> results = runQueries(DocumentedExample.text(PAGE, "duckdb-queries"));

    assertThat(results).hasSize(3);
    assertThat(results.get(0))
        .containsExactly(List.of("Ada", 36, "London"), List.of("Grace", 45, "New York"));
    List<List<Object>> everyone = results.get(1);
    assertThat(everyone).extracting(row -> row.getFirst()).containsExactly("Ada", "Grace", "Linus");
    for (List<Object> row : everyone) {
      BsonDocument document = BsonDocument.parse(String.valueOf(row.get(2)));
      assertThat(document).isIn(stored);
      assertThat(row.get(1)).isEqualTo(document.getObjectId("_id").getValue().toHexString());
    }
    assertThat(
            BsonDocument.parse(String.valueOf(everyone.get(2).get(2))).getInt32("age").getValue())
        .as("Linus after the update")
        .isEqualTo(29);
    assertThat(results.get(2)).containsExactly(List.of(3L, 36.67));
  }

  @Test
  void aGlobAlsoReadsTheFileTheUpdateReplaced() throws Exception {
    runDocumentedCommands();

    assertThat(runQueries(DocumentedExample.text(PAGE, "duckdb-glob")))
        .containsExactly(List.of(List.of(6L)));
  }

  @Test
  void overATableWithDeletionVectorsTheLiveFilesAlsoHoldAReplacedRow() throws Exception {
    int count = 2_000;
    try (MongoLake lake = MongoLake.open(folder.resolve(".mongolake"))) {
      MongoLakeDatabase shop = lake.db("shop");
      // The default layout (deletion vectors) in files large enough that compaction leaves them:
      // a file is small below three quarters of the 1 MiB target.
      shop.createCollection(
          "users", BsonDocument.parse("{mongolake: {targetFileSizeBytes: 1048576}}"));
      MongoLakeCollection<Document> users = shop.collection("users");
      java.util.Random random = new java.util.Random(7);
      List<Document> documents = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        char[] text = new char[1_000];
        for (int c = 0; c < text.length; c++) {
          text[c] = (char) ('a' + random.nextInt(26));
        }
        documents.add(
            new Document("name", "u" + i).append("age", 30).append("bio", new String(text)));
      }
      users.insertMany(documents);
      lake.flush();
      users.updateOne(new Document("name", "u1"), new Document("$set", new Document("age", 40)));
      lake.flush();
      assertThat(users.table().orElseThrow().snapshot().files())
          .anySatisfy(file -> assertThat(file.deletionVector()).isNotNull());
      assertThat(users.countDocuments()).isEqualTo(count);
    }

    List<List<List<Object>>> results = runQueries(DocumentedExample.text(PAGE, "duckdb-queries"));

    // Every file the table lists, the one whose vector deletes u1's old version included.
    assertThat(results.get(1))
        .as("u1's replaced row stays in its file, deleted only by the file's vector")
        .extracting(row -> row.getFirst())
        .filteredOn("u1"::equals)
        .hasSize(2);
    assertThat(results.get(2).getFirst().getFirst()).isEqualTo((long) count + 1);
  }

  @Test
  void theLiveFilesStayRightWhenOnlyACheckpointHoldsTheOldCommits() throws Exception {
    runDocumentedCommands();
    try (MongoLake lake = MongoLake.open(folder.resolve(".mongolake"))) {
      MongoLakeCollection<Document> users = lake.db("shop").collection("users");
      for (int i = 0; i < 9; i++) {
        users.updateOne(
            new Document("name", "Ada"), new Document("$inc", new Document("visits", 1)));
        lake.flush();
      }
    }
    Path log = folder.resolve(".mongolake/shop/users/_delta_log");
    assertThat(log.resolve("00000000000000000010.checkpoint.parquet")).exists();
    String queries = DocumentedExample.text(PAGE, "duckdb-queries");
    List<List<List<Object>>> before = runQueries(queries);

    // What log cleanup leaves of an old table: the checkpoint and the commits from it on.
    try (Stream<Path> entries = Files.list(log)) {
      for (Path entry : entries.toList()) {
        String name = entry.getFileName().toString();
        if (name.endsWith(".json") && Long.parseLong(name.substring(0, 20)) < 10) {
          Files.delete(entry);
        }
      }
    }

    assertThat(runQueries(queries)).isEqualTo(before);
    assertThat(before.get(2)).containsExactly(List.of(3L, 36.67));
  }

  /**
   * Runs the page's mongosh commands on an embedded lake at {@code .mongolake} and returns the
   * documents the collection then holds.
   */
  private List<BsonDocument> runDocumentedCommands() throws IOException {
    return runCommands(DocumentedExample.lines(PAGE, "duckdb-data"));
  }

  private List<BsonDocument> runCommands(List<String> lines) {
    try (MongoLake lake = MongoLake.open(folder.resolve(".mongolake"))) {
      String database = "test";
      for (String command : commands(lines)) {
        if (command.startsWith("use ")) {
          database = command.substring(4).strip();
          continue;
        }
        Matcher call = COMMAND.matcher(command);
        assertThat(call.matches()).as("a mongosh command: %s", command).isTrue();
        BsonArray arguments = BsonArray.parse("[" + call.group(3) + "]");
        run(lake, database, call.group(1), call.group(2), arguments);
      }
      List<BsonDocument> stored = new ArrayList<>();
      lake.db("shop").collection("users", BsonDocument.class).find().into(stored);
      return stored;
    }
  }

  private static void run(
      MongoLake lake, String database, String collection, String method, BsonArray arguments) {
    if (collection == null && method.equals("createCollection")) {
      lake.db(database)
          .createCollection(arguments.get(0).asString().getValue(), arguments.get(1).asDocument());
      return;
    }
    if (collection == null) {
      String call = method + arguments.getValues();
      assertThat(call)
          .as("the one admin command the page uses")
          .isEqualTo("adminCommand[{\"fsync\": 1}]");
      lake.flush();
      return;
    }
    MongoLakeCollection<BsonDocument> target =
        lake.db(database).collection(collection, BsonDocument.class);
    switch (method) {
      case "insertMany" ->
          target.insertMany(
              arguments.getFirst().asArray().stream().map(BsonValue::asDocument).toList());
      case "updateOne" ->
          target.updateOne(arguments.get(0).asDocument(), arguments.get(1).asDocument());
      default -> throw new AssertionError("The test does not know mongosh's " + method);
    }
  }

  /** Statements of a mongosh block: a line starting with {@code db.} or {@code use} starts one. */
  private static List<String> commands(List<String> lines) {
    List<String> commands = new ArrayList<>();
    for (String line : lines) {
      if (line.startsWith("db.") || line.startsWith("use ") || commands.isEmpty()) {
        commands.add(line);
      } else {
        commands.set(commands.size() - 1, commands.getLast() + "\n" + line);
      }
    }
    return commands;
  }

  /**
   * Runs the statements of {@code sql} (each ends with {@code ;} at the end of a line) in one
   * DuckDB session whose relative paths start at the folder holding {@code .mongolake}, as a {@code
   * duckdb} started there; returns the rows of each query.
   */
  private List<List<List<Object>>> runQueries(String sql) throws SQLException {
    List<List<List<Object>>> results = new ArrayList<>();
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:")) {
      try (Statement statement = connection.createStatement()) {
        statement.execute("SET file_search_path = '" + folder.toAbsolutePath() + "'");
      }
      for (String statementText : sql.split(";\\s*(\\n|$)")) {
        if (statementText
            .lines()
            .allMatch(line -> line.isBlank() || line.strip().startsWith("--"))) {
          continue;
        }
        try (Statement statement = connection.createStatement()) {
          if (statement.execute(statementText)) {
            results.add(rows(statement.getResultSet()));
          }
        }
      }
    }
    return results;
  }

  private static List<List<Object>> rows(ResultSet result) throws SQLException {
    List<List<Object>> rows = new ArrayList<>();
    int columns = result.getMetaData().getColumnCount();
    while (result.next()) {
      List<Object> row = new ArrayList<>();
      for (int i = 1; i <= columns; i++) {
        Object value = result.getObject(i);
        row.add(value instanceof Number || value == null ? value : String.valueOf(value));
      }
      rows.add(row);
    }
    return rows;
  }
}
