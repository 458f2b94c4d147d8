package dev.mongolake.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.mongolake.Namespace;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writers wait while the buffers are over their limit, until a flush catches up. */
class WriteStallTest {

  private static final Namespace EVENTS = new Namespace("app", "events");
  private static final long LIMIT = 64 * 1024;

  @TempDir Path root;
  private Engine engine;
  private final AtomicInteger flushRequests = new AtomicInteger();
  private int nextId;

  @BeforeEach
  void open() {
    engine = Engine.open(root, Durability.BATCH, Clock.systemUTC());
    engine.flusher().limitBuffers(LIMIT, flushRequests::incrementAndGet);
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void writesSayTheyWouldStallOnceTheBuffersReachTheLimitAndNotAfterAFlush() {
    assertThat(engine.flusher().writesWouldStall()).isFalse();

    fillToTheLimit();
    assertThat(engine.flusher().writesWouldStall()).isTrue();

    engine.flusher().flushToTables();
    assertThat(engine.flusher().writesWouldStall()).isFalse();
  }

  @Test
  void aWriteOverTheLimitAsksForAFlushAndWaitsForIt() throws Exception {
    fillToTheLimit();

    CompletableFuture<?> write = insertInBackground();
    await().atMost(30, TimeUnit.SECONDS).until(() -> flushRequests.get() > 0);
    // Still waiting: nothing has flushed.
    assertThat(write).isNotDone();

    engine.flusher().flushToTables();

    write.get(30, TimeUnit.SECONDS);
    assertThat(engine.flusher().bufferedBytes()).isLessThan(LIMIT);
    assertThat(engine.flusher().writeStalls().stalls()).isEqualTo(1);
    assertThat(count()).isEqualTo(nextId);
  }

  @Test
  void aWriterWhoseOwnCursorPinsTheBufferGoesOnAfterOneFlush() throws Exception {
    fillToTheLimit();
    // An open scan pins the buffered versions: the flush cannot release them.
    try (CloseableIterator<BsonDocument> cursor =
        engine.reads().scan(EVENTS, engine.reads().readSequence())) {
      assertThat(cursor.hasNext()).isTrue();
      CompletableFuture<?> write = insertInBackground();
      await().atMost(30, TimeUnit.SECONDS).until(() -> flushRequests.get() > 0);

      engine.flusher().flushToTables();

      write.get(30, TimeUnit.SECONDS);
      assertThat(engine.flusher().bufferedBytes()).isGreaterThanOrEqualTo(LIMIT);
    }
    assertThat(count()).isEqualTo(nextId);
  }

  @Test
  void writesUnderTheLimitNeverWait() {
    for (int i = 0; i < 10; i++) {
      insert(10);
    }
    assertThat(engine.flusher().bufferedBytes()).isLessThan(LIMIT);
    assertThat(flushRequests.get()).isZero();
    assertThat(engine.flusher().writeStalls().stalls()).isZero();
  }

  private void fillToTheLimit() {
    while (engine.flusher().bufferedBytes() < LIMIT) {
      insert(50);
    }
  }

  private CompletableFuture<?> insertInBackground() {
    int id = nextId++;
    return CompletableFuture.runAsync(
        () -> engine.writes().insert(EVENTS, List.of(document(id)), true),
        runnable -> Thread.ofPlatform().start(runnable));
  }

  private void insert(int documents) {
    List<BsonDocument> batch = new ArrayList<>();
    for (int i = 0; i < documents; i++) {
      batch.add(document(nextId++));
    }
    engine.writes().insert(EVENTS, batch, true);
  }

  private static BsonDocument document(int id) {
    return new BsonDocument("_id", new BsonInt32(id))
        .append("text", new BsonString("x".repeat(200)));
  }

  private long count() {
    long n = 0;
    try (CloseableIterator<BsonDocument> all =
        engine.reads().scan(EVENTS, engine.reads().readSequence())) {
      while (all.hasNext()) {
        all.next();
        n++;
      }
    }
    return n;
  }
}
