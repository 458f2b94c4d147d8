package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCommandException;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import com.mongodb.connection.ClusterType;
import com.mongodb.connection.ServerDescription;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonTimestamp;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code --replica-set}, the server answers as the primary of a replica set of one: the Java
 * driver discovers it from {@code replicaSet=} (so the host hello lists must be right), works with
 * {@code directConnection=true} too, and sends its writes as retryable writes; transactions are
 * refused by name (change streams: {@code ChangeStreamsWithJavaDriverTest}).
 */
class ReplicaSetOfOneWithJavaDriverTest {

  private static final String SET = "rs0";

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
                .withReplication(ReplicationConfig.replicaSet(SET)),
            "test");
    client = MongoClients.create(uri("replicaSet=" + SET));
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private String uri(String options) {
    return "mongodb://127.0.0.1:" + server.port() + "/?serverSelectionTimeoutMS=5000&" + options;
  }

  private MongoCollection<Document> items(MongoClient with) {
    return with.getDatabase("app").getCollection("items");
  }

  @Test
  void theDriverDiscoversTheSetFromHelloAndWritesThroughIt() {
    items(client).insertOne(new Document("_id", 1));
    items(client).updateOne(Filters.eq("_id", 1), Updates.inc("n", 1));

    assertThat(items(client).find().first()).isEqualTo(new Document("_id", 1).append("n", 1));
    assertThat(client.getClusterDescription().getType()).isEqualTo(ClusterType.REPLICA_SET);
    ServerDescription primary = client.getClusterDescription().getServerDescriptions().getFirst();
    assertThat(primary.isPrimary()).isTrue();
    assertThat(primary.getSetName()).isEqualTo(SET);
    assertThat(primary.getAddress().toString()).isEqualTo("127.0.0.1:" + server.port());
  }

  @Test
  void theDriverSendsItsWritesAsRetryableWrites() {
    List<BsonDocument> inserts = new java.util.concurrent.CopyOnWriteArrayList<>();
    CommandListener listener =
        new CommandListener() {
          @Override
          public void commandStarted(CommandStartedEvent event) {
            if (event.getCommandName().equals("insert")) {
              inserts.add(event.getCommand());
            }
          }
        };
    try (MongoClient listened =
        MongoClients.create(
            MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(uri("replicaSet=" + SET)))
                .addCommandListener(listener)
                .build())) {
      items(listened).insertOne(new Document("_id", 1));
      items(listened).insertOne(new Document("_id", 2));
    }
    assertThat(inserts).hasSize(2);
    assertThat(inserts).allSatisfy(insert -> assertThat(insert).containsKeys("lsid", "txnNumber"));
    assertThat(items(client).countDocuments()).isEqualTo(2);
  }

  @Test
  void helloReportsThePrimaryOfASetOfOneWithTheLogsTimes() {
    items(client).insertOne(new Document("_id", 1));
    Document hello = client.getDatabase("admin").runCommand(new Document("hello", 1));
    String me = "127.0.0.1:" + server.port();

    assertThat(hello.getString("setName")).isEqualTo(SET);
    assertThat(hello.getList("hosts", String.class)).containsExactly(me);
    assertThat(hello.getString("primary")).isEqualTo(me);
    assertThat(hello.getString("me")).isEqualTo(me);
    assertThat(hello.getBoolean("isWritablePrimary")).isTrue();
    assertThat(hello.getBoolean("secondary")).isFalse();
    assertThat(hello.getInteger("setVersion")).isEqualTo(1);
    assertThat(hello.getObjectId("electionId").toHexString()).isEqualTo("7fffffff0000000000000001");
    Document lastWrite = hello.get("lastWrite", Document.class);
    BsonTimestamp written = lastWrite.get("opTime", Document.class).get("ts", BsonTimestamp.class);
    assertThat(written.getTime()).isPositive();
    assertThat(lastWrite.getDate("lastWriteDate").getTime()).isEqualTo(written.getTime() * 1000L);
    Document clusterTime = hello.get("$clusterTime", Document.class);
    assertThat(clusterTime.get("clusterTime", BsonTimestamp.class)).isEqualTo(written);
    assertThat(hello.get("operationTime", BsonTimestamp.class)).isEqualTo(written);
    Document signature = clusterTime.get("signature", Document.class);
    assertThat(signature.getLong("keyId")).isZero();

    Document legacy = client.getDatabase("admin").runCommand(new Document("isMaster", 1));
    assertThat(legacy.getBoolean("ismaster")).isTrue();
    assertThat(legacy.getString("setName")).isEqualTo(SET);
    assertThat(legacy.getString("primary")).isEqualTo(me);
  }

  @Test
  void everyReplyCarriesAnOperationTimeThatGrowsWithTheWrites() {
    BsonTimestamp before =
        client
            .getDatabase("admin")
            .runCommand(new Document("ping", 1))
            .get("operationTime", BsonTimestamp.class);
    items(client).insertOne(new Document("_id", 2));
    MongoCommandException error =
        org.junit.jupiter.api.Assertions.assertThrows(
            MongoCommandException.class,
            () -> client.getDatabase("app").runCommand(new Document("noSuchCommand", 1)));
    BsonDocument reply = error.getResponse();
    assertThat(reply.getTimestamp("operationTime")).isGreaterThan(before);
    assertThat(reply.containsKey("$clusterTime")).isTrue();
  }

  @Test
  void aDirectConnectionWorksToo() {
    try (MongoClient direct = MongoClients.create(uri("directConnection=true"))) {
      items(direct).insertOne(new Document("_id", 3));
      assertThat(items(direct).countDocuments()).isEqualTo(1);
    }
  }

  @Test
  void aConnectionStringNamingNeitherTheSetNorADirectConnectionWorksToo() {
    try (MongoClient plain = MongoClients.create(uri("appName=plain"))) {
      items(plain).insertOne(new Document("_id", 4));
      assertThat(items(plain).countDocuments()).isEqualTo(1);
      // The driver found the set from hello and follows its one host.
      assertThat(plain.getClusterDescription().getType()).isEqualTo(ClusterType.REPLICA_SET);
    }
  }

  @Test
  void rsStatusAndRsConfAnswerAsASetOfOne() {
    items(client).insertOne(new Document("_id", 1));
    Document status = client.getDatabase("admin").runCommand(new Document("replSetGetStatus", 1));
    assertThat(status.getString("set")).isEqualTo(SET);
    assertThat(status.getInteger("myState")).isEqualTo(1);
    Document member = status.getList("members", Document.class).getFirst();
    assertThat(member.getString("name")).isEqualTo("127.0.0.1:" + server.port());
    assertThat(member.getString("stateStr")).isEqualTo("PRIMARY");
    assertThat(member.getBoolean("self")).isTrue();

    Document config =
        client
            .getDatabase("admin")
            .runCommand(new Document("replSetGetConfig", 1))
            .get("config", Document.class);
    assertThat(config.getString("_id")).isEqualTo(SET);
    assertThat(config.getList("members", Document.class).getFirst().getString("host"))
        .isEqualTo("127.0.0.1:" + server.port());
  }

  @Test
  void aCausallyConsistentSessionReadsItsOwnWrites() {
    try (ClientSession session = client.startSession()) {
      items(client).insertOne(session, new Document("_id", 5));
      // The driver now sends readConcern {afterClusterTime: <the insert's operationTime>}.
      assertThat(items(client).find(session, Filters.eq("_id", 5)).into(new ArrayList<>()))
          .hasSize(1);
      assertThat(session.getOperationTime()).isNotNull();
    }
  }

  @Test
  void aReadAfterAClusterTimeNotReachedYetIsRefused() {
    Document find =
        new Document("find", "items")
            .append(
                "readConcern",
                new Document("afterClusterTime", new BsonTimestamp(Integer.MAX_VALUE, 1)));
    assertThatThrownBy(() -> client.getDatabase("app").runCommand(find))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(72))
        .hasMessageContaining("must not be greater than the current clusterTime");
  }
}
