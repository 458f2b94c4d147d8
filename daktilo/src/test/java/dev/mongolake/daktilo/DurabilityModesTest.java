package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DurabilityModesTest {
  @TempDir Path dir;

  private DaktiloOptions options(Durability durability) {
    return DaktiloOptions.defaults().withSegmentSize(16 * 1024).withDurability(durability);
  }

  @ParameterizedTest
  @EnumSource(Durability.class)
  void everyModeAcknowledgesAppendsThatSurviveReopen(Durability durability) {
    try (Daktilo log = Daktilo.open(dir, options(durability))) {
      for (int i = 1; i <= 200; i++) {
        assertThat(log.append(Payloads.forSequence(i, 90))).isEqualTo(i);
      }
      assertThat(log.lastSequence()).isEqualTo(200);
      log.flush();
    }
    try (Daktilo log = Daktilo.open(dir, options(durability))) {
      assertThat(log.lastSequence()).isEqualTo(200);
      for (int i = 1; i <= 200; i++) {
        assertThat(log.read(i).payload()).isEqualTo(Payloads.forSequence(i, 90));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Durability.class)
  void appendAsyncCompletesWithTheSequenceInCallOrder(Durability durability) {
    try (Daktilo log = Daktilo.open(dir, options(durability))) {
      List<CompletableFuture<Long>> futures = new ArrayList<>();
      for (int i = 1; i <= 50; i++) {
        futures.add(log.appendAsync(Payloads.forSequence(i, 10)));
      }
      for (int i = 1; i <= 50; i++) {
        assertThat(futures.get(i - 1).join()).isEqualTo(i);
      }
      assertThat(log.read(50).payload()).isEqualTo(Payloads.forSequence(50, 10));
    }
  }

  @Test
  void asyncModeFlushesPeriodicallyAndOnFlush() {
    DaktiloOptions options =
        options(Durability.ASYNC).withAsyncFlushInterval(Duration.ofMillis(10));
    try (Daktilo log = Daktilo.open(dir, options)) {
      log.append(Payloads.of("a"));
      // Acknowledged at once: visible before any device flush.
      assertThat(log.lastSequence()).isEqualTo(1);
      log.flush();
      assertThat(log.read(1).payload()).isEqualTo(Payloads.of("a"));
    }
  }

  @Test
  void batchModeSharesDeviceFlushesBetweenConcurrentAppenders() throws Exception {
    try (Daktilo log = Daktilo.open(dir, options(Durability.BATCH).withSegmentSize(1 << 20))) {
      int threads = 64;
      int each = 20;
      List<Thread> started = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        started.add(
            Thread.ofVirtual()
                .start(
                    () -> {
                      for (int i = 0; i < each; i++) {
                        log.append(new byte[100]);
                      }
                    }));
      }
      for (Thread t : started) {
        t.join();
      }
      assertThat(log.lastSequence()).isEqualTo(threads * each);
      long syncs = SyncCounter.of(log);
      assertThat(syncs).isLessThan(threads * each);
    }
  }

  @Test
  void appendingFromACallbackOnTheSyncThreadFailsInsteadOfDeadlocking() {
    try (Daktilo log = Daktilo.open(dir, options(Durability.BATCH))) {
      AtomicReference<String> ranOn = new AtomicReference<>();
      CompletableFuture<Long> nested =
          log.appendAsync(Payloads.of("a"))
              .thenApply(
                  seq -> {
                    ranOn.set(Thread.currentThread().getName());
                    return log.append(Payloads.of("b"));
                  });
      // The callback runs on the sync thread unless the future completed before it was attached,
      // in which case it ran right here and the nested append was legal.
      Thread caller = Thread.currentThread();
      boolean ranHere =
          nested.isDone()
              && !nested.isCompletedExceptionally()
              && caller.getName().equals(ranOn.get());
      if (!ranHere) {
        assertThatThrownBy(nested::join)
            .hasCauseInstanceOf(IllegalStateException.class)
            .hasMessageContaining(
                "Cannot append or flush from a callback on the log's sync thread");
        assertThat(ranOn.get()).startsWith("daktilo-sync-");
      }
      CompletableFuture<Long> viaExecutor =
          log.appendAsync(Payloads.of("c")).thenApplyAsync(seq -> log.append(Payloads.of("d")));
      assertThat(viaExecutor.join()).isEqualTo(log.lastSequence());
    }
  }
}
