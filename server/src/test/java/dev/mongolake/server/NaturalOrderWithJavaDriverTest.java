package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoQueryException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Indexes;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sort({$natural: ±1})} reads in storage order or its reverse, and is not ignored. */
class NaturalOrderWithJavaDriverTest {

  @TempDir Path data;
  private LocalServer local;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoCollection<Document> events;

  @BeforeEach
  void start() {
    local = LocalServer.start(data, Durability.BATCH);
    server = local.server();
    client = local.client();
    events = client.getDatabase("app").getCollection("events");
    events.createIndex(Indexes.ascending("kind"));
    for (int i = 0; i < 6; i++) {
      events.insertOne(new Document("_id", 100 - i).append("kind", i % 2 == 0 ? "a" : "b"));
    }
    server.lake().flush();
    for (int i = 6; i < 9; i++) {
      events.insertOne(new Document("_id", 100 - i).append("kind", i % 2 == 0 ? "a" : "b"));
    }
  }

  @AfterEach
  void stop() {
    local.close();
  }

  private List<Integer> ids(Document sort, Document filter) {
    List<Integer> ids = new ArrayList<>();
    events.find(filter).sort(sort).forEach(d -> ids.add(d.getInteger("_id")));
    return ids;
  }

  @Test
  void reverseNaturalOrderIsTheReverseOfNaturalOrder() {
    List<Integer> forward = ids(new Document("$natural", 1), new Document());
    List<Integer> backward = ids(new Document("$natural", -1), new Document());

    assertThat(forward).hasSize(9);
    assertThat(backward).isEqualTo(forward.reversed());
    // Flushed documents come first in storage order, the buffered ones (the newest) last.
    assertThat(backward.subList(0, 3)).containsExactlyInAnyOrder(94, 93, 92);
  }

  @Test
  void naturalOrderIgnoresAnIndexOnTheFilter() {
    List<Integer> all = ids(new Document("$natural", -1), new Document());
    List<Integer> kindA = ids(new Document("$natural", -1), new Document("kind", "a"));

    assertThat(kindA).isEqualTo(all.stream().filter(id -> (100 - id) % 2 == 0).toList()).hasSize(5);
  }

  @Test
  void naturalWithOtherKeysAndDollarKeysAreRefused() {
    assertThatThrownBy(() -> ids(new Document("$natural", 1).append("kind", 1), new Document()))
        .isInstanceOfSatisfying(
            MongoQueryException.class, e -> assertThat(e.getErrorCode()).isEqualTo(2));
    assertThatThrownBy(() -> ids(new Document("$natural", 2), new Document()))
        .isInstanceOf(MongoQueryException.class);
    assertThatThrownBy(() -> ids(new Document("$score", 1), new Document()))
        .isInstanceOfSatisfying(
            MongoQueryException.class, e -> assertThat(e.getErrorCode()).isEqualTo(16410));
  }
}
