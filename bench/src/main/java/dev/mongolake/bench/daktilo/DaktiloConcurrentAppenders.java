package dev.mongolake.bench.daktilo;

import dev.mongolake.bench.LatencySampler;
import dev.mongolake.bench.Measurement;
import dev.mongolake.bench.Payloads;
import dev.mongolake.bench.Workload;
import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Group commit through the engine: {@code producers} virtual threads each call {@code
 * append(byte[])} in a loop on one log. Reports records per second, per-append latency and records
 * per device flush.
 *
 * @param producers number of producer virtual threads
 * @param payloadBytes size of each record's payload
 * @param compressiblePayload JSON-like text payloads instead of random bytes
 * @param options how the log is opened
 */
public record DaktiloConcurrentAppenders(
    int producers, int payloadBytes, boolean compressiblePayload, DaktiloOptions options)
    implements Workload {

  /** Random payloads on a {@link Durability#BATCH} log with default options. */
  public DaktiloConcurrentAppenders(int producers, int payloadBytes) {
    this(
        producers, payloadBytes, false, DaktiloOptions.defaults().withDurability(Durability.BATCH));
  }

  @Override
  public Measurement run(Path dir, long budgetNanos) throws Exception {
    byte[] payload =
        compressiblePayload
            ? Payloads.compressible(payloadBytes, 4)
            : Payloads.random(payloadBytes, 4);
    List<LatencySampler> samplers = new ArrayList<>();
    long[][] counts = new long[producers][1];
    AtomicReference<Throwable> failure = new AtomicReference<>();
    try (Daktilo log = Daktilo.open(dir.resolve("log"), options)) {
      SyncCounter syncCounter = SyncCounter.of(log);
      long syncsBefore = syncCounter.syncs();
      long start = System.nanoTime();
      long deadline = start + budgetNanos;
      List<Thread> threads = new ArrayList<>();
      for (int p = 0; p < producers; p++) {
        LatencySampler sampler = new LatencySampler(Math.max(1024, 400_000 / producers));
        samplers.add(sampler);
        long[] count = counts[p];
        threads.add(
            Thread.ofVirtual()
                .start(
                    () -> {
                      try {
                        long now = System.nanoTime();
                        do {
                          log.append(payload);
                          long done = System.nanoTime();
                          sampler.record(done - now);
                          now = done;
                          count[0]++;
                        } while (now < deadline);
                      } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                      }
                    }));
      }
      for (Thread thread : threads) {
        thread.join();
      }
      long elapsed = System.nanoTime() - start;
      if (failure.get() != null) {
        throw new IllegalStateException("Cannot finish the concurrent append run", failure.get());
      }
      long records = 0;
      for (long[] count : counts) {
        records += count[0];
      }
      return new Measurement(
          Measurement.perSecond(records, elapsed),
          "rec/s",
          LatencySampler.percentiles(samplers),
          syncCounter.recordsPerSync(records, syncsBefore));
    }
  }
}
