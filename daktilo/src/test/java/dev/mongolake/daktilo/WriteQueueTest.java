package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The write queue under many producers: ordering, completeness, and closing under load. */
class WriteQueueTest {
  private static final Duration HANG_GUARD = Duration.ofMinutes(2);

  @TempDir Path dir;

  /** What one producer was told: sequences in acknowledgement order and their payloads. */
  private record Acknowledged(List<Long> sequences, List<String> payloads) {}

  @ParameterizedTest
  @EnumSource(Durability.class)
  void manyVirtualThreadProducersGetIncreasingGaplessSequencesAcrossSegmentRolls(
      Durability durability) throws Exception {
    // Small segments: the producers roll the log many times while they race.
    DaktiloOptions options =
        DaktiloOptions.defaults().withSegmentSize(16 * 1024).withDurability(durability);
    int producers = 256;
    int each = 12;
    Map<Integer, Acknowledged> byProducer = new ConcurrentHashMap<>();
    try (Daktilo log = Daktilo.open(dir, options)) {
      List<Thread> threads = new ArrayList<>();
      for (int p = 0; p < producers; p++) {
        int producer = p;
        threads.add(
            Thread.ofVirtual()
                .start(
                    () -> {
                      Acknowledged acks = new Acknowledged(new ArrayList<>(), new ArrayList<>());
                      for (int i = 0; i < each; i++) {
                        String text = producer + ":" + i;
                        switch (i % 3) {
                          case 0 -> acks.sequences().add(log.append(Payloads.of(text)));
                          case 1 -> {
                            long[] seqs =
                                log.appendMany(
                                    List.of(Payloads.of(text + "a"), Payloads.of(text + "b")));
                            assertThat(seqs[1]).isEqualTo(seqs[0] + 1);
                            acks.sequences().add(seqs[0]);
                            acks.payloads().add(text + "a");
                            acks.sequences().add(seqs[1]);
                            text = text + "b";
                          }
                          default ->
                              acks.sequences().add(log.appendAsync(Payloads.of(text)).join());
                        }
                        acks.payloads().add(text);
                      }
                      byProducer.put(producer, acks);
                    }));
      }
      for (Thread t : threads) {
        t.join(HANG_GUARD);
        assertThat(t.isAlive()).as("producer finished").isFalse();
      }
      assertThat(byProducer).hasSize(producers);
      long total = byProducer.values().stream().mapToLong(a -> a.sequences().size()).sum();
      assertThat(log.lastSequence()).isEqualTo(total);
      assertEveryProducerSawIncreasingSequencesOfItsOwnRecords(log, byProducer, total);
    }
    try (Daktilo reopened = Daktilo.open(dir, options)) {
      long total = byProducer.values().stream().mapToLong(a -> a.sequences().size()).sum();
      assertThat(reopened.lastSequence()).isEqualTo(total);
      assertEveryProducerSawIncreasingSequencesOfItsOwnRecords(reopened, byProducer, total);
    }
  }

  private static void assertEveryProducerSawIncreasingSequencesOfItsOwnRecords(
      Daktilo log, Map<Integer, Acknowledged> byProducer, long total) {
    boolean[] seen = new boolean[(int) total + 1];
    for (Acknowledged acks : byProducer.values()) {
      long previous = 0;
      for (int i = 0; i < acks.sequences().size(); i++) {
        long seq = acks.sequences().get(i);
        assertThat(seq).as("acknowledged in sequence order").isGreaterThan(previous);
        previous = seq;
        assertThat(seen[(int) seq]).as("sequence %d handed out once", seq).isFalse();
        seen[(int) seq] = true;
        assertThat(Payloads.text(log.read(seq))).isEqualTo(acks.payloads().get(i));
      }
    }
    for (int seq = 1; seq <= total; seq++) {
      assertThat(seen[seq]).as("sequence %d acknowledged to someone (no gap)", seq).isTrue();
    }
    assertThat(log.range(1, total).count()).isEqualTo(total);
  }

