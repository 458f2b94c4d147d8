package dev.mongolake.daktilo.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.LogEntry;
import dev.mongolake.daktilo.LogInspection;
import dev.mongolake.daktilo.LogInspector;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SegmentFollowerTest {

  private static final int BATCH_CONTINUES = 1;

  @TempDir Path dir;

  /** Writes one valid frame at {@code offset} of {@code segment}, as the engine would. */
  private static void writeFrame(
      Path segment, long offset, long sequence, int flags, byte[] payload) throws IOException {
    ByteBuffer frame = ByteBuffer.allocate(18 + payload.length).order(ByteOrder.LITTLE_ENDIAN);
    frame.putInt(payload.length).putLong(sequence).putShort((short) flags);
    CRC32C crc = new CRC32C();
    crc.update(frame.array(), 0, 14);
    crc.update(payload);
    frame.putInt((int) crc.getValue()).put(payload).flip();
    try (FileChannel channel = FileChannel.open(segment, StandardOpenOption.WRITE)) {
      channel.write(frame, offset);
    }
  }

  private static List<Long> everyWritten(Path log) throws IOException {
    List<Long> sequences = new ArrayList<>();
    try (SegmentFollower follower = new SegmentFollower(log, Duration.ZERO)) {
      LogEntry entry;
      while ((entry = follower.nextWritten(1)) != null) {
        sequences.add(entry.sequence());
      }
    }
    return sequences;
  }

  @Test
  void anUnfinishedBatchIsHeldBackUntilItsLastFrameIsWritten() throws IOException {
    Path log = dir.resolve("log");
    try (Daktilo daktilo = Daktilo.open(log, DaktiloOptions.defaults().withSegmentSize(4096))) {
      daktilo.append("one".getBytes(UTF_8));
      daktilo.appendMany(List.of("two".getBytes(UTF_8), "three".getBytes(UTF_8)));
    }
    LogInspection.SegmentInfo active = LogInspector.inspect(log).segments().getLast();
    long end = active.dataBytes();
    writeFrame(active.file(), end, 4, BATCH_CONTINUES, "four".getBytes(UTF_8));

    assertThat(everyWritten(log)).containsExactly(1L, 2L, 3L);

    writeFrame(active.file(), end + 18 + 4, 5, 0, "five".getBytes(UTF_8));

    assertThat(everyWritten(log)).containsExactly(1L, 2L, 3L, 4L, 5L);
  }

  @Test
  void aFollowerPicksUpTheRestOfABatchOnTheNextRead() throws IOException {
    Path log = dir.resolve("log");
    try (Daktilo daktilo = Daktilo.open(log, DaktiloOptions.defaults())) {
      daktilo.append("one".getBytes(UTF_8));
    }
    LogInspection.SegmentInfo active = LogInspector.inspect(log).segments().getLast();
    long end = active.dataBytes();
    writeFrame(active.file(), end, 2, BATCH_CONTINUES, "two".getBytes(UTF_8));

    try (SegmentFollower follower = new SegmentFollower(log, Duration.ZERO)) {
      assertThat(follower.nextWritten(1).sequence()).isEqualTo(1);
      assertThat(follower.nextWritten(1)).isNull();

      writeFrame(active.file(), end + 18 + 3, 3, 0, "three".getBytes(UTF_8));

      assertThat(follower.nextWritten(1).sequence()).isEqualTo(2);
      assertThat(follower.nextWritten(1).sequence()).isEqualTo(3);
      assertThat(follower.nextWritten(1)).isNull();
    }
  }
}
