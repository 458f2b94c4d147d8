package dev.mongolake.server.net;

import static dev.mongolake.server.net.AwaitableHelloTest.awaitable;
import static dev.mongolake.server.net.AwaitableHelloTest.command;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import dev.mongolake.server.wire.OpMsg;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * OP_MSG exhaust streams at the wire level: replies flagged {@code moreToCome}, each answering the
 * one before it, the last one unflagged.
 */
class ExhaustStreamTest {

  @TempDir Path data;

  @Test
  void anAwaitableHelloStreamsARepliesEveryMaxAwaitTimeMSUntilTheClientLeaves() throws Exception {
    try (RunningServer server = RunningServer.start()) {
      BsonDocument version = currentVersion(server);
      try (WireTestClient client = client(server.server.port())) {
        long start = System.nanoTime();
        int responseTo = client.send(awaitable("hello", version, 100), OpMsg.EXHAUST_ALLOWED);
        for (int i = 0; i < 3; i++) {
          WireTestClient.Reply reply = client.read();

          assertThat(reply.ok()).as(reply.body().toJson()).isTrue();
          assertThat(reply.moreToCome()).isTrue();
          assertThat(reply.header().responseTo()).isEqualTo(responseTo);
          assertThat(reply.body().getDocument("topologyVersion")).isEqualTo(version);
          assertThat(Duration.ofNanos(System.nanoTime() - start))
              .isGreaterThanOrEqualTo(Duration.ofMillis(100L * (i + 1)));
          responseTo = reply.header().requestId();
        }
      }
      // The client left mid-stream: the server notices at its next reply and frees the connection.
      await().atMost(Duration.ofSeconds(5)).until(() -> server.context.currentConnections() == 0);
      try (WireTestClient client = client(server.server.port())) {
        client.send(command("ping"), 0);
        assertThat(client.read().ok()).isTrue();
      }
    }
  }

  @Test
  void aClientThatLeavesDuringAHeldHelloFreesItsConnectionWithinSeconds() throws Exception {
    try (RunningServer server = RunningServer.start()) {
      BsonDocument version = currentVersion(server);
      try (WireTestClient client = client(server.server.port())) {
        client.send(awaitable("hello", version, 30_000), OpMsg.EXHAUST_ALLOWED);
        await()
            .atMost(Duration.ofSeconds(5))
            .until(() -> server.context.topology().awaiting() == 1);
      }
      long left = System.nanoTime();

      // The reply is held for 30 s; the server finds the client gone long before.
      await()
          .atMost(Duration.ofSeconds(10))
          .until(
              () ->
                  server.context.currentConnections() == 0
                      && server.context.topology().awaiting() == 0);
      assertThat(Duration.ofNanos(System.nanoTime() - left)).isLessThan(Duration.ofSeconds(10));
      try (WireTestClient client = client(server.server.port())) {
        client.send(command("ping"), 0);
        assertThat(client.read().ok()).isTrue();
      }
    }
  }

  @Test
  void aHeldHelloOnALiveConnectionStillWaitsItsMaxAwaitTime() throws Exception {
    try (RunningServer server = RunningServer.start();
        WireTestClient client = client(server.server.port())) {
      BsonDocument version = currentVersion(server);
      long start = System.nanoTime();
      client.send(awaitable("hello", version, 2_500), 0);

      WireTestClient.Reply reply = client.read();

      // Checking every second that the client is there neither ends the wait early nor loses it.
      assertThat(reply.ok()).as(reply.body().toJson()).isTrue();
      assertThat(Duration.ofNanos(System.nanoTime() - start))
          .isGreaterThanOrEqualTo(Duration.ofMillis(2_500));
      client.send(command("ping"), 0);
      assertThat(client.read().ok()).isTrue();
    }
  }

