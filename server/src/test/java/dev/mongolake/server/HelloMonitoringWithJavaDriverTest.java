package dev.mongolake.server;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.event.ServerHeartbeatFailedEvent;
import com.mongodb.event.ServerHeartbeatSucceededEvent;
import com.mongodb.event.ServerMonitorListener;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Driver server monitoring: the server does not implement awaitable (streamed) hello, so it must
 * not invite drivers to use it. Advertising {@code topologyVersion} made the Node.js driver fail
 * every streamed heartbeat ("Server ended moreToCome unexpectedly") and clear its connection pool
 * under running operations.
 */
class HelloMonitoringWithJavaDriverTest {

  @TempDir Path data;

  @Test
  void driversMonitorByPollingAndEveryHeartbeatSucceeds() {
    List<ServerHeartbeatSucceededEvent> succeeded = new CopyOnWriteArrayList<>();
    List<ServerHeartbeatFailedEvent> failed = new CopyOnWriteArrayList<>();
    ServerMonitorListener listener =
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
    try (MongoLakeServer server =
            MongoLakeServer.start(
                new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
                "test");
        MongoClient client =
            MongoClients.create(
                MongoClientSettings.builder()
                    .applyConnectionString(new ConnectionString(server.connectionString()))
                    .applyToServerSettings(
                        settings ->
                            settings
                                .heartbeatFrequency(500, MILLISECONDS)
                                .addServerMonitorListener(listener))
                    .build())) {
      client.getDatabase("admin").runCommand(new Document("ping", 1));

      await().atMost(Duration.ofSeconds(10)).until(() -> succeeded.size() >= 3);

      assertThat(succeeded).noneMatch(ServerHeartbeatSucceededEvent::isAwaited);
      assertThat(failed).isEmpty();
    }
  }
}
