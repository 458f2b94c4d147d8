package dev.mongolake.server.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ReplicationConfig;
import dev.mongolake.server.ServerConfig;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.BsonTimestamp;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * REST reads with {@code at} (the collection as it was at a cluster time, like a snapshot read) and
 * {@code POST .../vacuum}.
 */
class RestHistoryTest {

  @TempDir Path data;

  private static MongoLakeServer start(Path data, boolean replicaSet) {
    ServerConfig config =
        new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"), 0);
    return MongoLakeServer.start(
        replicaSet ? config.withReplication(ReplicationConfig.replicaSet("rs0")) : config, "test");
  }

  private static String at(BsonTimestamp time) {
    return URLEncoder.encode(
        "{\"$timestamp\": {\"t\": " + time.getTime() + ", \"i\": " + time.getInc() + "}}",
        StandardCharsets.UTF_8);
  }

  @Test
  void readsWithAtSeeTheCollectionAsItWasThen() {
    try (MongoLakeServer server = start(data, true);
        MongoClient driver =
            MongoClients.create(server.connectionString() + "?directConnection=true")) {
      RestClient rest = RestTestServer.client(server);
      MongoCollection<Document> items = driver.getDatabase("app").getCollection("items");
      items.insertMany(
          IntStream.range(0, 4).mapToObj(i -> new Document("_id", i).append("v", 0)).toList());
      server.lake().flush();
      BsonTimestamp then = server.lake().lastWriteTime();
      items.updateMany(Filters.empty(), Updates.set("v", 1));
      items.deleteOne(Filters.eq("_id", 3));
      server.lake().flush();

      RestClient.Reply find = rest.get("/api/app/items?sort=%7B%22_id%22%3A1%7D&at=" + at(then));
      assertThat(find.status()).isEqualTo(200);
      assertThat(find.json().getArray("documents"))
          .extracting(d -> d.asDocument().getInt32("v").getValue())
          .containsExactly(0, 0, 0, 0);

      RestClient.Reply one = rest.get("/api/app/items/3?at=" + at(then));
      assertThat(one.status()).isEqualTo(200);
      assertThat(one.json().getInt32("v").getValue()).isZero();
      assertThat(rest.get("/api/app/items/3").status()).isEqualTo(404);

      String atJson =
          "{\"$timestamp\": {\"t\": " + then.getTime() + ", \"i\": " + then.getInc() + "}}";
      RestClient.Reply count =
          rest.post("/api/app/items/count", "{\"filter\": {\"v\": 0}, \"at\": " + atJson + "}");
      assertThat(count.json().getNumber("count").longValue()).isEqualTo(4);
      RestClient.Reply aggregate =
          rest.post(
              "/api/app/items/aggregate",
              "{\"pipeline\": [{\"$group\": {\"_id\": null, \"n\": {\"$sum\": \"$v\"}}}], \"at\": "
                  + atJson
                  + "}");
      assertThat(
              aggregate.json().getArray("documents").get(0).asDocument().getInt32("n").getValue())
          .isZero();
    }
  }

  @Test
  void atOnAStandaloneServerIsRefusedNotIgnored() {
    try (MongoLakeServer server = start(data, false)) {
      RestClient rest = RestTestServer.client(server);
      rest.post("/api/app/items", "{\"_id\": 1}");
      RestClient.Reply reply = rest.get("/api/app/items?at=2026-01-01T00:00:00Z");
      assertThat(reply.status()).isGreaterThanOrEqualTo(400);
      assertThat(reply.body()).contains("replica set");
    }
  }

  @Test
  void unknownParametersOfADocumentReadAreRefused() {
    try (MongoLakeServer server = start(data, false)) {
      RestClient rest = RestTestServer.client(server);
      rest.post("/api/app/items", "{\"_id\": 1}");
      RestClient.Reply reply = rest.get("/api/app/items/1?asOf=3");
      assertThat(reply.status()).isEqualTo(400);
      assertThat(reply.body()).contains("unknown query parameter 'asOf'");
    }
  }

