package dev.mongolake.server;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.event.ServerHeartbeatFailedEvent;
import com.mongodb.event.ServerHeartbeatSucceededEvent;
import com.mongodb.event.ServerMonitorListener;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Driver server monitoring: {@code topologyVersion} in {@code hello} switches the Java driver to
 * the streaming protocol (awaitable hello over an exhaust stream), and shutdown ends that stream at
 * once instead of after the driver's {@code maxAwaitTimeMS}.
 */
class HelloMonitoringWithJavaDriverTest {

  @TempDir Path data;

  private final List<ServerHeartbeatSucceededEvent> succeeded = new CopyOnWriteArrayList<>();
  private final List<ServerHeartbeatFailedEvent> failed = new CopyOnWriteArrayList<>();
  private final ServerMonitorListener listener =
      new ServerMonitorListener() {
        @Override
        public void serverHeartbeatSucceeded(ServerHeartbeatSucceededEvent event) {
          succeeded.add(event);
        }

        @Override
        public void serverHeartbeatFailed(ServerHeartbeatFailedEvent event) {
          failed.add(event);
        }
      };

  @Test
  void heartbeatsAreAwaitedAndOrdinaryCommandsRunBesideTheStream() {
    try (MongoLakeServer server = start();
        MongoClient client =
            client(server, settings -> settings.heartbeatFrequency(300, MILLISECONDS))) {
      MongoCollection<Document> items = client.getDatabase("db").getCollection("items");

      await()
          .atMost(Duration.ofSeconds(10))
          .until(
              () ->
                  succeeded.stream().filter(ServerHeartbeatSucceededEvent::isAwaited).count() >= 3);
      for (int i = 0; i < 20; i++) {
        items.insertOne(new Document("_id", i));
      }

      assertThat(items.find().into(new ArrayList<>())).hasSize(20);
      await()
          .atMost(Duration.ofSeconds(10))
          .until(
              () ->
                  succeeded.stream().filter(ServerHeartbeatSucceededEvent::isAwaited).count() >= 5);
      assertThat(failed).isEmpty();
    }
  }

  @Test
  void shutdownIsNotDelayedByTheAwaitedHelloAndTheDriverNoticesIt() {
    MongoLakeServer server = start();
    // The driver's default heartbeat: each awaitable hello may be held for 10 s.
    try (MongoClient client = client(server, settings -> {})) {
      client.getDatabase("admin").runCommand(new Document("ping", 1));
      // The monitor's awaitable hello is being held by the server.
      await().atMost(Duration.ofSeconds(10)).until(() -> awaitingTopologyChanges(client) >= 1);

      long start = System.nanoTime();
      server.close();
      Duration shutdown = Duration.ofNanos(System.nanoTime() - start);

      assertThat(shutdown).isLessThan(Duration.ofSeconds(2));
      await().atMost(Duration.ofSeconds(2)).until(() -> !failed.isEmpty());
      assertThat(failed.getFirst().getThrowable())
          .isInstanceOf(MongoException.class)
          .satisfies(e -> assertThat(((MongoException) e).getCode()).isEqualTo(91));
    } finally {
      server.close();
    }
  }

  private MongoLakeServer start() {
    return MongoLakeServer.start(
        new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")), "test");
  }

  private MongoClient client(
      MongoLakeServer server, Consumer<com.mongodb.connection.ServerSettings.Builder> heartbeat) {
    return MongoClients.create(
        MongoClientSettings.builder()
            .applyConnectionString(new ConnectionString(server.connectionString()))
            .applyToServerSettings(
                settings -> {
                  heartbeat.accept(settings);
                  settings.addServerMonitorListener(listener);
                })
            .build());
  }

  private static long awaitingTopologyChanges(MongoClient client) {
    Document status = client.getDatabase("admin").runCommand(new Document("serverStatus", 1));
    return ((Number) status.get("connections", Document.class).get("awaitingTopologyChanges"))
        .longValue();
  }
}
