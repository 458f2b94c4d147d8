package dev.mongolake.server.net;

import static dev.mongolake.server.net.AwaitableHelloTest.command;
import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.bson.BsonBytesDecoder;
import dev.mongolake.bson.BsonNesting;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.DeepBson;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.Document;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An unauthenticated client sends documents nested 100,000 levels deep (about 800 KB each) on every
 * path a document reaches the server by; each is answered with MongoDB's Overflow, its connection
 * goes on, and every event loop still serves every other connection. Before the nesting limits, one
 * such hello killed the loop that read it and left every connection on that loop hanging.
 */
class HostileNestingTest {

  private static final int HOSTILE = 100_000;
  private static final Duration READ_TIMEOUT = Duration.ofSeconds(20);
  private static final String USER = "ops";
  private static final String PASSWORD = "s3cret";

  @TempDir Path data;

  @ParameterizedTest
  @EnumSource(ConnectionThreads.class)
  void documentsNestedAHundredThousandDeepOnEveryPathAreRefusedAndEveryConnectionIsServed(
      ConnectionThreads threads) throws Exception {
    ServerConfig config =
        new ServerConfig(data, "127.0.0.1", 0, true, Durability.BATCH, List.of("test"), 0)
            .withConnectionThreads(threads);
    try (MongoLakeServer server = MongoLakeServer.start(config, "test")) {
      createFirstUser(server);
      try (MongoClient driver = authenticated(server)) {
        driver.getDatabase("app").getCollection("c").insertOne(new Document("_id", 1));

        int loops = Runtime.getRuntime().availableProcessors();
        for (int i = 0; i < loops; i++) {
          // Connections go to the loops in turn: every loop reads one hostile hello.
          assertOverflowAndTheConnectionGoesOn(
              server, "hello", requestsNesting(HOSTILE).get("hello"));
        }
        for (Map.Entry<String, byte[]> request : requestsNesting(HOSTILE).entrySet()) {
          assertOverflowAndTheConnectionGoesOn(server, request.getKey(), request.getValue());
        }
        assertRestRefusesDeepBodies(server);

        List<WireTestClient> clients = new ArrayList<>();
        try {
          for (int i = 0; i < 2 * loops + 1; i++) {
            clients.add(WireTestClient.connect(server.port(), READ_TIMEOUT));
          }
          for (WireTestClient client : clients) {
            client.send(command("ping"), 0);
            assertThat(client.read().ok()).isTrue();
          }
        } finally {
          for (WireTestClient client : clients) {
            client.close();
          }
        }
        assertThat(driver.getDatabase("app").getCollection("c").find().first())
            .isEqualTo(new Document("_id", 1));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(ConnectionThreads.class)
  void requestsNestedExactlyToTheLimitOnEveryPathAreAnsweredByTheirCommands(
      ConnectionThreads threads) throws Exception {
    ServerConfig config =
        new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
            .withConnectionThreads(threads);
    try (MongoLakeServer server = MongoLakeServer.start(config, "test");
        WireTestClient client = WireTestClient.connect(server.port(), READ_TIMEOUT)) {
      // A document for the update to reach.
      client.send(
          cmd("insert", new BsonString("c"))
              .append(
                  "documents", new BsonArray(List.of(new BsonDocument("_id", new BsonInt32(1))))),
          0);
      assertThat(client.read().ok()).isTrue();
      for (Map.Entry<String, byte[]> request : requestsNesting(BsonNesting.MAX_DEPTH).entrySet()) {
        byte[] body = request.getValue();
        assertThat(BsonNesting.nestedLevels(BsonBytesDecoder.decode(body), 1000))
            .isEqualTo(BsonNesting.MAX_DEPTH);

        client.sendRaw(DeepBson.opMsg(1, body));
        BsonDocument reply = client.read().body();

        // Decoded, and every parser, matcher and encoder behind it kept within its stack: the
        // command itself answered (ok, or its own error such as a too deep document to store).
        assertThat(reply.getString("errmsg", new BsonString("")).getValue())
            .as(request.getKey() + ": " + reply.toJson())
            .doesNotContain("nested object depth of 200")
            .doesNotContain("too deeply to process")
            .doesNotContain("internal error");
      }
      client.send(command("ping"), 0);
      assertThat(client.read().ok()).isTrue();
    }
  }

  /**
   * Every path, as a raw OP_MSG body nesting {@code nested} levels in all (below the command), the
   * deep part where the path takes a document, a filter or a specification.
   */
  private static Map<String, byte[]> requestsNesting(int nested) {
    // Each path's deep part, given how many levels of the command lie above it.
    IntFunction<byte[]> deep = above -> DeepBson.nested(nested - above, DeepBson.DOCUMENTS);
    IntFunction<byte[]> deepAnd = above -> DeepBson.nested(nested - above, DeepBson.AND_FILTERS);
    Map<String, byte[]> requests = new LinkedHashMap<>();
    requests.put(
        "hello",
        DeepBson.append(cmd("hello", new BsonInt32(1)), "x", DeepBson.DOCUMENT, deep.apply(1)));
    requests.put(
        "insert",
        DeepBson.append(
            cmd("insert", new BsonString("c")),
            "documents",
            DeepBson.ARRAY,
            DeepBson.arrayOf(
                DeepBson.append(
                    new BsonDocument("_id", new BsonInt32(2)),
                    "a",
                    DeepBson.DOCUMENT,
                    deep.apply(3)))));
    requests.put(
        "find filter",
        DeepBson.append(
            cmd("find", new BsonString("c")), "filter", DeepBson.DOCUMENT, deepAnd.apply(1)));
    byte[] set =
        DeepBson.append(
            new BsonDocument(),
            "$set",
            DeepBson.DOCUMENT,
            DeepBson.append(new BsonDocument(), "a", DeepBson.DOCUMENT, deep.apply(5)));
    requests.put(
        "update",
        DeepBson.append(
            cmd("update", new BsonString("c")),
            "updates",
            DeepBson.ARRAY,
            DeepBson.arrayOf(
                DeepBson.append(
                    new BsonDocument("q", new BsonDocument()), "u", DeepBson.DOCUMENT, set))));
    requests.put(
        "aggregate pipeline",
        DeepBson.append(
            cmd("aggregate", new BsonString("c")).append("cursor", new BsonDocument()),
            "pipeline",
            DeepBson.ARRAY,
            DeepBson.arrayOf(
                DeepBson.append(
                    new BsonDocument(), "$match", DeepBson.DOCUMENT, deepAnd.apply(3)))));
    requests.put(
        "projection",
        DeepBson.append(
            cmd("find", new BsonString("c")), "projection", DeepBson.DOCUMENT, deep.apply(1)));
    requests.put(
        "sort",
        DeepBson.append(
            cmd("find", new BsonString("c")), "sort", DeepBson.DOCUMENT, deep.apply(1)));
    requests.put(
        "index key pattern",
        DeepBson.append(
            cmd("createIndexes", new BsonString("c")),
            "indexes",
            DeepBson.ARRAY,
            DeepBson.arrayOf(
                DeepBson.append(
                    new BsonDocument("name", new BsonString("deep")),
                    "key",
                    DeepBson.DOCUMENT,
                    deep.apply(3)))));
    return requests;
  }

  private static BsonDocument cmd(String name, org.bson.BsonValue value) {
    return new BsonDocument(name, value).append("$db", new BsonString("app"));
  }

  private static void assertOverflowAndTheConnectionGoesOn(
      MongoLakeServer server, String path, byte[] body) throws Exception {
    try (WireTestClient client = WireTestClient.connect(server.port(), READ_TIMEOUT)) {
      client.sendRaw(DeepBson.opMsg(1, body));
      BsonDocument reply = client.read().body();

      assertThat(reply.getInt32("code").getValue()).as(path).isEqualTo(15);
      assertThat(reply.getString("codeName").getValue()).as(path).isEqualTo("Overflow");
      assertThat(reply.getString("errmsg").getValue())
          .as(path)
          .isEqualTo("Cannot read OP_MSG body: BSONObj exceeds maximum nested object depth of 200");
      client.send(command("ping"), 0);
      assertThat(client.read().ok()).as(path).isTrue();
    }
  }

  private static void assertRestRefusesDeepBodies(MongoLakeServer server) throws Exception {
    String deepJson = "{\"a\": ".repeat(HOSTILE) + "{}" + "}".repeat(HOSTILE);
    String deepUpdate = "{\"$set\": {\"a\": " + deepJson + "}}";
    String base = server.restUrl().orElseThrow() + "/api/app/c";
    HttpClient http = HttpClient.newHttpClient();
    for (HttpRequest request :
        List.of(
            rest(base, "POST", deepJson),
            rest(base, "POST", "[" + deepJson + "]"),
            rest(base + "/1", "PUT", deepJson),
            rest(base + "/1", "PATCH", deepUpdate))) {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());

      assertThat(response.statusCode()).as(request.toString()).isEqualTo(400);
      BsonDocument error = BsonDocument.parse(response.body());
      assertThat(error.getString("codeName").getValue()).isEqualTo("Overflow");
      assertThat(error.getString("errmsg").getValue())
          .isEqualTo(
              "Cannot parse request body: BSONObj exceeds maximum nested object depth of 200");
    }
  }

  private static HttpRequest rest(String url, String method, String body) {
    String token =
        Base64.getEncoder()
            .encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
    return HttpRequest.newBuilder(URI.create(url))
        .method(method, HttpRequest.BodyPublishers.ofString(body))
        .header("Content-Type", "application/json")
        .header("Authorization", "Basic " + token)
        .timeout(READ_TIMEOUT)
        .build();
  }

  /** The localhost exception lets the first user be created without credentials. */
  private static void createFirstUser(MongoLakeServer server) {
    try (MongoClient driver =
        MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000")) {
      driver
          .getDatabase("admin")
          .runCommand(
              new Document("createUser", USER)
                  .append("pwd", PASSWORD)
                  .append("roles", List.of("root")));
    }
  }

  private static MongoClient authenticated(MongoLakeServer server) {
    String uri =
        server.connectionString().replace("mongodb://", "mongodb://" + USER + ":" + PASSWORD + "@");
    return MongoClients.create(uri + "?serverSelectionTimeoutMS=5000&authSource=admin");
  }
}
