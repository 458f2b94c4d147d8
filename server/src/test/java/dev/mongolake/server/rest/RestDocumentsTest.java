package dev.mongolake.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import dev.mongolake.server.MongoLakeServer;
import java.nio.file.Path;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Documents over REST, checked against what the Java driver sees on the same server. */
class RestDocumentsTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private RestClient rest;
  private MongoClient driver;
  private MongoCollection<Document> users;

  @BeforeEach
  void start() {
    server = RestTestServer.start(data, false);
    rest = RestTestServer.client(server);
    driver = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    users = driver.getDatabase("app").getCollection("users");
  }

  @AfterEach
  void stop() {
    driver.close();
    server.close();
  }

  @Test
  void documentsInsertedOverRestAreSeenByTheDriver() {
    RestClient.Reply one = rest.post("/api/app/users", "{\"_id\": 1, \"name\": \"Alice\"}");
    RestClient.Reply many =
        rest.post("/api/app/users", "[{\"_id\": 2, \"name\": \"Bob\"}, {\"name\": \"Cy\"}]");

    assertThat(one.status()).isEqualTo(201);
    assertThat(one.json().getInt32("insertedId").getValue()).isEqualTo(1);
    assertThat(many.status()).isEqualTo(201);
    assertThat(many.json().getNumber("insertedCount").longValue()).isEqualTo(2);
    ObjectId generated = many.json().getArray("insertedIds").get(1).asObjectId().getValue();
    assertThat(users.find(Filters.eq("_id", generated)).first()).containsEntry("name", "Cy");
    assertThat(users.countDocuments()).isEqualTo(3);
  }

  @Test
  void documentsInsertedByTheDriverAreReadOverRest() {
    ObjectId id = new ObjectId();
    users.insertOne(new Document("_id", id).append("name", "Dee").append("age", 41L));

    RestClient.Reply reply = rest.get("/api/app/users/" + id.toHexString());

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.contentType()).startsWith("application/json");
    assertThat(reply.json().getString("name").getValue()).isEqualTo("Dee");
    assertThat(reply.body()).contains("{\"$oid\": \"" + id.toHexString() + "\"}");
  }

  @Test
  void findFiltersSortsProjectsSkipsAndLimitsFromTheQueryString() {
    for (int i = 1; i <= 5; i++) {
      users.insertOne(new Document("_id", i).append("n", i).append("odd", i % 2 == 1));
    }

    RestClient.Reply reply =
        rest.get(
            "/api/app/users?filter=%7B%22odd%22%3Atrue%7D&sort=%7B%22n%22%3A-1%7D"
                + "&projection=%7B%22odd%22%3A0%7D&skip=1&limit=5");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json().getArray("documents"))
        .containsExactly(
            BsonDocument.parse("{_id: 3, n: 3}"), BsonDocument.parse("{_id: 1, n: 1}"));
  }

  @Test
  void findTakesACollationAndRefusesAQueryParameterItDoesNotKnow() {
    users.insertMany(
        List.of(
            new Document("_id", 1).append("name", "ana"),
            new Document("_id", 2).append("name", "ANA"),
            new Document("_id", 3).append("name", "bo")));

    RestClient.Reply folded =
        rest.post(
            "/api/app/users/find",
            "{\"filter\": {\"name\": \"Ana\"}, \"sort\": {\"_id\": 1},"
                + " \"collation\": {\"locale\": \"en\", \"strength\": 2}}");
    assertThat(folded.json().getArray("documents"))
        .extracting(d -> d.asDocument().getInt32("_id").getValue())
        .containsExactly(1, 2);
    RestClient.Reply viaQuery =
        rest.get(
            "/api/app/users?filter=%7B%22name%22%3A%22Ana%22%7D"
                + "&collation=%7B%22locale%22%3A%22en%22%2C%22strength%22%3A2%7D");
    assertThat(viaQuery.json().getArray("documents")).hasSize(2);

    RestClient.Reply unknown = rest.get("/api/app/users?asOf=5");
    assertThat(unknown.status()).isEqualTo(400);
    assertThat(unknown.body()).contains("unknown query parameter 'asOf'");
  }

  @Test
  void findWithABodyAnswersLikeTheQueryString() {
    users.insertMany(
        List.of(new Document("_id", 1).append("n", 10), new Document("_id", 2).append("n", 20)));

    RestClient.Reply reply =
        rest.post(
            "/api/app/users/find",
            "{\"filter\": {\"n\": {\"$gt\": 15}}, \"projection\": {\"_id\": 0}}");

    assertThat(reply.json().getArray("documents")).containsExactly(BsonDocument.parse("{n: 20}"));
  }

  @Test
  void aggregateRunsAPipelineAndCountCountsMatches() {
    users.insertMany(
        List.of(
            new Document("_id", 1).append("team", "a").append("score", 3),
            new Document("_id", 2).append("team", "a").append("score", 4),
            new Document("_id", 3).append("team", "b").append("score", 5)));

    RestClient.Reply aggregated =
        rest.post(
            "/api/app/users/aggregate",
            "[{\"$match\": {\"team\": \"a\"}}, {\"$count\": \"players\"}]");
    RestClient.Reply counted =
        rest.post("/api/app/users/count", "{\"filter\": {\"score\": {\"$gte\": 4}}}");

    assertThat(aggregated.json().getArray("documents"))
        .containsExactly(BsonDocument.parse("{players: 2}"));
    assertThat(counted.json().getNumber("count").longValue()).isEqualTo(2);
  }

  @Test
  void putReplacesOrCreatesPatchUpdatesAndDeleteRemovesById() {
    RestClient.Reply created = rest.send("PUT", "/api/app/users/ada", "{\"name\": \"Ada\"}");
    RestClient.Reply replaced =
        rest.send("PUT", "/api/app/users/ada", "{\"name\": \"Ada L\", \"born\": 1815}");
    RestClient.Reply patched =
        rest.send("PATCH", "/api/app/users/ada", "{\"$inc\": {\"born\": 1}, \"$set\": {\"x\": 1}}");

    assertThat(created.status()).isEqualTo(201);
    assertThat(replaced.status()).isEqualTo(200);
    assertThat(patched.json())
        .isEqualTo(BsonDocument.parse("{_id: 'ada', name: 'Ada L', born: 1816, x: 1}"));
    assertThat(users.find(Filters.eq("_id", "ada")).first()).containsEntry("born", 1816);

    RestClient.Reply deleted = rest.delete("/api/app/users/ada");
    assertThat(deleted.status()).isEqualTo(200);
    assertThat(users.countDocuments()).isZero();
    assertThat(rest.delete("/api/app/users/ada").status()).isEqualTo(404);
  }

  @Test
  void idsAreReadAsNumbersStringsOrExtendedJson() {
    users.insertMany(
        List.of(
            new Document("_id", 7).append("kind", "int"),
            new Document("_id", "7").append("kind", "string"),
            new Document("_id", 8L).append("kind", "long")));

    assertThat(rest.get("/api/app/users/7").json().getString("kind").getValue()).isEqualTo("int");
    assertThat(rest.get("/api/app/users/%227%22").json().getString("kind").getValue())
        .isEqualTo("string");
    assertThat(
            rest.get("/api/app/users/%7B%22$numberLong%22:%228%22%7D")
                .json()
                .getString("kind")
                .getValue())
        .isEqualTo("long");
  }

  @Test
  void canonicalModeWritesTypedNumbers() {
    users.insertOne(new Document("_id", 1).append("n", 5));

    String relaxed = rest.get("/api/app/users/1").body();
    String canonical = rest.get("/api/app/users/1?json=canonical").body();

    assertThat(relaxed).contains("\"n\": 5");
    assertThat(canonical).contains("\"n\": {\"$numberInt\": \"5\"}");
  }
}
