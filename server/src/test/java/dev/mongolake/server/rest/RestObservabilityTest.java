package dev.mongolake.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.server.MongoLakeServer;
import java.nio.file.Path;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Health, Prometheus metrics and Delta table history over HTTP. */
class RestObservabilityTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private RestClient rest;
  private MongoClient driver;

  @BeforeEach
  void start() {
    server = RestTestServer.start(data, false);
    rest = RestTestServer.client(server);
    driver = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
  }

  @AfterEach
  void stop() {
    driver.close();
    server.close();
  }

  @Test
  void healthReportsStatusVersionAndUptime() {
    RestClient.Reply reply = rest.get("/health");

    assertThat(reply.status()).isEqualTo(200);
    BsonDocument health = reply.json();
    assertThat(health.getString("status").getValue()).isEqualTo("ok");
    assertThat(health.getString("version").getValue()).isEqualTo("test");
    assertThat(health.getNumber("uptimeSeconds").longValue()).isNotNegative();
  }

  @Test
  void metricsCountWireAndRestCommandsAndDocuments() {
    driver.getDatabase("app").getCollection("users").insertOne(new Document("_id", 1));
    rest.post("/api/app/users", "[{\"_id\": 2}, {\"_id\": 3}]");
    rest.send("PATCH", "/api/app/users/2", "{\"$set\": {\"a\": 1}}");
    rest.delete("/api/app/users/3");
    rest.get("/api/app/users");

    RestClient.Reply reply = rest.get("/metrics");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.contentType()).startsWith("text/plain; version=0.0.4");
    assertThat(reply.body())
        .contains("# TYPE mongolake_commands_total counter")
        .contains("mongolake_commands_total{command=\"insert\"} 2")
        .contains("mongolake_commands_total{command=\"find\"} 1")
        .contains("mongolake_documents_inserted_total 3")
        .contains("mongolake_documents_updated_total 1")
        .contains("mongolake_documents_deleted_total 1")
        .contains("mongolake_command_duration_seconds_count{command=\"insert\"} 2")
        .contains("mongolake_command_duration_seconds_bucket{command=\"insert\",le=\"+Inf\"} 2")
        .contains("mongolake_open_connections ")
        .contains("mongolake_log_size_bytes ")
        .contains("mongolake_table_commits ")
        .contains(
            "mongolake_http_requests_total{method=\"POST\",route=\"/api/{db}/{coll}\",status=\"201\"} 1");
    assertThat(gauge(reply.body(), "mongolake_log_size_bytes")).isPositive();
    // Nothing flushed yet: the buffers hold the writes, and none waited for room.
    assertThat(gauge(reply.body(), "mongolake_buffered_bytes")).isPositive();
    assertThat(gauge(reply.body(), "mongolake_write_stalls")).isZero();
    assertThat(gauge(reply.body(), "mongolake_write_stall_milliseconds")).isZero();
    assertThat(gauge(reply.body(), "mongolake_log_tail_cut_bytes")).isZero();
  }

  @Test
  void metricsCountTheBytesCutOffTheLogsEndAtOpen() throws Exception {
    driver.getDatabase("app").getCollection("users").insertOne(new Document("_id", 1));
    driver.close();
    server.close();
    Path segment;
    try (var files = java.nio.file.Files.list(data.resolve("_wal"))) {
      segment = files.filter(f -> f.toString().endsWith(".log")).sorted().toList().getLast();
    }
    byte[] bytes = java.nio.file.Files.readAllBytes(segment);
    int last = bytes.length - 1;
    while (bytes[last] == 0) {
      last--;
    }
    bytes[last] = (byte) (bytes[last] == (byte) 0xFF ? 0x7F : bytes[last] ^ 0xFF);
    java.nio.file.Files.write(segment, bytes);

    start();

    assertThat(gauge(rest.get("/metrics").body(), "mongolake_log_tail_cut_bytes")).isPositive();
  }

  @Test
  void historyListsTheTablesVersionsAfterAFlush() {
    rest.post("/api/app/users", "[{\"_id\": 1}, {\"_id\": 2}]");
    server.lake().flush();
    rest.post("/api/app/users", "{\"_id\": 3}");
    server.lake().flush();

    RestClient.Reply reply = rest.get("/api/app/users/history");

    assertThat(reply.status()).isEqualTo(200);
    BsonArray history = reply.json().getArray("history");
    assertThat(history).isNotEmpty();
    BsonDocument newest = history.get(0).asDocument();
    assertThat(newest.getNumber("version").longValue()).isEqualTo(history.size() - 1L);
    assertThat(newest.getString("operation").getValue()).isNotBlank();
    assertThat(newest.isDateTime("timestamp")).isTrue();
    assertThat(newest.getDocument("metrics").getNumber("numAddedFiles").longValue()).isPositive();
    assertThat(rest.get("/api/app/users/history?limit=1").json().getArray("history")).hasSize(1);
    assertThat(rest.get("/api/app/nothing/history").status()).isEqualTo(404);
  }

  private static double gauge(String metrics, String name) {
    return metrics
        .lines()
        .filter(line -> line.startsWith(name + " "))
        .mapToDouble(line -> Double.parseDouble(line.substring(line.indexOf(' ') + 1)))
        .findFirst()
        .orElseThrow();
  }
}
