package dev.mongolake.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.server.auth.InMemoryUserStore;
import java.time.Duration;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/** Connections that wait too long for a request are closed; busy ones are not. */
class IdleConnectionsTest {

  private static final Duration IDLE_TIMEOUT = Duration.ofMillis(300);

  @Test
  void aConnectionThatSendsNothingIsClosedAfterTheIdleTimeout() throws Exception {
    try (RunningServer server = start();
        WireTestClient client =
            WireTestClient.connect(server.server.port(), Duration.ofSeconds(10))) {
      long start = System.nanoTime();
      assertThat(client.closedByServer()).isTrue();
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(IDLE_TIMEOUT);
    }
  }

  @Test
  void aConnectionThatKeepsSendingRequestsStaysOpen() throws Exception {
    try (RunningServer server = start();
        WireTestClient client =
            WireTestClient.connect(server.server.port(), Duration.ofSeconds(10))) {
      long end = System.nanoTime() + 4 * IDLE_TIMEOUT.toNanos();
      while (System.nanoTime() < end) {
        client.send(ping(), 0);
        assertThat(client.read().body().getDouble("ok").getValue()).isEqualTo(1.0);
      }
    }
  }

  private static RunningServer start() {
    return RunningServer.start(
        new WireServerOptions("127.0.0.1", 0, 100, IDLE_TIMEOUT), false, new InMemoryUserStore());
  }

  private static BsonDocument ping() {
    return new BsonDocument("ping", new BsonInt32(1)).append("$db", new BsonString("admin"));
  }
}