  @Test
  void vacuumOverRestDryRunsThenDeletesTheReplacedFiles() {
    try (MongoLakeServer server = start(data, false);
        MongoClient driver = MongoClients.create(server.connectionString())) {
      RestClient rest = RestTestServer.client(server);
      MongoCollection<Document> items = driver.getDatabase("app").getCollection("items");
      items.insertMany(
          IntStream.range(0, 4).mapToObj(i -> new Document("_id", i).append("v", 0)).toList());
      server.lake().flush();
      items.updateMany(Filters.empty(), Updates.set("v", 1));
      server.lake().flush();

      RestClient.Reply refused = rest.post("/api/app/items/vacuum", "{\"retentionHours\": 0}");
      assertThat(refused.status()).isEqualTo(400);
      assertThat(refused.body()).contains("shorter than the configured retention");
      RestClient.Reply dry =
          rest.post(
              "/api/app/items/vacuum",
              "{\"retentionHours\": 0, \"force\": true, \"dryRun\": true}");
      assertThat(dry.status()).isEqualTo(200);
      assertThat(dry.json().getBoolean("dryRun").getValue()).isTrue();
      assertThat(dry.json().getArray("files")).isNotEmpty();
      RestClient.Reply done =
          rest.post("/api/app/items/vacuum", "{\"retentionHours\": 0, \"force\": true}");
      assertThat(done.json().getArray("files")).isEqualTo(dry.json().getArray("files"));
      assertThat(rest.post("/api/app/items/vacuum", "{\"olderThan\": 1}").status()).isEqualTo(400);
      assertThat(items.countDocuments(Filters.eq("v", 1))).isEqualTo(4);
    }
  }

  @Test
  void restoreOverRestAndTheDriverBringsACollectionBackToAPoint() {
    try (MongoLakeServer server = start(data, false);
        MongoClient driver = MongoClients.create(server.connectionString())) {
      RestClient rest = RestTestServer.client(server);
      MongoCollection<Document> items = driver.getDatabase("app").getCollection("items");
      items.insertMany(
          IntStream.range(0, 4).mapToObj(i -> new Document("_id", i).append("v", 0)).toList());
      server.lake().flush();
      BsonTimestamp then = server.lake().lastWriteTime();
      items.updateMany(Filters.empty(), Updates.set("v", 1));
      items.deleteOne(Filters.eq("_id", 3));

      String atJson =
          "{\"$timestamp\": {\"t\": " + then.getTime() + ", \"i\": " + then.getInc() + "}}";
      RestClient.Reply restored = rest.post("/api/app/items/restore", "{\"at\": " + atJson + "}");
      assertThat(restored.status()).as(restored.body()).isEqualTo(200);
      assertThat(restored.json().getNumber("nReplaced").longValue()).isEqualTo(3);
      assertThat(restored.json().getNumber("nInserted").longValue()).isEqualTo(1);
      assertThat(items.countDocuments(Filters.eq("v", 0))).isEqualTo(4);
      assertThat(rest.post("/api/app/items/restore", "{\"when\": 1}").status()).isEqualTo(400);

      items.deleteMany(Filters.empty());
      Document reply =
          driver
              .getDatabase("app")
              .runCommand(new Document("restore", "items").append("atClusterTime", then));
      assertThat(reply.get("nInserted", Number.class).longValue()).isEqualTo(4);
      assertThat(items.countDocuments(Filters.eq("v", 0))).isEqualTo(4);
      assertThatThrownBy(
              () ->
                  driver
                      .getDatabase("app")
                      .runCommand(new Document("restore", "items").append("atClusterTime", 5)))
          .isInstanceOfSatisfying(
              com.mongodb.MongoCommandException.class,
              e -> assertThat(e.getErrorCode()).isEqualTo(14));
    }
  }
}
