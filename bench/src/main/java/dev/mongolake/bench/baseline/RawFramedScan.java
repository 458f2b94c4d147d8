package dev.mongolake.bench.baseline;

import dev.mongolake.bench.Measurement;
import dev.mongolake.bench.Payloads;
import dev.mongolake.bench.Workload;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Raw baseline: sequential read of a framed file with a CRC32C check of every record, the floor of
 * what log recovery has to do. The file was just written, so it is read from the OS page cache
 * (warm cache): the figure is CPU and memory bound, not disk bound. Writing the file is not timed.
 *
 * @param records records in the scanned file
 * @param payloadBytes size of each record's payload
 */
public record RawFramedScan(long records, int payloadBytes) implements Workload {

  private static final int READ_BYTES = 1 << 20;

  /** Writes {@code records} framed records of {@code payloadBytes} into {@code file}. */
  public static void writeFramedFile(Path file, long records, int payloadBytes) throws IOException {
    byte[] payload = Payloads.random(payloadBytes, 5);
    ByteBuffer buffer = ByteBuffer.allocateDirect(READ_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    RecordFraming framing = new RecordFraming();
    int frameBytes = RecordFraming.frameBytes(payloadBytes);
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      for (long sequence = 1; sequence <= records; sequence++) {
        if (buffer.remaining() < frameBytes) {
          writeAll(channel, buffer.flip());
          buffer.clear();
        }
        framing.frame(buffer, sequence, payload);
      }
      writeAll(channel, buffer.flip());
      channel.force(false);
    }
  }

  @Override
  public Measurement run(Path dir, long budgetNanos) throws Exception {
    Path file = dir.resolve("raw.log");
    writeFramedFile(file, records, payloadBytes);
    long start = System.nanoTime();
    long checked = scan(file);
    long elapsed = System.nanoTime() - start;
    if (checked != records) {
      throw new IllegalStateException(
          "Cannot trust the scan: it checked " + checked + " records of " + records);
    }
    return Measurement.rate(Measurement.perSecond(checked, elapsed), "rec/s");
  }

  /** Reads and checks every record of {@code file} and returns how many it checked. */
  public static long scan(Path file) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocateDirect(READ_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    RecordFraming framing = new RecordFraming();
    long checked = 0;
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      while (channel.read(buffer) > 0) {
        buffer.flip();
        checked += framing.scan(buffer);
        if (RecordFraming.atEnd(buffer)) {
          break;
        }
        buffer.compact();
      }
    }
    return checked;
  }

  private static void writeAll(FileChannel channel, ByteBuffer buffer) throws IOException {
    while (buffer.hasRemaining()) {
      channel.write(buffer);
    }
  }
}
