package dev.mongolake.server;

import static com.mongodb.client.model.Filters.eq;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoExecutionTimeoutException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.CountOptions;
import com.mongodb.client.model.Filters;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code maxTimeMS} stops a command that runs too long with MaxTimeMSExpired (50), as MongoDB does,
 * instead of being accepted and ignored. The collection is large enough (flushed to Parquet) that
 * scanning it for a value no document holds takes far longer than one millisecond.
 */
class MaxTimeMSWithJavaDriverTest {

  private static final int DOCUMENTS = 200_000;

  /**
   * Matches nothing and cannot be answered from file statistics or bloom filters: every row is
   * read.
   */
  private static final Bson NO_MATCH = Filters.mod("n", 1_000_003, 999_999);

  @TempDir static Path data;
  private static MongoLakeServer server;
  private static MongoClient client;
  private static MongoCollection<Document> items;

  @BeforeAll
  static void load() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    items = client.getDatabase("app").getCollection("items");
    List<Document> batch = new ArrayList<>();
    for (int i = 0; i < DOCUMENTS; i++) {
      batch.add(new Document("_id", i).append("n", i).append("tag", "t" + (i % 97)));
      if (batch.size() == 10_000) {
        items.insertMany(batch);
        batch.clear();
      }
    }
    server.lake().flush();
  }

  @AfterAll
  static void stop() {
    client.close();
    server.close();
  }

  private static void assertMaxTimeExpired(Runnable command) {
    assertThatThrownBy(command::run)
        .isInstanceOfSatisfying(
            MongoExecutionTimeoutException.class, e -> assertThat(e.getCode()).isEqualTo(50))
        .hasMessageContaining("operation exceeded time limit");
  }

  @Test
  void aScanPastItsMaxTimeMSAnswersMaxTimeMSExpired() {
    assertMaxTimeExpired(() -> items.find(NO_MATCH).maxTime(1, TimeUnit.MILLISECONDS).first());
  }

  @Test
  void countAggregateAndDistinctPastTheirMaxTimeMSAnswerMaxTimeMSExpired() {
    assertMaxTimeExpired(
        () -> items.countDocuments(NO_MATCH, new CountOptions().maxTime(1, TimeUnit.MILLISECONDS)));
    assertMaxTimeExpired(
        () ->
            items
                .aggregate(List.of(Aggregates.match(NO_MATCH)))
                .maxTime(1, TimeUnit.MILLISECONDS)
                .first());
    assertMaxTimeExpired(
        () ->
            items
                .distinct("tag", NO_MATCH, String.class)
                .maxTime(1, TimeUnit.MILLISECONDS)
                .first());
  }

  @Test
  void aWriteWhoseMatchingRunsPastItsMaxTimeMSChangesNothing() {
    Document update =
        new Document("update", "items")
            .append(
                "updates",
                List.of(
                    new Document(
                            "q",
                            new Document("n", new Document("$mod", List.of(1_000_003, 999_999))))
                        .append("u", new Document("$set", new Document("seen", true)))
                        .append("multi", true)))
            .append("maxTimeMS", 1);
    // As MongoDB does, the statement fails as a write error of the reply.
    Document reply = client.getDatabase("app").runCommand(update);
    List<Document> errors = reply.getList("writeErrors", Document.class);
    assertThat(errors).hasSize(1);
    assertThat(errors.getFirst().getInteger("code")).isEqualTo(50);
    assertThat(reply.getInteger("nModified")).isZero();
    assertThat(items.countDocuments(eq("seen", true))).isZero();
  }

  @Test
  void aGenerousMaxTimeMSLetsTheQueryFinish() {
    assertThat(
            items.countDocuments(eq("tag", "t5"), new CountOptions().maxTime(5, TimeUnit.MINUTES)))
        .isEqualTo(DOCUMENTS / 97 + (5 < DOCUMENTS % 97 ? 1 : 0));
  }

  @Test
  void maxTimeMSMustBeANonNegativeIntegralNumber() {
    for (Object bad : List.of(-1, 1.5, "10", 3_000_000_000L)) {
      Document find = new Document("find", "items").append("maxTimeMS", bad);
      assertThatThrownBy(() -> client.getDatabase("app").runCommand(find))
          .as("maxTimeMS %s", bad)
          .isInstanceOfSatisfying(
              MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(2))
          .hasMessageContaining("maxTimeMS");
    }
  }

  @Test
  void getMoreOfANonTailableCursorRefusesMaxTimeMS() {
    Document first =
        client.getDatabase("app").runCommand(new Document("find", "items").append("batchSize", 2));
    long id = first.get("cursor", Document.class).getLong("id");
    Document getMore =
        new Document("getMore", id).append("collection", "items").append("maxTimeMS", 100);
    assertThatThrownBy(() -> client.getDatabase("app").runCommand(getMore))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(2))
        .hasMessageContaining("non-awaitData cursor");
  }
}
