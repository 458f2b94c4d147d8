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
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import org.bson.Document;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Concurrent driver clients against each way of serving connections. */
class ConnectionThreadsTest {

  private static final int CLIENTS = 8;
  private static final int DOCUMENTS_PER_CLIENT = 200;

  @TempDir Path data;

  @ParameterizedTest
  @EnumSource(ConnectionThreads.class)
  void concurrentClientsWriteAndReadTheirOwnDocuments(ConnectionThreads threads) throws Exception {
    ServerConfig config =
        new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
            .withConnectionThreads(threads);
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
      // Virtual threads are not listed: a platform-thread server shows its connection threads, an
      // event-loop server its loops, a virtual-thread server neither.
      Set<Thread> platformThreads = Thread.getAllStackTraces().keySet();
      assertThat(platformThreads.stream().anyMatch(named("mongolake-conn-")))
          .isEqualTo(threads == ConnectionThreads.PLATFORM);
      assertThat(platformThreads.stream().anyMatch(named("mongolake-loop-")))
          .isEqualTo(threads == ConnectionThreads.EVENT_LOOP);
    }
  }

  private static Predicate<Thread> named(String prefix) {
    return thread -> thread.getName().startsWith(prefix);
  }
}
