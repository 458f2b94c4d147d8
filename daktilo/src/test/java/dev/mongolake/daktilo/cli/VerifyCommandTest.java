package dev.mongolake.daktilo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.LogInspection;
import dev.mongolake.daktilo.LogInspector;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VerifyCommandTest {

  private static final int RECORD_BYTES = 40;

  @TempDir Path dir;

  /** A log of two segments (one sealed, one active) and a checkpoint. */
  private Path twoSegmentLog() {
    Path log = dir.resolve("log");
    try (Daktilo daktilo = Daktilo.open(log, DaktiloOptions.defaults().withSegmentSize(4096))) {
      for (int i = 0; i < 75; i++) {
        byte[] payload = new byte[RECORD_BYTES];
        java.util.Arrays.fill(payload, (byte) ('a' + i));
        daktilo.append(payload);
      }
      daktilo.checkpoint(50);
    }
    return log;
  }

  private static List<Path> segments(Path log) throws IOException {
    try (Stream<Path> files = Files.list(log)) {
      return files.filter(file -> file.toString().endsWith(".log")).sorted().toList();
    }
  }

  private static void flipByte(Path file, long offset) throws IOException {
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer one = ByteBuffer.allocate(1);
      channel.read(one, offset);
      channel.write(ByteBuffer.wrap(new byte[] {(byte) (one.get(0) ^ 0x5A)}), offset);
    }
  }

  @Test
  void verifyReportsAFlippedPayloadByteWithSegmentOffsetAndReason() throws IOException {
    Path log = twoSegmentLog();
    Path sealed = segments(log).getFirst();
    long thirdFrame = 64 + 2L * (18 + RECORD_BYTES);
    flipByte(sealed, thirdFrame + 18 + 7);

    CliRun run = CliRun.of("verify", log.toString());

    assertThat(run.exitCode()).isEqualTo(DaktiloCli.DAMAGED);
    assertThat(run.out())
        .startsWith("DAMAGED: ")
        .contains("segment " + sealed.getFileName() + " offset " + thirdFrame + ":")
        .contains("checksum mismatch");
  }

  /**
   * Every byte of each segment header and first frame, of each segment's last frame and the 64
   * bytes of preallocated space after it, and of the checkpoint file; every 31st byte elsewhere.
   * (Each flip runs the whole tool; the engine's own tests flip every byte through {@code
   * LogVerifier}.)
   */
  @Test
  void verifyDetectsSingleByteCorruptionAnywhereInTheLog() throws IOException {
    Path log = twoSegmentLog();
    List<LogInspection.SegmentInfo> segments = LogInspector.inspect(log).segments();
    assertThat(segments).hasSize(2);
    assertThat(CliRun.of("verify", log.toString()).exitCode()).isEqualTo(DaktiloCli.OK);
    int frame = 18 + RECORD_BYTES;

    List<String> undetected = new ArrayList<>();
    int checked = 0;
    for (LogInspection.SegmentInfo segment : segments) {
      long dataEnd = segment.dataBytes();
      for (long offset = 0; offset < segment.sizeBytes(); offset++) {
        boolean dense = offset < 64 + frame || (offset >= dataEnd - frame && offset < dataEnd + 64);
        if (dense || offset % 31 == 0) {
          checked++;
          checkDetected(log, segment.file(), offset, undetected);
        }
      }
    }
    Path checkpoint = log.resolve("checkpoint");
    for (long offset = 0; offset < Files.size(checkpoint); offset++) {
      checked++;
      checkDetected(log, checkpoint, offset, undetected);
    }

    assertThat(undetected).isEmpty();
    assertThat(checked).isGreaterThan(500);
    assertThat(CliRun.of("verify", log.toString()).exitCode()).isEqualTo(DaktiloCli.OK);
  }

  private static void checkDetected(Path log, Path file, long offset, List<String> undetected)
      throws IOException {
    flipByte(file, offset);
    CliRun run = CliRun.of("verify", log.toString());
    if (run.exitCode() != DaktiloCli.DAMAGED || !run.out().contains(" offset ")) {
      undetected.add(file.getFileName() + "@" + offset);
    }
    flipByte(file, offset);
  }

  @Test
  void verifyReportsATruncatedSealedSegment() throws IOException {
    Path log = twoSegmentLog();
    Path sealed = segments(log).getFirst();
    try (FileChannel channel = FileChannel.open(sealed, StandardOpenOption.WRITE)) {
      channel.truncate(channel.size() - 5);
    }

    CliRun run = CliRun.of("verify", log.toString());

    assertThat(run.exitCode()).isEqualTo(DaktiloCli.DAMAGED);
    assertThat(run.out()).contains("segment " + sealed.getFileName() + " offset ");
  }
}
