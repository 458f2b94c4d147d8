package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoServerException;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.delta.MutableClock;
import dev.mongolake.server.command.CursorRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How long cursors live, through the official Java driver: idle ones time out in the background,
 * {@code noCursorTimeout} ones do not, and a session's cursors end with it.
 */
class CursorLifetimeWithJavaDriverTest {

  private static final Duration PAST_THE_TIMEOUT =
      CursorRegistry.DEFAULT_TIMEOUT.plus(Duration.ofSeconds(1));

  @TempDir Path data;
  private final MutableClock clock = new MutableClock(Instant.parse("2025-01-01T00:00:00Z"));
  private MongoLakeServer server;
  private MongoClient observer;
  private MongoDatabase app;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test",
            clock,
            Duration.ofMillis(50));
    observer = MongoClients.create(uri());
    app = observer.getDatabase("app");
    app.getCollection("items")
        .insertMany(IntStream.range(0, 10).mapToObj(i -> new Document("_id", i)).toList());
  }

  @AfterEach
  void stop() {
    observer.close();
    server.close();
  }

  @Test
  void aCursorLeftOpenByAClientThatClosedIsClosedOnceIdlePastTheTimeout() {
    long id;
    try (MongoClient leaving = MongoClients.create(uri())) {
      MongoCursor<Document> cursor = items(leaving).find().batchSize(2).iterator();
      cursor.next();
      id = cursor.getServerCursor().getId();
    }
    assertThat(openCursors()).isEqualTo(1);

    // No cursor command runs from now on: the server's monitor finds the cursor idle by itself.
    clock.advance(PAST_THE_TIMEOUT);

    await().atMost(Duration.ofSeconds(10)).until(() -> openCursors() == 0);
    assertThat(cursorMetrics().getLong("timedOut")).isEqualTo(1);
    assertThatThrownBy(() -> app.runCommand(getMore(id)))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(43);
              assertThat(e.getErrorCodeName()).isEqualTo("CursorNotFound");
              assertThat(e.getErrorMessage()).isEqualTo("cursor id " + id + " not found");
            });
  }

  @Test
  void aNoCursorTimeoutCursorOutlivesTheTimeoutAndItsGetMoreStillWorks() {
    MongoCursor<Document> kept =
        items(observer).find().noCursorTimeout(true).batchSize(2).iterator();
    MongoCursor<Document> probe = items(observer).find().batchSize(2).iterator();
    kept.next();
    probe.next();
    assertThat(cursorMetrics().get("open", Document.class))
        .containsEntry("noTimeout", 1L)
        .containsEntry("total", 2L);

    // Past the cursor timeout, within the session's: an expired session takes even this cursor.
    clock.advance(Duration.ofMinutes(20));

    // Once the monitor has closed the other cursor, it has passed this one by.
    await().atMost(Duration.ofSeconds(10)).until(() -> cursorMetrics().getLong("timedOut") == 1);
    assertThat(openCursors()).isEqualTo(1);
    List<Integer> ids = new ArrayList<>(List.of(0));
    kept.forEachRemaining(document -> ids.add(document.getInteger("_id")));
    assertThat(ids).containsExactlyElementsOf(IntStream.range(0, 10).boxed().toList());
    assertThat(openCursors()).isZero();
  }

  @Test
  void endSessionsKillsTheCursorsOfTheSessionsItEnds() {
    try (MongoClient client = MongoClients.create(uri());
        ClientSession session = client.startSession();
        ClientSession other = client.startSession()) {
      MongoCursor<Document> ended = items(client).find(session).batchSize(2).iterator();
      MongoCursor<Document> kept = items(client).find(other).batchSize(2).iterator();
      ended.next();
      kept.next();

      observer
          .getDatabase("admin")
          .runCommand(
              new Document("endSessions", List.of(session.getServerSession().getIdentifier())));

      assertThat(openCursors()).isEqualTo(1);
      ended.next();
      assertThatThrownBy(ended::next)
          .isInstanceOfSatisfying(
              MongoServerException.class, e -> assertThat(e.getCode()).isEqualTo(43));
      assertThat(kept.next().getInteger("_id")).isEqualTo(1);
      assertThat(kept.next().getInteger("_id")).isEqualTo(2);
    }
  }

  @Test
  void killSessionsKillsTheCursorsOfTheSessionsItKills() {
    try (MongoClient client = MongoClients.create(uri());
        ClientSession session = client.startSession()) {
      items(client).find(session).batchSize(2).iterator().next();

      observer
          .getDatabase("admin")
          .runCommand(
              new Document("killSessions", List.of(session.getServerSession().getIdentifier())));

      assertThat(openCursors()).isZero();
    }
  }

  @Test
  void closingTheClientEndsItsSessionsAndWithThemTheirCursors() {
    MongoClient client = MongoClients.create(uri());
    ClientSession session = client.startSession();
    items(client).find(session).batchSize(2).iterator().next();
    assertThat(openCursors()).isEqualTo(1);

    // The session goes back to the pool; closing the client sends endSessions for the pool.
    session.close();
    client.close();

    await().atMost(Duration.ofSeconds(10)).until(() -> openCursors() == 0);
    assertThat(cursorMetrics().getLong("timedOut")).isZero();
  }

  @Test
  void findRefusesANoCursorTimeoutThatIsNotABoolean() {
    assertThatThrownBy(
            () -> app.runCommand(new Document("find", "items").append("noCursorTimeout", 1)))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(14);
              assertThat(e.getErrorMessage())
                  .isEqualTo("Field 'noCursorTimeout' should be a boolean value, but found: int");
            });
  }

  @Test
  void aggregateRefusesNoCursorTimeoutAsMongoDbDoes() {
    assertThatThrownBy(
            () ->
                app.runCommand(
                    new Document("aggregate", "items")
                        .append("pipeline", List.of())
                        .append("cursor", new Document())
                        .append("noCursorTimeout", true)))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(40415);
              assertThat(e.getErrorMessage())
                  .isEqualTo("BSON field 'aggregate.noCursorTimeout' is an unknown field.");
            });
  }

  private String uri() {
    return server.connectionString() + "?serverSelectionTimeoutMS=5000";
  }

  private static MongoCollection<Document> items(MongoClient client) {
    return client.getDatabase("app").getCollection("items");
  }

  private static Document getMore(long id) {
    return new Document("getMore", id).append("collection", "items");
  }

  private Document cursorMetrics() {
    return observer
        .getDatabase("admin")
        .runCommand(new Document("serverStatus", 1))
        .get("metrics", Document.class)
        .get("cursor", Document.class);
  }

  private long openCursors() {
    return cursorMetrics().get("open", Document.class).getLong("total");
  }
}
