package dev.mongolake.server.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.server.auth.InMemoryUserStore;
import dev.mongolake.server.logging.LogCapture;
import java.net.Socket;
import java.time.Duration;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A client coming and going is DEBUG, worded as the normal event it is; at INFO the server says
 * only how many connections are open.
 */
class ConnectionLoggingTest {

  private static boolean fromAConnection(ILoggingEvent event) {
    return event.getLoggerName().equals(LoopConnection.class.getName())
        || event.getLoggerName().equals(ClientConnection.class.getName());
  }

  @ParameterizedTest
  @EnumSource(ConnectionThreads.class)
  void clientConnectLogsNothingAtInfo(ConnectionThreads threads) {
    try (LogCapture log = LogCapture.of("dev.mongolake.server.net", Level.DEBUG);
        RunningServer server =
            RunningServer.start(
                WireServerOptions.local(0).withThreads(threads), false, new InMemoryUserStore())) {
      // The driver's monitoring streams (awaitable hello) and a pooled connection, then close():
      // the leave that used to read like errors (broken pipe, closed during an exhaust stream).
      try (MongoClient client = MongoClients.create(server.uri(""))) {
        client.getDatabase("admin").runCommand(new Document("ping", 1));
      }
      await().atMost(Duration.ofSeconds(30)).until(() -> server.context.currentConnections() == 0);

      assertThat(log.events()).filteredOn(ConnectionLoggingTest::fromAConnection).isNotEmpty();
      assertThat(log.events())
          .filteredOn(ConnectionLoggingTest::fromAConnection)
          .allSatisfy(event -> assertThat(event.getLevel()).isEqualTo(Level.DEBUG))
          .extracting(ILoggingEvent::getFormattedMessage)
          .anyMatch(
              message -> message.matches("Connection \\d+ accepted from 127\\.0\\.0\\.1:\\d+"))
          .anyMatch(message -> message.matches("Connection \\d+ closed"))
          // A leave reads as one ("ended by the client (Broken pipe)"), never "closed: <error>".
          .noneMatch(message -> message.matches("Connection \\d+ closed: .*"));
    }
  }

  @Test
  void aClientResettingItsConnectionLogsNothingAtInfo() throws Exception {
    try (LogCapture log = LogCapture.of("dev.mongolake.server.net", Level.DEBUG);
        RunningServer server = RunningServer.start()) {
      Socket socket = new Socket("127.0.0.1", server.server.port());
      await().until(() -> server.context.currentConnections() == 1);
      socket.setSoLinger(true, 0); // close with a RST: "Connection reset" on the server's side
      socket.close();
      await().atMost(Duration.ofSeconds(30)).until(() -> server.context.currentConnections() == 0);

      assertThat(log.events())
          .filteredOn(ConnectionLoggingTest::fromAConnection)
          .isNotEmpty()
          .allSatisfy(event -> assertThat(event.getLevel()).isEqualTo(Level.DEBUG));
    }
  }

  @Test
  void theSummarySaysHowManyAreOpenWhenTheCountChanged() {
    try (LogCapture log = LogCapture.of(ConnectionSummary.class, Level.INFO);
        RunningServer server = RunningServer.start()) {
      ConnectionSummary summary = new ConnectionSummary(server.context);

      summary.run();
      server.context.connectionOpened();
      server.context.connectionOpened();
      summary.run();
      summary.run();
      server.context.connectionClosed();
      summary.run();

      assertThat(log.messages(Level.INFO))
          .containsExactly(
              "Connections: 2 open, 2 accepted since start",
              "Connections: 1 open, 2 accepted since start");
      assertThat(log.events().getFirst().getKeyValuePairs())
          .extracting(pair -> pair.key + "=" + pair.value)
          .containsExactly("connectionCount=2", "acceptedSinceStart=2");
    }
  }

  @Test
  void closingTheServerLogsTheTotals() {
    try (LogCapture log = LogCapture.of(ConnectionSummary.class, Level.INFO)) {
      RunningServer server = RunningServer.start();
      try (MongoClient client = MongoClients.create(server.uri(""))) {
        client.getDatabase("admin").runCommand(new Document("ping", 1));
      }
      // A client leaving during an awaitable hello is noticed within a second when the machine is
      // quiet; a loaded one (a full build beside it) has taken longer than Awaitility's default 10
      // s.
      await()
          .atMost(java.time.Duration.ofSeconds(60))
          .until(() -> server.context.currentConnections() == 0);
      long accepted = server.context.totalConnections();

      server.close();

      assertThat(log.messages(Level.INFO))
          .containsExactly("Connections: 0 open, " + accepted + " accepted since start");
    }
  }
}
