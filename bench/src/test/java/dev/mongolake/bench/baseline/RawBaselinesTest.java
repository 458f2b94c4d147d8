package dev.mongolake.bench.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.bench.Measurement;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RawBaselinesTest {

  private static final long SHORT_RUN = TimeUnit.MILLISECONDS.toNanos(100);

  @TempDir Path dir;

  @Test
  void forcePerRecordReportsRateAndLatency() throws Exception {
    Measurement measurement = new RawForcePerRecord(140, false).run(dir, SHORT_RUN);

    assertThat(measurement.rate()).isPositive();
    assertThat(measurement.unit()).isEqualTo("rec/s");
    assertThat(measurement.latency().p99Micros())
        .isGreaterThanOrEqualTo(measurement.latency().p50Micros());
  }

  @Test
  void groupCommitCoversSeveralProducersPerForce() throws Exception {
    Measurement measurement = new RawGroupCommit(64, 140).run(dir, SHORT_RUN);

    assertThat(measurement.rate()).isPositive();
    assertThat(measurement.recordsPerSync()).isGreaterThan(1);
  }

  @Test
  void batchForceReportsItsBatchSizeAsRecordsPerSync() throws Exception {
    Measurement measurement = new RawBatchForce(256, 140).run(dir, SHORT_RUN);

    assertThat(measurement.recordsPerSync()).isEqualTo(256);
  }

  @Test
  void bufferedAppendReportsRecordsPerSecond() throws Exception {
    Measurement measurement = new RawBufferedAppend(128).run(dir, SHORT_RUN);

    assertThat(measurement.rate()).isPositive();
    assertThat(measurement.latency().present()).isFalse();
  }

  @Test
  void scanChecksEveryWrittenRecord() throws Exception {
    Path file = dir.resolve("framed.log");
    RawFramedScan.writeFramedFile(file, 50_000, 140);

    assertThat(RawFramedScan.scan(file)).isEqualTo(50_000);
  }

  @Test
  void scanRejectsAFlippedPayloadByte() throws Exception {
    Path file = dir.resolve("framed.log");
    RawFramedScan.writeFramedFile(file, 10, 140);
    long offset = 3 * 158 + 40;
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer one = ByteBuffer.allocate(1);
      channel.read(one, offset);
      channel.write(ByteBuffer.wrap(new byte[] {(byte) (one.get(0) ^ 0x01)}), offset);
    }

    assertThatThrownBy(() -> RawFramedScan.scan(file))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("bad CRC at offset " + 3 * 158);
  }
}
