package dev.mongolake.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Branches over REST: create, list, diff, merge with a policy, delete; unknown fields refused. */
class RestBranchesTest {

  @TempDir Path data;

  @Test
  void aBranchIsCreatedComparedMergedAndDeletedOverRest() {
    ServerConfig config =
        new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"), 0);
    try (MongoLakeServer server = MongoLakeServer.start(config, "test");
        MongoClient driver =
            MongoClients.create(server.connectionString() + "?directConnection=true")) {
      RestClient rest = RestTestServer.client(server);
      MongoCollection<Document> items = driver.getDatabase("app").getCollection("items");
      items.insertMany(
          IntStream.range(0, 5).mapToObj(i -> new Document("_id", i).append("v", 0)).toList());

      RestClient.Reply created = rest.post("/api/databases/app/branches", "{\"name\": \"b1\"}");
      assertThat(created.status()).isEqualTo(201);
      assertThat(created.json().getDocument("branch").getString("database").getValue())
          .isEqualTo("app@b1");
      assertThat(rest.post("/api/databases/app/branches", "{\"name\": \"b2\", \"asOf\": 1}").body())
          .contains("unknown field 'asOf'");

      assertThat(rest.post("/api/app@b1/items", "{\"_id\": 9}").status()).isLessThan(300);
      items.updateOne(Filters.eq("_id", 1), Updates.set("v", 1));
      BsonDocument diff = rest.get("/api/databases/app/branches/b1/diff").json();
      BsonDocument users = diff.getArray("collections").get(0).asDocument();
      assertThat(users.getDocument("onBranch").getNumber("nAdded").longValue()).isEqualTo(1);
      assertThat(users.getDocument("onParent").getNumber("nChanged").longValue()).isEqualTo(1);

      RestClient.Reply merged =
          rest.post("/api/databases/app/branches/b1/merge", "{\"policy\": \"theirs\"}");
      assertThat(merged.status()).isEqualTo(200);
      assertThat(items.countDocuments()).isEqualTo(6);
      assertThat(rest.get("/api/databases/app/branches").json().getArray("branches")).hasSize(1);
      assertThat(rest.delete("/api/databases/app/branches/b1").status()).isEqualTo(200);
      assertThat(rest.get("/api/databases/app/branches").json().getArray("branches")).isEmpty();
      assertThat(rest.delete("/api/databases/app/branches/b1").status()).isEqualTo(404);
    }
  }
}
