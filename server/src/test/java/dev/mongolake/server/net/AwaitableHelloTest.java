package dev.mongolake.server.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code hello}'s topologyVersion and the awaitable form, argument errors included. */
class AwaitableHelloTest {

  private RunningServer server;

  @BeforeEach
  void start() {
    server = RunningServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void helloAndIsMasterReportTheTopologyVersion() throws Exception {
    try (WireTestClient client = client()) {
      for (String name : new String[] {"hello", "isMaster", "ismaster"}) {
        client.send(command(name), 0);
        BsonDocument topologyVersion = client.read().body().getDocument("topologyVersion");

        assertThat(topologyVersion)
            .isEqualTo(
                new BsonDocument("processId", new BsonObjectId(server.context.processId()))
                    .append("counter", new BsonInt64(0)));
      }
    }
  }

  @Test
  void anAwaitableHelloIsHeldForMaxAwaitTimeMS() throws Exception {
    try (WireTestClient client = client()) {
      long start = System.nanoTime();
      client.send(awaitable("hello", current(), 300), 0);
      WireTestClient.Reply reply = client.read();

      assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(ms(300));
      assertThat(reply.ok()).isTrue();
      assertThat(reply.moreToCome()).isFalse();
      assertThat(reply.body().getDocument("topologyVersion")).isEqualTo(current());
    }
  }

  @Test
  void anAwaitableHelloCountsAsACommandButStaysOutOfTheLatencyHistogram() throws Exception {
    try (WireTestClient client = client()) {
      client.send(command("hello"), 0);
      client.read();
      client.send(awaitable("hello", current(), 50), 0);
      client.read();
    }

    String metrics = server.context.metrics().render(List.of());
    assertThat(metrics)
        .contains("mongolake_commands_total{command=\"hello\"} 2")
        .contains("mongolake_command_duration_seconds_count{command=\"hello\"} 1");
  }

  @Test
  void anotherProcessIdIsAnsweredAtOnce() throws Exception {
    BsonDocument restarted =
        new BsonDocument("processId", new BsonObjectId(new ObjectId()))
            .append("counter", new BsonInt64(7));
    try (WireTestClient client = client()) {
      long start = System.nanoTime();
      client.send(awaitable("isMaster", restarted, 30_000), 0);
      WireTestClient.Reply reply = client.read();

      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(ms(5_000));
      assertThat(reply.ok()).isTrue();
      assertThat(reply.body().getDocument("topologyVersion")).isEqualTo(current());
    }
  }

  @Test
  void argumentsAreCheckedWithMongoDBsCodes() throws Exception {
    BsonDocument ahead = current().append("counter", new BsonInt64(1));
    BsonDocument negative = current().append("counter", new BsonInt64(-1));
    try (WireTestClient client = client()) {
      assertError(
          client,
          command("hello").append("maxAwaitTimeMS", new BsonInt32(100)),
          31368,
          "A request with 'maxAwaitTimeMS' must include a 'topologyVersion'");
      assertError(
          client,
          command("hello").append("topologyVersion", current()),
          31368,
          "A request with a 'topologyVersion' must include 'maxAwaitTimeMS'");
      assertError(
          client,
          awaitable("hello", current(), -1),
          51024,
          "BSON field 'maxAwaitTimeMS' value must be >= 0, actual value '-1'");
      assertError(
          client,
          awaitable("hello", negative, 100),
          31372,
          "topologyVersion must have a non-negative counter");
      assertError(
          client,
          awaitable("hello", ahead, 100),
          51764,
          "Received a topology version with counter: 1 which is greater than the server topology"
              + " version counter: 0");
      assertError(
          client,
          command("hello")
              .append("topologyVersion", new BsonString("x"))
              .append("maxAwaitTimeMS", new BsonInt32(1)),
          14,
          "BSON field 'hello.topologyVersion' is the wrong type 'string', expected type 'object'");
      assertError(
          client,
          command("hello")
              .append("topologyVersion", new BsonDocument("counter", new BsonInt64(0)))
              .append("maxAwaitTimeMS", new BsonInt32(1)),
          4,
          "BSON field 'hello.topologyVersion.processId' is missing but a required field");
    }
  }

  @Test
  void shutdownAnswersAWaitingHelloAtOnceWithShutdownInProgress() throws Exception {
    try (WireTestClient client = client()) {
      client.send(awaitable("hello", current(), 30_000), 0);
      await().atMost(Duration.ofSeconds(5)).until(() -> server.context.topology().awaiting() == 1);

      long start = System.nanoTime();
      CompletableFuture<Void> closed = CompletableFuture.runAsync(server::close);
      WireTestClient.Reply reply = client.read();
      closed.get(5, TimeUnit.SECONDS);

      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(ms(2_000));
      assertThat(reply.moreToCome()).isFalse();
      assertThat(reply.body().getInt32("code").getValue()).isEqualTo(91);
      assertThat(reply.body().getString("codeName").getValue()).isEqualTo("ShutdownInProgress");
      assertThat(reply.body().getString("errmsg").getValue())
          .isEqualTo("Cannot answer hello: the server is shutting down");
      assertThat(reply.body().getDocument("topologyVersion"))
          .isEqualTo(current().append("counter", new BsonInt64(1)));
      assertThat(client.closedByServer()).isTrue();
    }
  }

  private WireTestClient client() throws Exception {
    return WireTestClient.connect(server.server.port(), Duration.ofSeconds(40));
  }

  private BsonDocument current() {
    return new BsonDocument("processId", new BsonObjectId(server.context.processId()))
        .append("counter", new BsonInt64(0));
  }

  static BsonDocument command(String name) {
    return new BsonDocument(name, new BsonInt32(1)).append("$db", new BsonString("admin"));
  }

  static BsonDocument awaitable(String name, BsonDocument topologyVersion, long maxAwaitTimeMS) {
    return command(name)
        .append("topologyVersion", topologyVersion)
        .append("maxAwaitTimeMS", new BsonInt64(maxAwaitTimeMS));
  }

  private static void assertError(
      WireTestClient client, BsonDocument command, int code, String message) throws Exception {
    client.send(command, 0);
    WireTestClient.Reply reply = client.read();
    assertThat(reply.ok()).as(reply.body().toJson()).isFalse();
    assertThat(reply.body().getInt32("code").getValue()).isEqualTo(code);
    assertThat(reply.body().getString("errmsg").getValue()).isEqualTo(message);
  }

  private static Duration ms(long millis) {
    return Duration.ofMillis(millis);
  }
}
