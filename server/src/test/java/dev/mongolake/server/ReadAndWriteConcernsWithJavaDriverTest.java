package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.ReadConcern;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonTimestamp;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Read and write concerns are honoured or refused with MongoDB's standalone codes, never accepted
 * and ignored: a snapshot or cluster-time read would otherwise return current data as if it were
 * the state asked for.
 */
class ReadAndWriteConcernsWithJavaDriverTest {

  @TempDir Path data;
  private LocalServer local;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoDatabase db;
  private MongoCollection<Document> items;

  @BeforeEach
  void start() {
    local = LocalServer.start(data, Durability.ASYNC);
    server = local.server();
    client = local.client();
    db = client.getDatabase("app");
    items = db.getCollection("items");
    items.insertOne(new Document("_id", 1));
  }

  @AfterEach
  void stop() {
    local.close();
  }

  private void assertRefused(Document command, int code, String message) {
    assertThatThrownBy(() -> db.runCommand(command))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(code))
        .hasMessageContaining(message);
  }

  private static Document findWith(Document readConcern) {
    return new Document("find", "items").append("readConcern", readConcern);
  }

  @Test
  void localAvailableAndMajorityReadsAreServed() {
    for (ReadConcern concern :
        List.of(ReadConcern.LOCAL, ReadConcern.AVAILABLE, ReadConcern.MAJORITY)) {
      assertThat(items.withReadConcern(concern).find().into(new ArrayList<>()))
          .as(concern.getLevel().getValue())
          .hasSize(1);
    }
  }

  @Test
  void snapshotAndLinearizableReadsAreRefusedAsOnAStandalone() {
    assertRefused(findWith(new Document("level", "snapshot")), 123, "snapshot");
    assertRefused(
        findWith(
            new Document("level", "snapshot").append("atClusterTime", new BsonTimestamp(1, 1))),
        123,
        "snapshot");
    assertRefused(findWith(new Document("level", "linearizable")), 123, "linearizable");
  }

  @Test
  void readsAtOrAfterAClusterTimeAreRefused() {
    assertRefused(
        findWith(
            new Document("level", "local").append("afterClusterTime", new BsonTimestamp(1, 1))),
        20,
        "afterClusterTime");
    assertRefused(
        findWith(new Document("atClusterTime", new BsonTimestamp(1, 1))), 123, "atClusterTime");
  }

  @Test
  void anUnknownLevelOrFieldIsRefusedByName() {
    assertRefused(findWith(new Document("level", "eventual")), 2, "'eventual'");
    assertRefused(findWith(new Document("asOf", 1)), 40415, "readConcern.asOf");
  }

  @Test
  void writeConcernsAStandaloneCannotSatisfyAreRefused() {
    Document insert =
        new Document("insert", "items").append("documents", List.of(new Document("_id", 2)));
    assertRefused(
        new Document(insert).append("writeConcern", new Document("w", 2)),
        2,
        "cannot use 'w' > 1 with a standalone");
    assertRefused(
        new Document(insert).append("writeConcern", new Document("w", "dc-east")), 2, "dc-east");
    assertThat(items.countDocuments()).as("nothing written by a refused command").isEqualTo(1);
  }

  @Test
  void journaledAndMajorityWritesAreAcknowledgedInAsyncDurability() {
    items.withWriteConcern(WriteConcern.JOURNALED).insertOne(new Document("_id", 3));
    items
        .withWriteConcern(WriteConcern.MAJORITY.withJournal(true))
        .insertOne(new Document("_id", 4));
    assertThat(items.countDocuments()).isEqualTo(3);
  }
}
