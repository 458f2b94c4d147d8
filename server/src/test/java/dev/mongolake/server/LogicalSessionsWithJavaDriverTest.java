package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.mongodb.MongoCommandException;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.delta.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The logical session cache: sessions start, are refreshed by use and {@code refreshSessions}, end
 * with {@code endSessions}, {@code killSessions} and {@code killAllSessions}, and expire after
 * {@code logicalSessionTimeoutMinutes} unused, taking their cursors with them.
 */
class LogicalSessionsWithJavaDriverTest {

  private static final int TIMEOUT_MINUTES = 5;

  @TempDir Path data;
  private final MutableClock clock = new MutableClock(Instant.parse("2025-01-01T00:00:00Z"));
  private MongoLakeServer server;
  private MongoClient client;
  private MongoDatabase admin;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
                .withReplication(new ReplicationConfig(null, null, TIMEOUT_MINUTES)),
            "test",
            clock,
            Duration.ofMillis(50));
    client =
        MongoClients.create(
            "mongodb://127.0.0.1:" + server.port() + "/?serverSelectionTimeoutMS=5000");
    admin = client.getDatabase("admin");
    client
        .getDatabase("app")
        .getCollection("items")
        .insertMany(IntStream.range(0, 10).mapToObj(i -> new Document("_id", i)).toList());
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private long activeSessions() {
    return admin
        .runCommand(new Document("serverStatus", 1))
        .get("logicalSessionRecordCache", Document.class)
        .getLong("activeSessionsCount");
  }

  @Test
  void theTimeoutIsReportedAndStartSessionReturnsANewSession() {
    assertThat(
            admin.runCommand(new Document("hello", 1)).getInteger("logicalSessionTimeoutMinutes"))
        .isEqualTo(TIMEOUT_MINUTES);
    Document started = admin.runCommand(new Document("startSession", 1));
    assertThat(started.getInteger("timeoutMinutes")).isEqualTo(TIMEOUT_MINUTES);
    org.bson.types.Binary id =
        started.get("id", Document.class).get("id", org.bson.types.Binary.class);
    assertThat(id.getType()).isEqualTo((byte) 4);
    assertThat(id.getData()).hasSize(16);
  }

  @Test
  void aSessionUnusedPastTheTimeoutExpiresWithItsCursors() {
    try (ClientSession session = client.startSession()) {
      MongoCursor<Document> cursor =
          client.getDatabase("app").getCollection("items").find(session).batchSize(2).iterator();
      cursor.next();
      long before = activeSessions();

      clock.advance(Duration.ofMinutes(TIMEOUT_MINUTES + 1));

      // The driver's own implicit sessions expire too; what counts is that this one does.
      await().atMost(Duration.ofSeconds(10)).until(() -> activeSessions() < before);
      assertThatThrownBy(
              () -> {
                while (cursor.hasNext()) {
                  cursor.next();
                }
              })
          .isInstanceOfSatisfying(
              com.mongodb.MongoCursorNotFoundException.class,
              e -> assertThat(e.getCode()).isEqualTo(43));
    }
  }

  @Test
  void refreshSessionsKeepsASessionAlive() {
    Document started = admin.runCommand(new Document("startSession", 1));
    Document id = started.get("id", Document.class);
    long withIt = activeSessions();

    clock.advance(Duration.ofMinutes(TIMEOUT_MINUTES - 1));
    admin.runCommand(new Document("refreshSessions", List.of(id)));
    clock.advance(Duration.ofMinutes(TIMEOUT_MINUTES - 1));
    // Every other session (the driver's) has now been unused past the timeout; this one has not.
    await().atMost(Duration.ofSeconds(10)).until(() -> activeSessions() <= 2);

    admin.runCommand(new Document("endSessions", List.of(id)));
    assertThat(activeSessions()).isLessThan(withIt);
  }

  @Test
  void killAllSessionsEndsEverySession() {
    admin.runCommand(new Document("startSession", 1));
    assertThat(activeSessions()).isPositive();
    admin.runCommand(new Document("killAllSessions", List.of()));
    // The serverStatus itself runs in a session the driver keeps: it starts again.
    assertThat(activeSessions()).isLessThanOrEqualTo(1);
  }

  @Test
  void killAllSessionsByPatternEndsTheNamedSessionWithItsCursorsAndNoOther() {
    var items = client.getDatabase("app").getCollection("items");
    try (ClientSession doomed = client.startSession();
        ClientSession kept = client.startSession()) {
      MongoCursor<Document> doomedCursor = items.find(doomed).batchSize(1).iterator();
      MongoCursor<Document> keptCursor = items.find(kept).batchSize(1).iterator();
      doomedCursor.next();
      keptCursor.next();

      admin.runCommand(
          new BsonDocument(
              "killAllSessionsByPattern",
              new org.bson.BsonArray(
                  List.of(new BsonDocument("lsid", doomed.getServerSession().getIdentifier())))));

      assertThatThrownBy(
              () -> {
                while (doomedCursor.hasNext()) {
                  doomedCursor.next();
                }
              })
          .isInstanceOfSatisfying(
              com.mongodb.MongoCursorNotFoundException.class,
              e -> assertThat(e.getCode()).isEqualTo(43));
      int rest = 0;
      while (keptCursor.hasNext()) {
        keptCursor.next();
        rest++;
      }
      assertThat(rest).isEqualTo(9);
    }
  }

  @Test
  void killAllSessionsByPatternWithTheUidOfNoUserEndsEverySessionWhileAuthIsOff() throws Exception {
    admin.runCommand(new Document("startSession", 1));
    byte[] noUser = java.security.MessageDigest.getInstance("SHA-256").digest(new byte[0]);
    admin.runCommand(
        new BsonDocument(
            "killAllSessionsByPattern",
            new org.bson.BsonArray(List.of(new BsonDocument("uid", new BsonBinary(noUser))))));
    assertThat(activeSessions()).isLessThanOrEqualTo(1);
  }

  @Test
  void killAllSessionsByPatternRefusesImpersonationAndUnknownFieldsByName() {
    BsonDocument byUsers =
        BsonDocument.parse("{killAllSessionsByPattern: [{users: [{user: 'a', db: 'admin'}]}]}");
    assertThatThrownBy(() -> admin.runCommand(byUsers))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(238);
              assertThat(e.getErrorMessage()).contains("'users'");
            });
    BsonDocument unknown = BsonDocument.parse("{killAllSessionsByPattern: [{user: 'a'}]}");
    assertThatThrownBy(() -> admin.runCommand(unknown))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(40415));
  }

  @Test
  void aSessionIdThatIsNotAUuidIsRefused() {
    BsonDocument refresh =
        new BsonDocument(
            "refreshSessions",
            new org.bson.BsonArray(
                List.of(new BsonDocument("id", new BsonBinary(new byte[] {1, 2})))));
    assertThatThrownBy(() -> admin.runCommand(refresh))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(14));
  }
}
