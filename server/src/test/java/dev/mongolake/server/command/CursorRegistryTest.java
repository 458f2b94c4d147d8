package dev.mongolake.server.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.junit.jupiter.api.Test;

/** Cursor lifetimes: idle timeout, noCursorTimeout, kills by session, kills during a batch. */
class CursorRegistryTest {

  private static final String NAMESPACE = "app.items";
  private static final LogicalSessionId SESSION = new LogicalSessionId(UUID.randomUUID());
  private static final LogicalSessionId OTHER_SESSION = new LogicalSessionId(UUID.randomUUID());

  private final MutableClock clock = new MutableClock(Instant.parse("2025-01-01T00:00:00Z"));
  private final CursorRegistry cursors = new CursorRegistry(clock, CursorRegistry.DEFAULT_TIMEOUT);

  @Test
  void reapIdleClosesACursorIdleLongerThanTheTimeoutAndCountsIt() {
    Results results = new Results(10);
    long id = open(results, CursorOwner.NONE, false);

    clock.advance(CursorRegistry.DEFAULT_TIMEOUT);
    assertThat(cursors.reapIdle()).as("idle exactly the timeout").isZero();
    clock.advance(Duration.ofMillis(1));

    assertThat(cursors.reapIdle()).isEqualTo(1);
    assertThat(results.closes.get()).isEqualTo(1);
    assertThat(cursors.openCount()).isZero();
    assertThat(cursors.timedOutCount()).isEqualTo(1);
    assertThatThrownBy(() -> cursors.nextBatch(id, NAMESPACE, 2, Set.of()))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.CURSOR_NOT_FOUND))
        .hasMessage("cursor id " + id + " not found");
  }

  @Test
  void eachBatchRestartsTheIdleTime() {
    long id = open(new Results(10), CursorOwner.NONE, false);
    clock.advance(Duration.ofMinutes(9));
    cursors.nextBatch(id, NAMESPACE, 2, Set.of());
    clock.advance(Duration.ofMinutes(9));

    assertThat(cursors.reapIdle()).isZero();
    assertThat(cursors.openCount()).isEqualTo(1);
  }

  @Test
  void aNoTimeoutCursorIsNeverReapedAndIsCountedAsSuch() {
    Results results = new Results(10);
    long id = open(results, CursorOwner.NONE, true);
    open(new Results(10), CursorOwner.NONE, false);

    assertThat(cursors.openWithoutTimeoutCount()).isEqualTo(1);
    clock.advance(Duration.ofDays(3));

    assertThat(cursors.reapIdle()).isEqualTo(1);
    assertThat(cursors.openCount()).isEqualTo(1);
    assertThat(results.closes.get()).isZero();
    BsonDocument next = cursors.nextBatch(id, NAMESPACE, 2, Set.of());
    assertThat(next.getDocument("cursor").getArray("nextBatch")).hasSize(2);
    assertThat(cursors.openedCount()).isEqualTo(2);
  }

  @Test
  void endingASessionKillsItsCursorsOnly() {
    Results inSession = new Results(10);
    Results otherSession = new Results(10);
    Results noSession = new Results(10);
    open(inSession, new CursorOwner(Set.of(), SESSION), false);
    open(otherSession, new CursorOwner(Set.of(), OTHER_SESSION), false);
    open(noSession, CursorOwner.NONE, false);

    assertThat(cursors.killSessions(List.of(SESSION), Set.of())).isEqualTo(1);

    assertThat(inSession.closes.get()).isEqualTo(1);
    assertThat(otherSession.closes.get() + noSession.closes.get()).isZero();
    assertThat(cursors.openCount()).isEqualTo(2);
  }

  @Test
  void aUserEndsOnlyTheCursorsItOpenedInASession() {
    Results ada = new Results(10);
    Results bob = new Results(10);
    open(ada, new CursorOwner(Set.of("admin.ada"), SESSION), false);
    open(bob, new CursorOwner(Set.of("admin.bob"), SESSION), false);

    assertThat(cursors.killSessions(List.of(SESSION), Set.of("admin.bob"))).isEqualTo(1);
    assertThat(cursors.killSessionsOf(Set.of("admin.bob"))).isZero();

    assertThat(bob.closes.get()).isEqualTo(1);
    assertThat(ada.closes.get()).isZero();
    assertThat(cursors.killAllSessions(owners -> true)).isEqualTo(1);
    assertThat(ada.closes.get()).isEqualTo(1);
  }

  @Test
  void aCursorKilledDuringABatchStopsAtTheNextDocumentAndIsReleasedOnce() throws Exception {
    Results results = new Results(100);
    long id = open(results, new CursorOwner(Set.of(), SESSION), false);
    results.pauseAt(5);
    CompletableFuture<BsonDocument> batch =
        CompletableFuture.supplyAsync(() -> cursors.nextBatch(id, NAMESPACE, 50, Set.of()));
    assertThat(results.paused.await(10, TimeUnit.SECONDS)).isTrue();

    // Busy: the reaper passes it by; a kill takes it out and leaves the release to the batch.
    clock.advance(Duration.ofHours(1));
    assertThat(cursors.reapIdle()).isZero();
    assertThat(cursors.killSessions(List.of(SESSION), Set.of())).isEqualTo(1);
    assertThat(results.closes.get()).isZero();
    results.resume.countDown();

    assertThatThrownBy(() -> batch.get(10, TimeUnit.SECONDS))
        .cause()
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.CURSOR_KILLED))
        .hasMessage("cursor id " + id + " was killed during getMore");
    assertThat(results.closes.get()).isEqualTo(1);
    assertThat(cursors.openCount()).isZero();
  }

  private long open(Results results, CursorOwner owner, boolean noTimeout) {
    BsonDocument reply = cursors.firstBatch(NAMESPACE, results, 2, false, owner, noTimeout);
    long id = reply.getDocument("cursor").getInt64("id").getValue();
    assertThat(id).isNotZero();
    return id;
  }

  /** Numbered documents that count how often they are closed; may pause before one of them. */
  private static final class Results implements Iterator<BsonDocument>, AutoCloseable {
    final AtomicInteger closes = new AtomicInteger();
    final CountDownLatch paused = new CountDownLatch(1);
    final CountDownLatch resume = new CountDownLatch(1);
    private final int size;
    private volatile int pauseAt = -1;
    private int next;

    Results(int size) {
      this.size = size;
    }

    void pauseAt(int index) {
      pauseAt = index;
    }

    @Override
    public boolean hasNext() {
      return next < size;
    }

    @Override
    public BsonDocument next() {
      if (next == pauseAt) {
        paused.countDown();
        try {
          resume.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException(e);
        }
      }
      return new BsonDocument("_id", new BsonInt32(next++));
    }

    @Override
    public void close() {
      closes.incrementAndGet();
    }
  }
}
