package dev.mongolake.bench.daktilo;

import dev.mongolake.bench.LatencySampler;
import dev.mongolake.bench.Measurement;
import dev.mongolake.bench.Payloads;
import dev.mongolake.bench.Workload;
import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;

/**
 * One producer calls {@code append(byte[])} in a loop, each call returning once the record is
 * acknowledged per {@code durability}. Reports records per second (or payload MiB/s) and per-append
 * latency. Opening the log (and preallocating its first segment) is not timed.
 *
 * @param durability the log's durability mode
 * @param payloadBytes size of each record's payload
 * @param segmentBytes segment size
 * @param reportBandwidth report payload MiB/s instead of records per second
 */
public record DaktiloSingleAppender(
    Durability durability, int payloadBytes, long segmentBytes, boolean reportBandwidth)
    implements Workload {

  /** Samples the clock every this many appends when latency is not sampled for every one. */
  private static final int APPENDS_PER_CLOCK_CHECK = 1024;

  @Override
  public Measurement run(Path dir, long budgetNanos) throws Exception {
    byte[] payload = Payloads.random(payloadBytes, 1);
    LatencySampler latencies = new LatencySampler(100_000);
    DaktiloOptions options =
        DaktiloOptions.defaults().withDurability(durability).withSegmentSize(segmentBytes);
    try (Daktilo log = Daktilo.open(dir.resolve("log"), options)) {
      long records = 0;
      long start = System.nanoTime();
      long deadline = start + budgetNanos;
      long now = start;
      if (durability == Durability.ASYNC) {
        // Sub-microsecond appends: time a block of them so the clock does not dominate.
        do {
          for (int i = 0; i < APPENDS_PER_CLOCK_CHECK; i++) {
            log.append(payload);
          }
          records += APPENDS_PER_CLOCK_CHECK;
          long done = System.nanoTime();
          latencies.record((done - now) / APPENDS_PER_CLOCK_CHECK);
          now = done;
        } while (now < deadline);
      } else {
        do {
          log.append(payload);
          long done = System.nanoTime();
          latencies.record(done - now);
          now = done;
          records++;
        } while (now < deadline);
      }
      long elapsed = now - start;
      double rate =
          reportBandwidth
              ? Measurement.perSecond(records * payloadBytes, elapsed) / (1 << 20)
              : Measurement.perSecond(records, elapsed);
      return Measurement.rate(rate, reportBandwidth ? "MiB/s" : "rec/s", latencies.percentiles());
    }
  }
}
