package dev.mongolake.server.net;

import static dev.mongolake.server.net.AwaitableHelloTest.awaitable;
import static dev.mongolake.server.net.AwaitableHelloTest.command;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import dev.mongolake.server.auth.InMemoryUserStore;
import dev.mongolake.server.wire.MessageEncoder;
import dev.mongolake.server.wire.OpMsg;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The event-loop transport at the wire level: requests split or joined across reads, large
 * messages, and loops that stay free while a command waits on a thread of its own.
 */
class EventLoopTransportTest {

  private static final Duration READ_TIMEOUT = Duration.ofSeconds(10);

  private static RunningServer start() {
    return RunningServer.start(
        WireServerOptions.local(0).withThreads(ConnectionThreads.EVENT_LOOP),
        false,
        new InMemoryUserStore());
  }

  @Test
  void requestsSentTogetherInOneWriteAreAnsweredInOrder() throws Exception {
    try (RunningServer server = start();
        Socket socket = new Socket("127.0.0.1", server.server.port());
        WireTestClient replies = WireTestClient.connect(socket, READ_TIMEOUT)) {
      ByteArrayOutputStream joined = new ByteArrayOutputStream();
      for (int id = 1; id <= 5; id++) {
        BsonDocument body = id % 2 == 0 ? command("ping") : command("buildInfo");
        joined.write(MessageEncoder.encode(new OpMsg(0, body, List.of()), id, 0, Optional.empty()));
      }
      socket.getOutputStream().write(joined.toByteArray());

      List<Integer> answered = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        WireTestClient.Reply reply = replies.read();
        assertThat(reply.ok()).as(reply.body().toJson()).isTrue();
        assertThat(reply.body().containsKey("version")).isEqualTo(i % 2 == 0);
        answered.add(reply.header().responseTo());
      }
      assertThat(answered).containsExactly(1, 2, 3, 4, 5);
    }
  }

  @Test
  void aRequestArrivingByteByByteIsAnswered() throws Exception {
    try (RunningServer server = start();
        Socket socket = new Socket("127.0.0.1", server.server.port());
        WireTestClient replies = WireTestClient.connect(socket, READ_TIMEOUT)) {
      socket.setTcpNoDelay(true);
      byte[] ping =
          MessageEncoder.encode(new OpMsg(0, command("ping"), List.of()), 7, 0, Optional.empty());
      OutputStream out = socket.getOutputStream();
      for (byte b : ping) {
        out.write(b);
        out.flush();
      }

      WireTestClient.Reply reply = replies.read();

      assertThat(reply.ok()).isTrue();
      assertThat(reply.header().responseTo()).isEqualTo(7);
    }
  }

  @Test
  void aMessageLargerThanTheReceiveBufferIsReadWhole() throws Exception {
    try (RunningServer server = start();
        WireTestClient client = WireTestClient.connect(server.server.port(), READ_TIMEOUT)) {
      // 12 MB of comment: the connection's 16 KB buffer grows as the bytes arrive.
      String comment = "x".repeat(12 * 1024 * 1024);
      client.send(command("ping").append("comment", new BsonString(comment)), 0);

      assertThat(client.read().ok()).isTrue();
      client.send(command("ping"), 0);
      assertThat(client.read().ok()).isTrue();
    }
  }

  @Test
  void aCommandWaitingOnItsOwnThreadLeavesTheLoopsFreeForOtherConnections() throws Exception {
    try (RunningServer server = start()) {
      BsonDocument version = ExhaustStreamTest.currentVersion(server);
      int loops = Runtime.getRuntime().availableProcessors();
      List<WireTestClient> waiting = new ArrayList<>();
      List<WireTestClient> others = new ArrayList<>();
      try {
        // Connections go to the loops in turn: one waiting hello on each loop, then one ping each.
        for (int i = 0; i < loops; i++) {
          WireTestClient client = WireTestClient.connect(server.server.port(), READ_TIMEOUT);
          waiting.add(client);
          client.send(awaitable("hello", version, 60_000), 0);
        }
        for (int i = 0; i < loops; i++) {
          others.add(WireTestClient.connect(server.server.port(), READ_TIMEOUT));
        }
        for (WireTestClient other : others) {
          other.send(command("ping"), 0);
          // Read within READ_TIMEOUT (10 s), while every hello still holds its reply (60 s).
          assertThat(other.read().ok()).isTrue();
        }
        assertThat(server.context.currentConnections()).isEqualTo(2L * loops);
      } finally {
        for (WireTestClient client : waiting) {
          client.close();
        }
        for (WireTestClient client : others) {
          client.close();
        }
      }
    }
  }

  @Test
  void unacknowledgedWritesSentJustBeforeTheClientClosesAreAllApplied(@TempDir Path data)
      throws Exception {
    ServerConfig config =
        new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
            .withConnectionThreads(ConnectionThreads.EVENT_LOOP);
    try (MongoLakeServer server = MongoLakeServer.start(config, "test");
        MongoClient driver = MongoClients.create(server.connectionString())) {
      try (Socket socket = new Socket("127.0.0.1", server.port())) {
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        for (int i = 0; i < 50; i++) {
          BsonDocument insert =
              new BsonDocument("insert", new BsonString("events"))
                  .append(
                      "documents",
                      new BsonArray(List.of(new BsonDocument("_id", new BsonInt32(i)))))
                  .append("$db", new BsonString("app"));
          joined.write(
              MessageEncoder.encode(
                  new OpMsg(OpMsg.MORE_TO_COME, insert, List.of()), i + 1, 0, Optional.empty()));
        }
        // Fifty fire-and-forget inserts, then the client is gone before any could be applied.
        socket.getOutputStream().write(joined.toByteArray());
      }

      MongoCollection<Document> events = driver.getDatabase("app").getCollection("events");
      await().atMost(Duration.ofSeconds(10)).until(() -> events.countDocuments() == 50);
    }
  }

  @Test
  void aMalformedFrameClosesOnlyItsOwnConnection() throws Exception {
    try (RunningServer server = start();
        Socket hostile = new Socket("127.0.0.1", server.server.port());
        WireTestClient bystander = WireTestClient.connect(server.server.port(), READ_TIMEOUT)) {
      byte[] impossibleLength = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0x7f, 1, 2, 3, 4};
      hostile.getOutputStream().write(impossibleLength);
      hostile.setSoTimeout((int) READ_TIMEOUT.toMillis());

      assertThat(hostile.getInputStream().read()).as("closed by the server").isEqualTo(-1);
      bystander.send(command("ping").append("n", new BsonInt32(1)), 0);
      assertThat(bystander.read().ok()).isTrue();
    }
  }
}
