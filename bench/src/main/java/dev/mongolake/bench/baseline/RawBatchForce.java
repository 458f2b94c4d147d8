package dev.mongolake.bench.baseline;

import dev.mongolake.bench.LatencySampler;
import dev.mongolake.bench.Measurement;
import dev.mongolake.bench.Payloads;
import dev.mongolake.bench.Workload;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Raw baseline: the ceiling of batched durability. One producer frames {@code batchSize} records
 * into one buffer, writes it and forces once, then repeats. Reports records per second; latency is
 * per batch.
 *
 * @param batchSize records per write + force
 * @param payloadBytes size of each record's payload
 */
public record RawBatchForce(int batchSize, int payloadBytes) implements Workload {

  private static final long FILE_BYTES = 64L << 20;

  @Override
  public Measurement run(Path dir, long budgetNanos) throws Exception {
    byte[] payload = Payloads.random(payloadBytes, 2);
    ByteBuffer batch =
        ByteBuffer.allocateDirect(batchSize * RecordFraming.frameBytes(payloadBytes))
            .order(ByteOrder.LITTLE_ENDIAN);
    RecordFraming framing = new RecordFraming();
    LatencySampler latencies = new LatencySampler(100_000);
    try (PreallocatedFile file = PreallocatedFile.create(dir.resolve("raw.log"), FILE_BYTES)) {
      long position = 0;
      long records = 0;
      long start = System.nanoTime();
      long deadline = start + budgetNanos;
      long now = start;
      do {
        batch.clear();
        for (int i = 0; i < batchSize; i++) {
          framing.frame(batch, ++records, payload);
        }
        batch.flip();
        position = file.writeWrapping(batch, position);
        file.channel().force(false);
        long done = System.nanoTime();
        latencies.record(done - now);
        now = done;
      } while (now < deadline);
      return new Measurement(
          Measurement.perSecond(records, now - start), "rec/s", latencies.percentiles(), batchSize);
    }
  }
}
