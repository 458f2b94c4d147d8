package dev.mongolake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Sorts;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mongolake import} and {@code export} with real files against a running server. */
class ImportExportTest {

  @TempDir Path data;
  @TempDir Path files;
  private MongoLakeServer server;
  private MongoClient driver;
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private PrintStream originalErr;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    driver = MongoClients.create(uri());
    originalErr = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void stop() {
    System.setErr(originalErr);
    driver.close();
    server.close();
  }

  @Test
  void importsJsonLinesWithExtendedJsonTypes() throws Exception {
    Path file = files.resolve("users.json");
    Files.writeString(
        file,
        """
        {"_id": 1, "name": "Alice", "born": {"$date": "1990-01-02T00:00:00Z"}}

        {"_id": 2, "name": "Bob", "big": {"$numberLong": "5"}}
        """);

    int exit = cli("import", "--db", "app", "--collection", "users", file.toString());

    assertThat(exit).as(errText()).isZero();
    assertThat(errText()).contains("imported 2 documents into app.users");
    List<BsonDocument> users = all("users");
    assertThat(users.get(0).isDateTime("born")).isTrue();
    assertThat(users.get(1).isInt64("big")).isTrue();
  }

  @Test
  void importsAJsonArrayInBatches() throws Exception {
    Path file = files.resolve("numbers.json");
    StringBuilder json = new StringBuilder("[\n");
    for (int i = 0; i < 25; i++) {
      json.append(i == 0 ? "" : ",\n").append("{\"_id\": ").append(i).append("}");
    }
    Files.writeString(file, json.append("\n]\n"));

    int exit = cli("import", "-d", "app", "-c", "numbers", "--batch-size", "10", file.toString());

    assertThat(exit).as(errText()).isZero();
    assertThat(all("numbers")).hasSize(25);
  }

  @Test
  void importsCsvWithTypesNestingAndQuotes() throws Exception {
    Path file = files.resolve("people.csv");
    Files.writeString(
        file,
        "_id,name,age,active,address.city\r\n"
            + "1,\"Smith, Ann\",42,true,Oslo\r\n"
            + "2,\"He said \"\"hi\"\"\",3.5,false,\r\n");

    int exit = cli("import", "-d", "app", "-c", "people", file.toString());

    assertThat(exit).as(errText()).isZero();
    assertThat(all("people"))
        .containsExactly(
            BsonDocument.parse(
                "{_id: 1, name: 'Smith, Ann', age: 42, active: true, address: {city: 'Oslo'}}"),
            BsonDocument.parse("{_id: 2, name: 'He said \"hi\"', age: 3.5, active: false}"));
  }

  @Test
  void canonicalJsonLinesExportImportsBackTypeForType() throws Exception {
    MongoCollection<BsonDocument> source = collection("source");
    source.insertMany(
        List.of(
            BsonDocument.parse("{_id: 1, tags: ['a', 'b'], when: {$date: '2024-05-01T00:00:00Z'}}"),
            BsonDocument.parse("{_id: 2, n: {$numberLong: '9'}, nested: {x: 1.5}}")));
    Path file = files.resolve("out.json");

    // Canonical mode keeps every type; relaxed writes a small long as a plain number.
    assertThat(
            cli(
                "export",
                "-d",
                "app",
                "-c",
                "source",
                "--json-format",
                "canonical",
                "--out",
                file.toString()))
        .isZero();
    assertThat(Files.readAllLines(file)).hasSize(2);
    assertThat(cli("import", "-d", "app", "-c", "copy", file.toString())).isZero();

    assertThat(all("copy")).isEqualTo(all("source"));
  }

  @Test
  void exportsAJsonArrayInCanonicalMode() throws Exception {
    collection("source").insertOne(BsonDocument.parse("{_id: 1, n: 5}"));
    Path file = files.resolve("out.json");

    int exit =
        cli(
            "export",
            "-d",
            "app",
            "-c",
            "source",
            "--json-array",
            "--json-format",
            "canonical",
            "--out",
            file.toString());

    assertThat(exit).isZero();
    String text = Files.readString(file);
    assertThat(text).startsWith("[").contains("{\"$numberInt\": \"5\"}");
    assertThat(BsonDocument.parse("{a: " + text + "}").getArray("a")).hasSize(1);
  }

  @Test
  void exportsChosenFieldsAsCsvFilteredAndSorted() throws Exception {
    collection("people")
        .insertMany(
            List.of(
                BsonDocument.parse("{_id: 1, name: 'Ann, A', address: {city: 'Oslo'}, age: 40}"),
                BsonDocument.parse("{_id: 2, name: 'Bo', age: 20}"),
                BsonDocument.parse("{_id: 3, name: 'Cy', age: 30}")));
    Path file = files.resolve("people.csv");

    int exit =
        cli(
            "export",
            "-d",
            "app",
            "-c",
            "people",
            "--fields",
            "name,address.city,age",
            "--query",
            "{\"age\": {\"$gte\": 30}}",
            "--sort",
            "{\"age\": -1}",
            "--out",
            file.toString());

    assertThat(exit).as(errText()).isZero();
    assertThat(Files.readString(file))
        .isEqualTo("name,address.city,age\r\n\"Ann, A\",Oslo,40\r\nCy,,30\r\n");
  }

  @Test
  void csvExportWithoutFieldsFailsWithAMessage() {
    collection("people").insertOne(BsonDocument.parse("{_id: 1}"));

    int exit =
        cli("export", "-d", "app", "-c", "people", "--out", files.resolve("p.csv").toString());

    assertThat(exit).isEqualTo(1);
    assertThat(errText()).contains("Cannot export CSV: name the columns with --fields");
  }

  @Test
  void malformedLineStopsTheImportAndNamesTheLine() throws Exception {
    Path file = files.resolve("bad.json");
    Files.writeString(file, "{\"_id\": 1}\n{\"_id\": \n");

    int exit = cli("import", "-d", "app", "-c", "bad", file.toString());

    assertThat(exit).isEqualTo(1);
    assertThat(errText()).contains("Cannot read line 2");
  }

  @Test
  void duplicateKeyStopsTheImportWithTheServersMessage() throws Exception {
    collection("dups").insertOne(BsonDocument.parse("{_id: 2}"));
    Path file = files.resolve("dups.json");
    Files.writeString(file, "{\"_id\": 1}\n{\"_id\": 2}\n{\"_id\": 3}\n");

    int exit = cli("import", "-d", "app", "-c", "dups", file.toString());

    assertThat(exit).isEqualTo(1);
    assertThat(errText()).contains("E11000").contains("1 documents imported before it");
  }

  private int cli(String... args) {
    List<String> withUri = new ArrayList<>(List.of(args));
    withUri.add(1, "--uri");
    withUri.add(2, uri());
    return MongoLakeCli.run(withUri.toArray(String[]::new));
  }

  private String uri() {
    return server.connectionString() + "?serverSelectionTimeoutMS=5000";
  }

  private String errText() {
    return err.toString(StandardCharsets.UTF_8);
  }

  private MongoCollection<BsonDocument> collection(String name) {
    return driver.getDatabase("app").getCollection(name, BsonDocument.class);
  }

  private List<BsonDocument> all(String name) {
    return collection(name).find().sort(Sorts.ascending("_id")).into(new ArrayList<>());
  }
}
