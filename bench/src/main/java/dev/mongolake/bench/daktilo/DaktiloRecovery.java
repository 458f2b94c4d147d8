package dev.mongolake.bench.daktilo;

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
 * Recovery: writes a log of {@code records} records (not timed), closes it, then times {@code
 * Daktilo.open}, which checks every record's CRC and rebuilds the sparse index. The segment is
 * large enough to hold the whole log, so recovery scans as many records as the raw scan does. The
 * files were just written, so they are read from the OS page cache (warm cache).
 *
 * @param records records in the log
 * @param payloadBytes size of each record's payload
 */
public record DaktiloRecovery(long records, int payloadBytes) implements Workload {

  private static final int WRITE_BATCH = 4096;

  @Override
  public Measurement run(Path dir, long budgetNanos) throws Exception {
    long segmentBytes =
        Math.min(
            DaktiloOptions.MAX_SEGMENT_SIZE,
            Math.max(64L << 20, records * (payloadBytes + 18) + (1 << 20)));
    DaktiloOptions options =
        DaktiloOptions.defaults().withDurability(Durability.ASYNC).withSegmentSize(segmentBytes);
    Path logDir = dir.resolve("log");
    List<byte[]> batch = Collections.nCopies(WRITE_BATCH, Payloads.random(payloadBytes, 5));
    try (Daktilo log = Daktilo.open(logDir, options)) {
      for (long written = 0; written < records; written += WRITE_BATCH) {
        log.appendMany(batch.subList(0, (int) Math.min(WRITE_BATCH, records - written)));
      }
      log.flush();
    }
    long start = System.nanoTime();
    long last;
    try (Daktilo log = Daktilo.open(logDir, options)) {
      last = log.lastSequence();
      long elapsed = System.nanoTime() - start;
      if (last != records) {
        throw new IllegalStateException(
            "Cannot trust the recovery: it found " + last + " records of " + records);
      }
      return Measurement.rate(Measurement.perSecond(records, elapsed), "rec/s");
    }
  }
}
