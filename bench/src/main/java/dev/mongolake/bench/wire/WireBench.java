package dev.mongolake.bench.wire;

import dev.mongolake.bench.LatencySampler;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;

/** Runs one workload from a number of client threads against one target for a fixed time. */
public final class WireBench {

  /** Latency samples kept per run, shared out among its client threads. */
  private static final int SAMPLES_PER_RUN = 100_000;

  /** Runs {@code workload} from {@code clients} threads (virtual or platform) for {@code nanos}. */
  public static WireRun run(
      WireTarget target, WireWorkload workload, int clients, long nanos, boolean virtualThreads)
      throws InterruptedException {
    CountDownLatch ready = new CountDownLatch(clients);
    CountDownLatch go = new CountDownLatch(1);
    long[] deadline = new long[1];
    AtomicReference<String> firstError = new AtomicReference<>();
    int capacity = Math.max(1_000, SAMPLES_PER_RUN / clients);
    List<Future<long[]>> futures = new ArrayList<>();
    List<LatencySampler> samplers = new ArrayList<>();
    long start;
    long cpuStart;
    try (ExecutorService executor =
        virtualThreads
            ? Executors.newVirtualThreadPerTaskExecutor()
            : Executors.newThreadPerTaskExecutor(
                Thread.ofPlatform().name("wire-client-", 0).daemon().factory())) {
      for (int i = 0; i < clients; i++) {
        LatencySampler sampler = new LatencySampler(capacity);
        samplers.add(sampler);
        futures.add(
            executor.submit(
                () -> {
                  WireWorkload.Operation operation = workload.operation(target.database());
                  ready.countDown();
                  go.await();
                  long end = deadline[0];
                  long operations = 0;
                  long wrong = 0;
                  long errors = 0;
                  long now = System.nanoTime();
                  while (now < end) {
                    boolean correct;
                    try {
                      correct = operation.run();
                    } catch (RuntimeException e) {
                      errors++;
                      firstError.compareAndSet(null, e.toString());
                      now = System.nanoTime();
                      continue;
                    }
                    long done = System.nanoTime();
                    sampler.record(done - now);
                    operations++;
                    if (!correct) {
                      wrong++;
                    }
                    now = done;
                  }
                  return new long[] {operations, wrong, errors};
                }));
      }
      ready.await();
      cpuStart = processCpuNanos();
      start = System.nanoTime();
      deadline[0] = start + nanos;
      go.countDown();
      // Closing the executor waits for every client to finish its last operation.
    }
    long elapsed = System.nanoTime() - start;
    long cpu = processCpuNanos() - cpuStart;
    long operations = 0;
    long wrong = 0;
    long errors = 0;
    for (Future<long[]> future : futures) {
      long[] counts;
      try {
        counts = future.get();
      } catch (java.util.concurrent.ExecutionException e) {
        throw new IllegalStateException(
            "Cannot run '" + workload.label() + "' against " + target.name() + ": " + e.getCause(),
            e.getCause());
      }
      operations += counts[0];
      wrong += counts[1];
      errors += counts[2];
    }
    return new WireRun(
        operations, wrong, errors, firstError.get(), elapsed / 1e9, cpu / 1e9, samplers);
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private WireBench() {}
}
