package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TailTest {
  @TempDir Path dir;

  private static DaktiloOptions options(Durability durability) {
    return DaktiloOptions.defaults().withSegmentSize(8192).withDurability(durability);
  }

  @ParameterizedTest
  @EnumSource(Durability.class)
  void aTailReceivesExistingAndLaterRecordsInOrder(Durability durability) throws Exception {
    try (Daktilo log = Daktilo.open(dir, options(durability))) {
      for (int i = 1; i <= 5; i++) {
        log.append(Payloads.forSequence(i, 40));
      }
      List<LogEntry> received = new CopyOnWriteArrayList<>();
      Thread consumer =
          Thread.ofVirtual()
              .start(
                  () -> {
                    try (LogTail tail = log.tail(3)) {
                      while (received.size() < 200) {
                        received.add(tail.next());
                      }
                    }
                  });
      for (int i = 6; i <= 202; i++) {
        log.append(Payloads.forSequence(i, 40));
      }
      consumer.join(Duration.ofSeconds(30));
      assertThat(received).hasSize(200);
      for (int i = 0; i < 200; i++) {
        assertThat(received.get(i).sequence()).isEqualTo(i + 3);
        assertThat(received.get(i).payload()).isEqualTo(Payloads.forSequence(i + 3, 40));
      }
    }
  }

  @Test
  void aTailFromTheFutureWaitsForTheRecord() {
    try (Daktilo log = Daktilo.open(dir, options(Durability.BATCH));
        LogTail tail = log.tail(3)) {
      assertThat(tail.poll(Duration.ofMillis(20))).isNull();
      log.append(Payloads.of("1"));
      log.append(Payloads.of("2"));
      assertThat(tail.poll(Duration.ofMillis(20))).isNull();
      log.append(Payloads.of("3"));
      LogEntry e = tail.poll(Duration.ofSeconds(10));
      assertThat(e.sequence()).isEqualTo(3);
      assertThat(tail.position()).isEqualTo(4);
    }
  }

  @Test
  void closingTheTailEndsABlockedConsumerWithEndOfStream() throws Exception {
    try (Daktilo log = Daktilo.open(dir, options(Durability.BATCH))) {
      LogTail tail = log.tail(1);
      AtomicReference<Boolean> hasNext = new AtomicReference<>();
      Thread consumer = Thread.ofVirtual().start(() -> hasNext.set(tail.hasNext()));
      await().until(() -> consumer.getState() == Thread.State.WAITING);
      tail.close();
      consumer.join(Duration.ofSeconds(10));
      assertThat(hasNext.get()).isFalse();
    }
  }

  @Test
  void closingTheLogEndsTailsWithLogClosedException() throws Exception {
    Daktilo log = Daktilo.open(dir, options(Durability.BATCH));
    log.append(Payloads.of("a"));
    LogTail tail = log.tail(1);
    assertThat(tail.next().sequence()).isEqualTo(1);
    AtomicReference<Throwable> error = new AtomicReference<>();
    Thread consumer =
        Thread.ofVirtual()
            .start(
                () -> {
                  try {
                    tail.next();
                  } catch (Throwable t) {
                    error.set(t);
                  }
                });
    await().until(() -> consumer.getState() == Thread.State.WAITING);
    log.close();
    consumer.join(Duration.ofSeconds(10));
    assertThat(error.get())
        .isInstanceOf(LogClosedException.class)
        .hasMessageContaining("Cannot read from the tail at sequence 2: the log is closed");
  }

  @Test
  void anInterruptedTailThrowsAndKeepsTheInterruptFlag() throws Exception {
    try (Daktilo log = Daktilo.open(dir, options(Durability.BATCH))) {
      LogTail tail = log.tail(1);
      AtomicReference<Throwable> error = new AtomicReference<>();
      AtomicReference<Boolean> flag = new AtomicReference<>();
      Thread consumer =
          Thread.ofVirtual()
              .start(
                  () -> {
                    try {
                      tail.next();
                    } catch (Throwable t) {
                      error.set(t);
                      flag.set(Thread.currentThread().isInterrupted());
                    }
                  });
      await().until(() -> consumer.getState() == Thread.State.WAITING);
      consumer.interrupt();
      consumer.join(Duration.ofSeconds(10));
      assertThat(error.get())
          .isInstanceOf(DaktiloException.class)
          .hasMessage("Cannot wait for sequence 1 on the tail: the thread was interrupted");
      assertThat(flag.get()).isTrue();
      // The log is unharmed by the interrupt.
      log.append(Payloads.of("x"));
      assertThat(tail.next().sequence()).isEqualTo(1);
    }
  }

  @Test
  void aSlowTailHoldsAtMostItsPrefetchAndNeverBlocksAppenders() {
    DaktiloOptions options =
        options(Durability.ASYNC)
            .withTailPrefetch(8)
            .withCacheBytes(4096)
            .withSegmentSize(64 << 10);
    try (Daktilo log = Daktilo.open(dir, options);
        LogTail tail = log.tail(1)) {
      assertThat(tail.poll(Duration.ZERO)).isNull();
      for (int i = 1; i <= 2000; i++) {
        log.append(Payloads.forSequence(i, 100));
      }
      // The appender finished although nobody consumed; the tail buffers at most 8 records.
      LogEntry first = tail.next();
      assertThat(first.sequence()).isEqualTo(1);
      assertThat(tail.position()).isEqualTo(2);
      assertThat(BufferPeek.buffered(tail)).isLessThanOrEqualTo(8);
      for (int i = 2; i <= 2000; i++) {
        LogEntry e = tail.next();
        assertThat(e.sequence()).isEqualTo(i);
        assertThat(BufferPeek.buffered(tail)).isLessThanOrEqualTo(8);
      }
    }
  }

  @Test
  void aTailBelowTheCompactionPointFailsClearly() {
    DaktiloOptions options = options(Durability.ASYNC).withSegmentSize(4096);
    try (Daktilo log = Daktilo.open(dir, options)) {
      LogTail tail = log.tail(1);
      for (int i = 1; i <= 60; i++) {
        log.append(Payloads.forSequence(i, 180));
      }
      log.checkpoint(60);
      log.compact();
      assertThatThrownBy(tail::next)
          .isInstanceOf(CompactedSequenceException.class)
          .hasMessageContaining("Cannot read sequence 1: it was compacted away");
    }
  }
}