  @Test
  void shutdownEndsAHelloStreamAtOnceWithShutdownInProgress() throws Exception {
    RunningServer server = RunningServer.start();
    BsonDocument restarted =
        new BsonDocument("processId", new BsonObjectId(new ObjectId()))
            .append("counter", new BsonInt64(0));
    try (WireTestClient client = client(server.server.port())) {
      client.send(awaitable("hello", restarted, 30_000), OpMsg.EXHAUST_ALLOWED);
      // Another process id: answered at once; the stream's next reply waits 30 s.
      assertThat(client.read().moreToCome()).isTrue();
      await().atMost(Duration.ofSeconds(5)).until(() -> server.context.topology().awaiting() == 1);

      long start = System.nanoTime();
      CompletableFuture<Void> closed = CompletableFuture.runAsync(server::close);
      WireTestClient.Reply last = client.read();
      closed.get(5, TimeUnit.SECONDS);

      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
      assertThat(last.moreToCome()).isFalse();
      assertThat(last.body().getString("codeName").getValue()).isEqualTo("ShutdownInProgress");
      assertThat(client.closedByServer()).isTrue();
    } finally {
      server.close();
    }
  }

  @Test
  void anExhaustHelloWithoutMaxAwaitTimeMSIsOneErrorReply() throws Exception {
    try (RunningServer server = RunningServer.start();
        WireTestClient client = client(server.server.port())) {
      client.send(command("hello"), OpMsg.EXHAUST_ALLOWED);
      WireTestClient.Reply reply = client.read();

      assertThat(reply.moreToCome()).isFalse();
      assertThat(reply.body().getInt32("code").getValue()).isEqualTo(51756);
      assertThat(reply.body().getString("errmsg").getValue())
          .isEqualTo("An isMaster or hello request with exhaust must specify 'maxAwaitTimeMS'");
    }
  }

