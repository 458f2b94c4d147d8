package dev.mongolake.bench.daktilo;

import dev.mongolake.bench.LatencySampler;
import dev.mongolake.bench.Measurement;
import dev.mongolake.bench.Payloads;
import dev.mongolake.bench.Workload;
import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

/**
 * One producer appends batches of {@code batchSize} records with {@code appendMany} on a {@link
 * Durability#BATCH} log; each call returns once its batch is durable. Reports records per second,
 * per-batch latency and records per device flush.
 *
 * @param batchSize records per {@code appendMany}
 * @param payloadBytes size of each record's payload
 */
public record DaktiloAppendMany(int batchSize, int payloadBytes) implements Workload {

  @Override
  public Measurement run(Path dir, long budgetNanos) throws Exception {
    List<byte[]> batch = Collections.nCopies(batchSize, Payloads.random(payloadBytes, 2));
    LatencySampler latencies = new LatencySampler(100_000);
    DaktiloOptions options = DaktiloOptions.defaults().withDurability(Durability.BATCH);
    try (Daktilo log = Daktilo.open(dir.resolve("log"), options)) {
      SyncCounter syncCounter = SyncCounter.of(log);
      long syncsBefore = syncCounter.syncs();
      long records = 0;
      long start = System.nanoTime();
      long deadline = start + budgetNanos;
      long now = start;
      do {
        log.appendMany(batch);
        long done = System.nanoTime();
        latencies.record(done - now);
        now = done;
        records += batchSize;
      } while (now < deadline);
      return new Measurement(
          Measurement.perSecond(records, now - start),
          "rec/s",
          latencies.percentiles(),
          syncCounter.recordsPerSync(records, syncsBefore));
    }
  }
}
