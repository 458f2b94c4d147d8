package dev.mongolake.server.branch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ReplicationConfig;
import dev.mongolake.server.ServerConfig;
import dev.mongolake.server.cli.MongoLakeCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Branches through the Java driver: the branch commands, a branch addressed as the database {@code
 * <db>@<name>}, a merge refused with WriteConflict on a conflict and settled by policy, a branch
 * kept across a restart, and the {@code mongolake branch} command line.
 */
class BranchesWithJavaDriverTest {

  @TempDir Path data;

  private static MongoLakeServer start(Path data) {
    ServerConfig config =
        new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"), 0)
            .withReplication(ReplicationConfig.replicaSet("rs0"));
    return MongoLakeServer.start(config, "test");
  }

  private static MongoClient client(MongoLakeServer server) {
    return MongoClients.create(server.connectionString() + "?directConnection=true");
  }

  @Test
  void aBranchIsWrittenThroughItsDatabaseNameAndMergedBackByPolicy() {
    try (MongoLakeServer server = start(data);
        MongoClient driver = client(server)) {
      MongoDatabase app = driver.getDatabase("app");
      MongoCollection<Document> orders = app.getCollection("orders");
      orders.insertMany(
          IntStream.range(0, 10).mapToObj(i -> new Document("_id", i).append("s", "new")).toList());
      server.lake().flush();

      Document created = app.runCommand(new Document("createBranch", "fix"));
      assertThat(created.get("branch", Document.class).getString("database")).isEqualTo("app@fix");
      MongoCollection<Document> onBranch = driver.getDatabase("app@fix").getCollection("orders");
      assertThat(onBranch.countDocuments()).isEqualTo(10);
      onBranch.updateOne(Filters.eq("_id", 1), Updates.set("s", "branch"));
      onBranch.insertOne(new Document("_id", 50));
      orders.updateOne(Filters.eq("_id", 1), Updates.set("s", "parent"));
      assertThat(orders.find(Filters.eq("_id", 50)).first()).isNull();

      Document diff = app.runCommand(new Document("diffBranch", "fix"));
      Document first = diff.getList("collections", Document.class).getFirst();
      assertThat(first.getLong("nConflicts")).isEqualTo(1);
      assertThat(first.getList("conflicts", Object.class)).containsExactly(1);

      assertThatThrownBy(() -> app.runCommand(new Document("mergeBranch", "fix")))
          .isInstanceOfSatisfying(
              MongoCommandException.class,
              e -> {
                assertThat(e.getErrorCode()).isEqualTo(112);
                assertThat(e.getErrorMessage()).contains("changed on both sides");
              });
      assertThatThrownBy(
              () -> app.runCommand(new Document("mergeBranch", "fix").append("policy", "mine")))
          .isInstanceOfSatisfying(
              MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(2));
      assertThatThrownBy(
              () -> app.runCommand(new Document("mergeBranch", "fix").append("dryRun", true)))
          .isInstanceOf(MongoCommandException.class)
          .hasMessageContaining("dryRun");

      Document merged =
          app.runCommand(new Document("mergeBranch", "fix").append("policy", "theirs"));
      assertThat(merged.getList("collections", Document.class).getFirst().getLong("nConflicts"))
          .isEqualTo(1);
      assertThat(orders.find(Filters.eq("_id", 1)).first().getString("s")).isEqualTo("branch");
      assertThat(orders.countDocuments()).isEqualTo(11);

      assertThatThrownBy(
              () -> driver.getDatabase("app@none").getCollection("c").insertOne(new Document()))
          .isInstanceOf(com.mongodb.MongoException.class)
          .hasMessageContaining("not one");
    }
    try (MongoLakeServer server = start(data);
        MongoClient driver = client(server)) {
      List<Document> branches =
          driver
              .getDatabase("app")
              .runCommand(new Document("listBranches", 1))
              .getList("branches", Document.class);
      assertThat(branches).extracting(b -> b.getString("name")).containsExactly("fix");
      assertThat(driver.getDatabase("app@fix").getCollection("orders").countDocuments())
          .isEqualTo(11);
      driver.getDatabase("app").runCommand(new Document("deleteBranch", "fix"));
      assertThat(driver.listDatabaseNames().into(new ArrayList<>())).doesNotContain("app@fix");
    }
  }

  @Test
  void theCommandLineCreatesListsAndMergesBranches() {
    try (MongoLakeServer server = start(data);
        MongoClient driver = client(server)) {
      driver.getDatabase("app").getCollection("c").insertOne(new Document("_id", 1));
      String uri = server.connectionString() + "?directConnection=true";

      assertThat(cli("branch", "create", "--uri", uri, "--db", "app", "exp").exitCode()).isZero();
      driver.getDatabase("app@exp").getCollection("c").insertOne(new Document("_id", 2));
      Run listed = cli("branch", "list", "--uri", uri, "--db", "app");
      assertThat(BsonDocument.parse(listed.out()).getArray("branches")).hasSize(1);
      Run merged = cli("branch", "merge", "--uri", uri, "--db", "app", "exp", "--policy", "ours");
      assertThat(merged.exitCode()).isZero();
      assertThat(driver.getDatabase("app").getCollection("c").countDocuments()).isEqualTo(2);
      Run missing = cli("branch", "diff", "--uri", uri, "--db", "app", "nope");
      assertThat(missing.exitCode()).isEqualTo(1);
      assertThat(missing.err()).contains("NamespaceNotFound");
    }
  }

  private record Run(int exitCode, String out, String err) {}

  private static Run cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        new CommandLine(new MongoLakeCli())
            .setOut(new PrintWriter(out, true))
            .setErr(new PrintWriter(err, true))
            .execute(args);
    return new Run(code, out.toString(), err.toString());
  }
}
