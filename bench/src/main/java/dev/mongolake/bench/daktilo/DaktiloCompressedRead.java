package dev.mongolake.bench.daktilo;

import dev.mongolake.bench.LatencySampler;
import dev.mongolake.bench.Measurement;
import dev.mongolake.bench.Payloads;
import dev.mongolake.bench.Workload;
import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.daktilo.LogInspection;
import dev.mongolake.daktilo.LogInspector;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Random {@code read(seq)} of records in compressed sealed segments: writes {@code records}
 * compressible records into 4 MiB segments with background compression on and the hot cache off,
 * waits until every sealed segment is compressed (not timed), then reads random sequences from the
 * sealed segments. Reports reads per second and per-read latency.
 *
 * @param records records in the log
 * @param payloadBytes size of each record's payload
 * @param blockBytes the log's compression block size
 */
public record DaktiloCompressedRead(int records, int payloadBytes, int blockBytes)
    implements Workload {

  private static final long COMPRESSION_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(120);

  @Override
  public Measurement run(Path dir, long budgetNanos) throws Exception {
    DaktiloOptions options =
        DaktiloOptions.defaults()
            .withDurability(Durability.ASYNC)
            .withSegmentSize(4L << 20)
            .withCacheBytes(0)
            .withCompression(true)
            .withCompressionBlockBytes(blockBytes);
    Path logDir = dir.resolve("log");
    try (Daktilo log = Daktilo.open(logDir, options)) {
      List<byte[]> batch = new ArrayList<>();
      for (int sequence = 0; sequence < records; sequence++) {
        batch.add(Payloads.compressible(payloadBytes, sequence));
        if (batch.size() == 1024) {
          log.appendMany(batch);
          batch.clear();
        }
      }
      log.appendMany(batch);
      log.flush();
      long sealedLast = awaitCompressedSealedSegments(logDir);
      LatencySampler latencies = new LatencySampler(200_000);
      SplittableRandom random = new SplittableRandom(11);
      long reads = 0;
      long checksum = 0;
      long start = System.nanoTime();
      long deadline = start + budgetNanos;
      long now = start;
      do {
        checksum += log.read(1 + random.nextLong(sealedLast)).payload()[0];
        long done = System.nanoTime();
        latencies.record(done - now);
        now = done;
        reads++;
      } while (now < deadline);
      if (checksum == Long.MIN_VALUE) {
        throw new IllegalStateException("unreachable: keeps the reads from being optimised away");
      }
      return Measurement.rate(
          Measurement.perSecond(reads, now - start), "reads/s", latencies.percentiles());
    }
  }

  /** Waits until every sealed segment is compressed; returns the last sealed sequence. */
  private static long awaitCompressedSealedSegments(Path logDir) {
    long deadline = System.nanoTime() + COMPRESSION_TIMEOUT_NANOS;
    while (true) {
      List<LogInspection.SegmentInfo> sealed =
          LogInspector.inspect(logDir).segments().stream()
              .filter(LogInspection.SegmentInfo::sealed)
              .toList();
      if (sealed.isEmpty()) {
        throw new IllegalStateException(
            "Cannot measure compressed reads: the log has no sealed segment");
      }
      if (sealed.stream().allMatch(LogInspection.SegmentInfo::compressed)) {
        return sealed.getLast().lastSequence();
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "Cannot measure compressed reads: sealed segments were not compressed within 120 s");
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
    }
  }
}
