package dev.mongolake.bench.baseline;

import dev.mongolake.bench.LatencySampler;
import dev.mongolake.bench.Measurement;
import dev.mongolake.bench.Payloads;
import dev.mongolake.bench.Workload;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Raw baseline: one producer frames a record, writes it and calls {@code force(false)} before the
 * next. Reports records per second (or MiB/s of payload for large records) and per-record latency.
 *
 * @param payloadBytes size of each record's payload
 * @param reportBandwidth report payload MiB/s instead of records per second
 */
public record RawForcePerRecord(int payloadBytes, boolean reportBandwidth) implements Workload {

  private static final long FILE_BYTES = 64L << 20;

  @Override
  public Measurement run(Path dir, long budgetNanos) throws Exception {
    byte[] payload = Payloads.random(payloadBytes, 1);
    ByteBuffer frame =
        ByteBuffer.allocateDirect(RecordFraming.frameBytes(payloadBytes))
            .order(ByteOrder.LITTLE_ENDIAN);
    RecordFraming framing = new RecordFraming();
    LatencySampler latencies = new LatencySampler(100_000);
    try (PreallocatedFile file =
        PreallocatedFile.create(
            dir.resolve("raw.log"), Math.max(FILE_BYTES, 4L * frame.capacity()))) {
      long position = 0;
      long records = 0;
      long start = System.nanoTime();
      long deadline = start + budgetNanos;
      long now = start;
      do {
        frame.clear();
        framing.frame(frame, records + 1, payload);
        frame.flip();
        position = file.writeWrapping(frame, position);
        file.channel().force(false);
        long done = System.nanoTime();
        latencies.record(done - now);
        now = done;
        records++;
      } while (now < deadline);
      long elapsed = now - start;
      double rate =
          reportBandwidth
              ? Measurement.perSecond(records * payloadBytes, elapsed) / (1 << 20)
              : Measurement.perSecond(records, elapsed);
      return Measurement.rate(rate, reportBandwidth ? "MiB/s" : "rec/s", latencies.percentiles());
    }
  }
}
