package dev.mongolake.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TtlIndexTest {

  @TempDir Path root;

  @Test
  void reaperDeletesDocumentsPastExpireAfterSeconds() {
    try (MongoLake lake =
        MongoLake.open(
            MongoLakeOptions.defaults()
                .withPath(root)
                .withTtlMonitorPeriod(Duration.ofMillis(50)))) {
      MongoLakeCollection<Document> sessions = lake.db("app").collection("sessions");
      sessions.createIndex(
          Indexes.ascending("lastSeen"), new IndexOptions().expireAfter(60L, TimeUnit.SECONDS));
      Instant now = Instant.now();
      sessions.insertMany(
          List.of(
              new Document("_id", "old").append("lastSeen", Date.from(now.minusSeconds(3600))),
              new Document("_id", "fresh").append("lastSeen", Date.from(now)),
              new Document("_id", "notADate").append("lastSeen", "yesterday"),
              new Document("_id", "none")));

      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(
              () ->
                  assertThat(sessions.find().into(new ArrayList<>()))
                      .extracting(d -> d.get("_id"))
                      .containsExactlyInAnyOrder("fresh", "notADate", "none"));
      assertThat(sessions.listIndexes().get(1).getInt64("expireAfterSeconds").getValue())
          .isEqualTo(60);
    }
  }
}
