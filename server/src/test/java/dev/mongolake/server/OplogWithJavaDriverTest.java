package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoNamespace;
import com.mongodb.MongoServerException;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Updates;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonTimestamp;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code --replica-set}, {@code local.oplog.rs} lists the write-ahead log's records as
 * MongoDB's oplog entries, in log order, read-only; a standalone has no oplog.
 */
class OplogWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;

  private void start(ReplicationConfig replication) {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
                .withReplication(replication),
            "test");
    client =
        MongoClients.create(
            "mongodb://127.0.0.1:"
                + server.port()
                + "/?serverSelectionTimeoutMS=5000&directConnection=true");
  }

  @AfterEach
  void stop() {
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private MongoCollection<BsonDocument> oplog() {
    return client.getDatabase("local").getCollection("oplog.rs", BsonDocument.class);
  }

  private MongoCollection<Document> items() {
    return client.getDatabase("app").getCollection("items");
  }

  private static final Bson OF_APP = Filters.in("ns", "app.items", "app.$cmd");

  private List<BsonDocument> entries(Bson filter) {
    return oplog().find(filter).into(new ArrayList<>());
  }

  @Test
  void writesAndCatalogChangesAppearInLogOrderShapedAsMongoDbEntries() {
    start(ReplicationConfig.replicaSet("rs0"));
    client.getDatabase("app").createCollection("items");
    items().insertOne(new Document("_id", 1).append("a", 1));
    items().updateOne(Filters.eq("_id", 1), Updates.set("a", 2));
    items().replaceOne(Filters.eq("_id", 1), new Document("b", 3));
    items().deleteOne(Filters.eq("_id", 1));
    items().drop();

    List<BsonDocument> entries = entries(OF_APP);

    assertThat(entries)
        .extracting(e -> e.getString("op").getValue())
        .containsExactly("c", "i", "u", "u", "d", "c");
    BsonDocument create = entries.get(0);
    assertThat(create.getString("ns").getValue()).isEqualTo("app.$cmd");
    assertThat(create.getDocument("o").getString("create").getValue()).isEqualTo("items");
    BsonDocument insert = entries.get(1);
    assertThat(insert.getString("ns").getValue()).isEqualTo("app.items");
    assertThat(insert.getDocument("o")).isEqualTo(BsonDocument.parse("{_id: 1, a: 1}"));
    assertThat(insert.getInt64("t").getValue()).isEqualTo(1L);
    assertThat(insert.getInt64("v").getValue()).isEqualTo(2L);
    assertThat(insert.get("wall").isDateTime()).isTrue();
    assertThat(insert.get("ts").isTimestamp()).isTrue();
    BsonDocument update = entries.get(2);
    assertThat(update.getDocument("o")).isEqualTo(BsonDocument.parse("{_id: 1, a: 2}"));
    assertThat(update.getDocument("o2")).isEqualTo(BsonDocument.parse("{_id: 1}"));
    assertThat(entries.get(3).getDocument("o")).isEqualTo(BsonDocument.parse("{_id: 1, b: 3}"));
    assertThat(entries.get(4).getDocument("o")).isEqualTo(BsonDocument.parse("{_id: 1}"));
    assertThat(entries.get(5).getDocument("o")).isEqualTo(BsonDocument.parse("{drop: 'items'}"));
    List<BsonTimestamp> times = new ArrayList<>();
    entries.forEach(e -> times.add(e.getTimestamp("ts")));
    assertThat(times).isSorted().doesNotHaveDuplicates();
  }

  @Test
  void anEntryNamesTheCollectionThatHeldTheNameThenAcrossADropAndCreate() {
    start(ReplicationConfig.replicaSet("rs0"));
    items().insertOne(new Document("_id", 1));
    java.util.UUID before = listedUuid();
    items().drop();
    items().insertOne(new Document("_id", 2));
    java.util.UUID after = listedUuid();

    assertThat(after).isNotEqualTo(before);
    assertThat(insertOf(1).getBinary("ui").asUuid()).isEqualTo(before);
    assertThat(insertOf(2).getBinary("ui").asUuid()).isEqualTo(after);
  }

  private java.util.UUID listedUuid() {
    return client
        .getDatabase("app")
        .listCollections(BsonDocument.class)
        .filter(Filters.eq("name", "items"))
        .first()
        .getDocument("info")
        .getBinary("uuid")
        .asUuid();
  }

  private BsonDocument insertOf(int id) {
    BsonDocument entry =
        oplog()
            .find(
                Filters.and(
                    Filters.eq("op", "i"), Filters.eq("ns", "app.items"), Filters.eq("o._id", id)))
            .first();
    assertThat(entry).isNotNull();
    return entry;
  }

  @Test
  void aFilterOnTsAfterTheOperationTimeReturnsOnlyLaterEntries() {
    start(ReplicationConfig.replicaSet("rs0"));
    BsonTimestamp before;
    try (ClientSession session = client.startSession()) {
      items().insertOne(session, new Document("_id", 1));
      before = session.getOperationTime();
    }
    items().insertOne(new Document("_id", 2));
    items().insertOne(new Document("_id", 3));

    List<BsonDocument> later = entries(Filters.and(OF_APP, Filters.gt("ts", before)));

    assertThat(later)
        .extracting(e -> e.getDocument("o").get("_id"))
        .containsExactly(new org.bson.BsonInt32(2), new org.bson.BsonInt32(3));
  }

  @Test
  void naturalOrderBackwardsWithLimitAndProjectionReadsTheNewestEntries() {
    start(ReplicationConfig.replicaSet("rs0"));
    for (int i = 1; i <= 4; i++) {
      items().insertOne(new Document("_id", i));
    }

    List<BsonDocument> newest =
        oplog()
            .find(OF_APP)
            .sort(new Document("$natural", -1))
            .limit(2)
            .projection(Projections.include("o"))
            .into(new ArrayList<>());
    List<BsonDocument> counted =
        oplog()
            .aggregate(List.of(Aggregates.match(OF_APP), Aggregates.count("n")))
            .into(new ArrayList<>());

    assertThat(newest)
        .containsExactly(BsonDocument.parse("{o: {_id: 4}}"), BsonDocument.parse("{o: {_id: 3}}"));
    // The first insert's implicit create is an entry too, as in MongoDB.
    assertThat(counted.getFirst().getInt32("n").getValue()).isEqualTo(5);
  }

  @Test
  void aWriteToTheOplogIsRefusedAsMongoDbRefusesIt() {
    start(ReplicationConfig.replicaSet("rs0"));
    items().insertOne(new Document("_id", 1));
    BsonDocument entry = oplog().find().first();

    assertThatThrownBy(() -> oplog().insertOne(entry))
        .isInstanceOfSatisfying(
            MongoServerException.class,
            e -> {
              assertThat(e.getCode()).isEqualTo(73);
              assertThat(e.getMessage()).contains("cannot write to 'local.oplog.rs'");
            });
    assertThatThrownBy(() -> oplog().deleteMany(new Document()))
        .isInstanceOfSatisfying(
            MongoServerException.class, e -> assertThat(e.getCode()).isEqualTo(73));
    assertThatThrownBy(() -> oplog().drop())
        .isInstanceOfSatisfying(
            MongoServerException.class, e -> assertThat(e.getCode()).isEqualTo(73));
    assertThat(oplog().find(Filters.eq("op", "i")).into(new ArrayList<>())).hasSize(1);
  }

  @Test
  void aPipelineCannotWriteIntoTheOplog() {
    start(ReplicationConfig.replicaSet("rs0"));
    items().insertOne(new Document("_id", 1));

    for (Bson stage :
        List.of(
            Aggregates.out("local", "oplog.rs"),
            Aggregates.merge(new MongoNamespace("local", "oplog.rs")))) {
      assertThatThrownBy(() -> items().aggregate(List.of(stage)).toCollection())
          .isInstanceOfSatisfying(
              MongoServerException.class,
              e -> {
                assertThat(e.getCode()).isEqualTo(73);
                assertThat(e.getMessage()).contains("cannot write to 'local.oplog.rs'");
              });
    }
    assertThat(oplog().find(Filters.eq("op", "i")).into(new ArrayList<>())).hasSize(1);
  }

  @Test
  void aStandaloneHasNoOplog() {
    start(ReplicationConfig.STANDALONE);
    items().insertOne(new Document("_id", 1));

    assertThat(oplog().find().into(new ArrayList<>())).isEmpty();
  }
}
