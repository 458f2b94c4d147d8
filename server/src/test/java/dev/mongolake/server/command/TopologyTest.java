package dev.mongolake.server.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

class TopologyTest {

  private final ObjectId processId = new ObjectId();
  private final Topology topology = new Topology(processId);

  @Test
  void startsAtCounterZeroAndWaitsOutTheTimeoutWhenNothingChanges() throws Exception {
    long start = System.nanoTime();

    boolean changed = topology.awaitChange(0, 100);

    assertThat(changed).isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(ms(100));
    assertThat(topology.version()).isEqualTo(new Topology.Version(processId, 0));
    assertThat(topology.awaiting()).isZero();
  }

  @Test
  void shutdownWakesWaitersAndMovesTheCounterOnce() throws Exception {
    try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
      CompletableFuture<Boolean> waiter = new CompletableFuture<>();
      threads.execute(
          () -> {
            try {
              waiter.complete(topology.awaitChange(0, 60_000));
            } catch (InterruptedException e) {
              waiter.completeExceptionally(e);
            }
          });
      await().atMost(Duration.ofSeconds(5)).until(() -> topology.awaiting() == 1);

      topology.shutdown();
      topology.shutdown();

      assertThat(waiter.get(2, TimeUnit.SECONDS)).isTrue();
      assertThat(topology.shuttingDown()).isTrue();
      assertThat(topology.version()).isEqualTo(new Topology.Version(processId, 1));
    }
  }

  @Test
  void aStaleCounterReturnsAtOnce() throws Exception {
    topology.shutdown();
    long start = System.nanoTime();

    assertThat(topology.awaitChange(0, 60_000)).isTrue();
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(ms(1_000));
  }

  private static Duration ms(long millis) {
    return Duration.ofMillis(millis);
  }
}
