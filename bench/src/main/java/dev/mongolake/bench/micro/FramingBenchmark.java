package dev.mongolake.bench.micro;

import dev.mongolake.bench.Payloads;
import dev.mongolake.bench.baseline.RecordFraming;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of CRC32C record framing: the CRC alone, framing one record into a buffer, and checking a 1
 * MiB buffer of framed records (the inner loop of recovery).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class FramingBenchmark {

  @Param({"128", "140", "4096"})
  int payloadBytes;

  private byte[] payload;
  private final CRC32C crc = new CRC32C();
  private final RecordFraming framing = new RecordFraming();
  private ByteBuffer frame;
  private ByteBuffer framedMiB;
  private long sequence;

  /** Builds the payload and a buffer full of framed records. */
  @Setup
  public void setUp() {
    payload = Payloads.random(payloadBytes, 7);
    frame =
        ByteBuffer.allocateDirect(RecordFraming.frameBytes(payloadBytes))
            .order(ByteOrder.LITTLE_ENDIAN);
    framedMiB = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
    long framed = 0;
    while (framedMiB.remaining() >= RecordFraming.frameBytes(payloadBytes)) {
      framing.frame(framedMiB, ++framed, payload);
    }
    framedMiB.flip();
  }

  /** CRC32C of one payload. */
  @Benchmark
  public long crc32cOfPayload() {
    crc.reset();
    crc.update(payload);
    return crc.getValue();
  }

  /** Header, CRC and payload copy of one record. */
  @Benchmark
  public ByteBuffer frameOneRecord() {
    frame.clear();
    framing.frame(frame, ++sequence, payload);
    return frame;
  }

  /** CRC check of every record in 1 MiB of framed records; divide by records per MiB. */
  @Benchmark
  public int checkOneMiBOfFrames() {
    return framing.scan(framedMiB.duplicate().order(ByteOrder.LITTLE_ENDIAN));
  }
}
