package dev.mongolake.bench.baseline;

import dev.mongolake.bench.Measurement;
import dev.mongolake.bench.Payloads;
import dev.mongolake.bench.Workload;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Raw baseline: a plain buffered append loop with no force. One producer frames records into a 1
 * MiB buffer and writes the buffer to the file whenever it fills; the OS page cache absorbs the
 * writes. Reports records per second.
 *
 * @param payloadBytes size of each record's payload
 */
public record RawBufferedAppend(int payloadBytes) implements Workload {

  private static final long FILE_BYTES = 64L << 20;
  private static final int BUFFER_BYTES = 1 << 20;
  private static final int RECORDS_PER_CLOCK_CHECK = 4096;

  @Override
  public Measurement run(Path dir, long budgetNanos) throws Exception {
    byte[] payload = Payloads.random(payloadBytes, 3);
    int frameBytes = RecordFraming.frameBytes(payloadBytes);
    ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    RecordFraming framing = new RecordFraming();
    try (PreallocatedFile file = PreallocatedFile.create(dir.resolve("raw.log"), FILE_BYTES)) {
      long position = 0;
      long records = 0;
      long start = System.nanoTime();
      long deadline = start + budgetNanos;
      long now = start;
      do {
        for (int i = 0; i < RECORDS_PER_CLOCK_CHECK; i++) {
          if (buffer.remaining() < frameBytes) {
            buffer.flip();
            position = file.writeWrapping(buffer, position);
            buffer.clear();
          }
          framing.frame(buffer, ++records, payload);
        }
        now = System.nanoTime();
      } while (now < deadline);
      buffer.flip();
      file.writeWrapping(buffer, position);
      return Measurement.rate(Measurement.perSecond(records, System.nanoTime() - start), "rec/s");
    }
  }
}
