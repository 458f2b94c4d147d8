package dev.mongolake.server.net;

import static com.mongodb.client.model.Filters.eq;
import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server started with a platform thread per connection, through the official Java driver. */
class PlatformConnectionThreadsTest {

  private static final int CLIENTS = 8;
  private static final int DOCUMENTS_PER_CLIENT = 200;

  @TempDir Path data;

  @Test
  void concurrentClientsAreServedOnPlatformThreads() throws Exception {
    ServerConfig config =
        new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
            .withConnectionThreads(ConnectionThreads.PLATFORM);
    try (MongoLakeServer server = MongoLakeServer.start(config, "test");
        MongoClient client =
            MongoClients.create(
                server.connectionString() + "?serverSelectionTimeoutMS=5000&maxPoolSize=16")) {
      MongoCollection<Document> users = client.getDatabase("app").getCollection("users");
      List<Future<Integer>> found = new ArrayList<>();
      try (ExecutorService clients = Executors.newFixedThreadPool(CLIENTS)) {
        for (int c = 0; c < CLIENTS; c++) {
          int first = c * DOCUMENTS_PER_CLIENT;
          found.add(
              clients.submit(
                  () -> {
                    int hits = 0;
                    for (int i = first; i < first + DOCUMENTS_PER_CLIENT; i++) {
                      users.insertOne(new Document("_id", i).append("n", i));
                      Document back = users.find(eq("_id", i)).first();
                      if (back != null && back.getInteger("n") == i) {
                        hits++;
                      }
                    }
                    return hits;
                  }));
        }
      }
      for (Future<Integer> hits : found) {
        assertThat(hits.get()).isEqualTo(DOCUMENTS_PER_CLIENT);
      }
      assertThat(users.countDocuments()).isEqualTo((long) CLIENTS * DOCUMENTS_PER_CLIENT);
      List<Thread> connectionThreads =
          Thread.getAllStackTraces().keySet().stream()
              .filter(thread -> thread.getName().startsWith("mongolake-conn-"))
              .toList();
      assertThat(connectionThreads).isNotEmpty().noneMatch(Thread::isVirtual);
    }
  }
}