  @Test
  void anExhaustGetMoreStreamsEveryRemainingBatchOnceAndInOrder() throws Exception {
    try (MongoLakeServer server = startLakeServer();
        MongoClient driver = MongoClients.create(server.connectionString())) {
      driver
          .getDatabase("db")
          .getCollection("items")
          .insertMany(
              IntStream.range(0, 250)
                  .mapToObj(i -> new Document("_id", i).append("v", i))
                  .toList());
      try (WireTestClient client = client(server.port())) {
        client.send(
            new BsonDocument("find", new BsonString("items"))
                .append("sort", new BsonDocument("_id", new BsonInt32(1)))
                .append("batchSize", new BsonInt32(10))
                .append("$db", new BsonString("db")),
            0);
        BsonDocument cursor = client.read().body().getDocument("cursor");
        List<Integer> ids = ids(cursor.getArray("firstBatch"));
        long cursorId = cursor.getInt64("id").getValue();

        int responseTo =
            client.send(
                new BsonDocument("getMore", new BsonInt64(cursorId))
                    .append("collection", new BsonString("items"))
                    .append("batchSize", new BsonInt32(20))
                    .append("$db", new BsonString("db")),
                OpMsg.EXHAUST_ALLOWED);
        List<WireTestClient.Reply> replies = new ArrayList<>();
        WireTestClient.Reply reply;
        do {
          reply = client.read();
          assertThat(reply.ok()).as(reply.body().toJson()).isTrue();
          assertThat(reply.header().responseTo()).isEqualTo(responseTo);
          responseTo = reply.header().requestId();
          replies.add(reply);
          ids.addAll(ids(reply.body().getDocument("cursor").getArray("nextBatch")));
        } while (reply.moreToCome());

        assertThat(replies).hasSize(12);
        assertThat(reply.body().getDocument("cursor").getInt64("id").getValue()).isZero();
        assertThat(ids).containsExactlyElementsOf(IntStream.range(0, 250).boxed().toList());

        client.send(command("ping"), 0);
        assertThat(client.read().ok()).isTrue();
      }
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = ConnectionThreads.class,
      names = {"VIRTUAL", "EVENT_LOOP"})
  void anExhaustCursorDiesWithItsConnection(ConnectionThreads threads) throws Exception {
    try (MongoLakeServer server =
            MongoLakeServer.start(
                new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
                    .withConnectionThreads(threads),
                "test");
        MongoClient driver = MongoClients.create(server.connectionString())) {
      // More than the server's socket buffer and the event loop's reply queue take: the stream
      // cannot end before the client leaves.
      String filler = "x".repeat(64 * 1024);
      driver
          .getDatabase("db")
          .getCollection("items")
          .insertMany(
              IntStream.range(0, 400)
                  .mapToObj(i -> new Document("_id", i).append("filler", filler))
                  .toList());
      Socket socket = new Socket();
      socket.setReceiveBufferSize(64 * 1024);
      socket.connect(new InetSocketAddress("127.0.0.1", server.port()));
      try (WireTestClient client = WireTestClient.connect(socket, Duration.ofSeconds(40))) {
        client.send(
            new BsonDocument("find", new BsonString("items"))
                .append("batchSize", new BsonInt32(1))
                .append("$db", new BsonString("db")),
            0);
        long cursorId = client.read().body().getDocument("cursor").getInt64("id").getValue();
        client.send(
            new BsonDocument("getMore", new BsonInt64(cursorId))
                .append("collection", new BsonString("items"))
                .append("batchSize", new BsonInt32(1))
                .append("$db", new BsonString("db")),
            OpMsg.EXHAUST_ALLOWED);
        assertThat(client.read().moreToCome()).isTrue();
      }

      await().atMost(Duration.ofSeconds(20)).until(() -> openCursors(driver) == 0);
    }
  }

  private static long openCursors(MongoClient driver) {
    return driver
        .getDatabase("admin")
        .runCommand(new Document("serverStatus", 1))
        .get("metrics", Document.class)
        .get("cursor", Document.class)
        .get("open", Document.class)
        .getLong("total");
  }

  @Test
  void anExhaustGetMoreOfAnUnknownCursorIsOneErrorReply() throws Exception {
    try (MongoLakeServer server = startLakeServer();
        WireTestClient client = client(server.port())) {
      client.send(
          new BsonDocument("getMore", new BsonInt64(42))
              .append("collection", new BsonString("items"))
              .append("$db", new BsonString("db")),
          OpMsg.EXHAUST_ALLOWED);
      WireTestClient.Reply reply = client.read();

      assertThat(reply.moreToCome()).isFalse();
      assertThat(reply.body().getString("codeName").getValue()).isEqualTo("CursorNotFound");
    }
  }

  @Test
  void aRequestFlaggedMoreToComeGetsNoReplyEvenWithExhaustAllowed() throws Exception {
    try (MongoLakeServer server = startLakeServer();
        WireTestClient client = client(server.port())) {
      client.send(
          new BsonDocument("insert", new BsonString("items"))
              .append(
                  "documents", new BsonArray(List.of(new BsonDocument("_id", new BsonInt32(1)))))
              .append("writeConcern", new BsonDocument("w", new BsonInt32(0)))
              .append("$db", new BsonString("db")),
          OpMsg.MORE_TO_COME | OpMsg.EXHAUST_ALLOWED);
      int ping = client.send(command("ping"), 0);

      WireTestClient.Reply reply = client.read();
      assertThat(reply.header().responseTo()).isEqualTo(ping);
      client.send(
          new BsonDocument("count", new BsonString("items")).append("$db", new BsonString("db")),
          0);
      assertThat(client.read().body().get("n").asNumber().intValue()).isEqualTo(1);
    }
  }

  private MongoLakeServer startLakeServer() {
    return MongoLakeServer.start(
        new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")), "test");
  }

  /** The topology version a running server reports: holding a hello waits on it. */
  static BsonDocument currentVersion(RunningServer server) {
    return new BsonDocument("processId", new BsonObjectId(server.context.processId()))
        .append("counter", new BsonInt64(0));
  }

  private static WireTestClient client(int port) throws Exception {
    return WireTestClient.connect(port, Duration.ofSeconds(40));
  }

  private static List<Integer> ids(BsonArray batch) {
    List<Integer> ids = new ArrayList<>();
    for (BsonValue document : batch) {
      ids.add(document.asDocument().getInt32("_id").getValue());
    }
    return ids;
  }
}