  @ParameterizedTest
  @EnumSource(Durability.class)
  void closeWhileProducersAreBlockedCompletesOrRejectsEveryAppend(Durability durability)
      throws Exception {
    DaktiloOptions options =
        DaktiloOptions.defaults().withSegmentSize(64 * 1024).withDurability(durability);
    int producers = 64;
    Map<Long, String> acknowledged = new ConcurrentHashMap<>();
    AtomicReference<Throwable> unexpected = new AtomicReference<>();
    CountDownLatch running = new CountDownLatch(producers);
    List<Thread> threads = new ArrayList<>();
    Daktilo log = Daktilo.open(dir, options);
    for (int p = 0; p < producers; p++) {
      int producer = p;
      threads.add(
          Thread.ofVirtual()
              .start(
                  () -> {
                    running.countDown();
                    for (int i = 0; ; i++) {
                      String text = producer + ":" + i;
                      try {
                        long seq =
                            i % 2 == 0
                                ? log.append(Payloads.of(text))
                                : log.appendAsync(Payloads.of(text)).join();
                        acknowledged.put(seq, text);
                      } catch (LogClosedException | CompletionException e) {
                        Throwable cause = e instanceof CompletionException ? e.getCause() : e;
                        if (!(cause instanceof LogClosedException)) {
                          unexpected.compareAndSet(null, cause);
                        }
                        return;
                      } catch (Throwable t) {
                        unexpected.compareAndSet(null, t);
                        return;
                      }
                    }
                  }));
    }
    running.await();
    await().atMost(HANG_GUARD).until(() -> acknowledged.size() >= 2 * producers);
    log.close();
    for (Thread t : threads) {
      t.join(HANG_GUARD);
      assertThat(t.isAlive()).as("producer released by close()").isFalse();
    }
    assertThat(unexpected.get()).isNull();
    try (Daktilo reopened = Daktilo.open(dir, options)) {
      // Every acknowledged append is there, intact; nothing beyond was half written.
      assertThat(reopened.lastSequence()).isGreaterThanOrEqualTo(acknowledged.size());
      acknowledged.forEach(
          (seq, text) -> assertThat(Payloads.text(reopened.read(seq))).isEqualTo(text));
    }
  }

  @ParameterizedTest
  @EnumSource(Durability.class)
  void flushRacingWithCloseReturnsOrRejectsButNeverHangs(Durability durability) throws Exception {
    Daktilo log = Daktilo.open(dir, DaktiloOptions.defaults().withDurability(durability));
    AtomicReference<Throwable> unexpected = new AtomicReference<>();
    CountDownLatch running = new CountDownLatch(8);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 8; t++) {
      threads.add(
          Thread.ofVirtual()
              .start(
                  () -> {
                    running.countDown();
                    try {
                      while (true) {
                        log.append(new byte[16]);
                        log.flush();
                      }
                    } catch (LogClosedException expected) {
                      // the log closed under us: the clean way out
                    } catch (Throwable e) {
                      unexpected.compareAndSet(null, e);
                    }
                  }));
    }
    running.await();
    log.close();
    for (Thread t : threads) {
      t.join(HANG_GUARD);
      assertThat(t.isAlive()).as("flusher released by close()").isFalse();
    }
    assertThat(unexpected.get()).isNull();
  }

  @Test
  void appendAsyncKeepsThePayloadItWasGivenWhenTheCallerReusesTheArray() {
    try (Daktilo log =
        Daktilo.open(dir, DaktiloOptions.defaults().withDurability(Durability.BATCH))) {
      byte[] buffer = Payloads.of("first");
      CompletableFuture<Long> first = log.appendAsync(buffer);
      Arrays.fill(buffer, (byte) 'x');
      assertThat(Payloads.text(log.read(first.join()))).isEqualTo("first");
    }
  }

  @ParameterizedTest
  @EnumSource(Durability.class)
  void appendsRacingWithFlushAreAllDurableOnceTheirCallsReturn(Durability durability)
      throws Exception {
    DaktiloOptions options =
        DaktiloOptions.defaults().withSegmentSize(32 * 1024).withDurability(durability);
    AtomicBoolean stop = new AtomicBoolean();
    try (Daktilo log = Daktilo.open(dir, options)) {
      List<Thread> threads = new ArrayList<>();
      for (int p = 0; p < 16; p++) {
        threads.add(
            Thread.ofVirtual()
                .start(
                    () -> {
                      for (int i = 0; i < 50; i++) {
                        log.append(new byte[200]);
                      }
                    }));
      }
      Thread flusher =
          Thread.ofVirtual()
              .start(
                  () -> {
                    while (!stop.get()) {
                      log.flush();
                    }
                  });
      for (Thread t : threads) {
        t.join(HANG_GUARD);
        assertThat(t.isAlive()).isFalse();
      }
      stop.set(true);
      flusher.join(HANG_GUARD);
      assertThat(flusher.isAlive()).isFalse();
      log.flush();
      assertThat(log.lastSequence()).isEqualTo(16 * 50);
    }
  }
}
