package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compacted segment files are reused as new segments with their old frames still inside: recovery,
 * reads and the verifier must never take those stale frames for records.
 */
class RecycledSegmentTest {
  @TempDir Path dir;

  /** 4 KiB segments hold 20 records of 180 bytes (198 framed). */
  private static final DaktiloOptions OPTIONS =
      DaktiloOptions.defaults().withSegmentSize(4096).withDurability(Durability.ASYNC);

  private static final int RECYCLED_FLAG = 4;

  private static void fill(Daktilo log, int count) {
    for (int i = 0; i < count; i++) {
      long seq = log.lastSequence() + 1;
      assertThat(log.append(Payloads.forSequence(seq, 180))).isEqualTo(seq);
    }
  }

  /**
   * 1-20, 21-40, 41-60 sealed and compacted (two files recycled), then 71-130: segment 5 comes from
   * the fresh spare made before the compaction, segments 6 and 7 from recycled files. Records of
   * the same size keep the frame boundaries of the files' earlier lives, so the frame right after
   * the last record of segment 7 is a stale frame with a valid CRC: the worst case.
   */
  private static void writeRecycledLog(Daktilo log, Path logDir) {
    fillUntilTheSpareIsMade(log, logDir);
    log.checkpoint(60);
    assertThat(log.compact()).isEqualTo(3);
    fill(log, 60);
  }

  /**
   * Writes 1-70 and waits for the spare segment asked for at record 63: made after the compaction
   * (on a busy machine) it would come from a recycled file, and every later segment would shift.
   */
  private static void fillUntilTheSpareIsMade(Daktilo log, Path logDir) {
    fill(log, 70);
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> Files.exists(logDir.resolve("spare-segment.tmp")));
  }

  @Test
  void compactedSegmentFilesBecomeNewSegments() throws IOException {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      fillUntilTheSpareIsMade(log, dir);
      log.checkpoint(60);
      assertThat(log.compact()).isEqualTo(3);
      // Two kept for reuse (the default), the third deleted; none is a segment of the log any more.
      assertThat(recycledFiles(dir)).hasSize(2);
      assertThat(dir.resolve("00000000000000000001.log")).doesNotExist();
      assertThat(log.firstSequence()).isEqualTo(61);
      fill(log, 60);
      assertThat(recycledFiles(dir)).isEmpty();
      assertThat(flags(dir.resolve("00000000000000000005.log")) & RECYCLED_FLAG).isZero();
      assertThat(flags(dir.resolve("00000000000000000006.log")) & RECYCLED_FLAG)
          .isEqualTo(RECYCLED_FLAG);
      assertThat(flags(dir.resolve("00000000000000000007.log")) & RECYCLED_FLAG)
          .isEqualTo(RECYCLED_FLAG);
      assertReadsExactly(log, 61, 130);
      assertThat(LogVerifier.verify(dir).damages()).isEmpty();
    }
  }

  @Test
  void crashImageOfARecycledSegmentRecoversToExactlyTheAcknowledgedRecords() throws IOException {
    Path image = dir.resolve("image");
    Path live = dir.resolve("live");
    try (Daktilo log = Daktilo.open(live, OPTIONS)) {
      writeRecycledLog(log, live);
      // What a kill -9 leaves: the files as they are in the page cache, stale frames included.
      copyLogFiles(live, image);
    }
    Path active = image.resolve("00000000000000000007.log");
    assertThat(flags(active) & RECYCLED_FLAG).isEqualTo(RECYCLED_FLAG);
    assertThat(validStaleFrameAfterTheEnd(active, 130)).isTrue();
    assertThat(LogVerifier.verify(image).damages()).isEmpty();
    try (Daktilo log = Daktilo.open(image, OPTIONS)) {
      assertThat(log.lastSequence()).isEqualTo(130);
      assertReadsExactly(log, 61, 130);
      assertThatThrownBy(() -> log.read(131)).isInstanceOf(UnwrittenSequenceException.class);
      fill(log, 25); // 131-140 in segment 7, then a roll
      assertReadsExactly(log, 61, 155);
    }
    try (Daktilo log = Daktilo.open(image, OPTIONS)) {
      assertThat(log.lastSequence()).isEqualTo(155);
      assertReadsExactly(log, 61, 155);
    }
  }

  @Test
  void tornLastRecordOfARecycledSegmentIsCutWithoutReachingTheStaleFrames() throws IOException {
    Path image = dir.resolve("image");
    try (Daktilo log = Daktilo.open(dir.resolve("live"), OPTIONS)) {
      writeRecycledLog(log, dir.resolve("live"));
      copyLogFiles(dir.resolve("live"), image);
    }
    Path active = image.resolve("00000000000000000007.log");
    // Record 130 is the 10th frame of segment 7: damage a byte of its payload (a torn write).
    long record130 = 64 + 9 * 198L;
    flipByte(active, record130 + 18 + 100);
    try (Daktilo log = Daktilo.open(image, OPTIONS)) {
      assertThat(log.lastSequence()).isEqualTo(129);
      assertReadsExactly(log, 61, 129);
      fill(log, 1);
      assertThat(log.read(130).payload()).isEqualTo(Payloads.forSequence(130, 180));
    }
    try (Daktilo log = Daktilo.open(image, OPTIONS)) {
      assertThat(log.lastSequence()).isEqualTo(130);
      assertReadsExactly(log, 61, 130);
    }
  }

  @Test
  void damageInsideARecycledSegmentIsStillCorruption() throws IOException {
    Path image = dir.resolve("image");
    try (Daktilo log = Daktilo.open(dir.resolve("live"), OPTIONS)) {
      writeRecycledLog(log, dir.resolve("live"));
      copyLogFiles(dir.resolve("live"), image);
    }
    Path active = image.resolve("00000000000000000007.log");
    long record125 = 64 + 4 * 198L;
    flipByte(active, record125 + 18 + 5);
    assertThatThrownBy(() -> Daktilo.open(image, OPTIONS))
        .isInstanceOf(CorruptionException.class)
        .hasMessageContaining("valid records follow it (damage inside the log)");
    assertThat(LogVerifier.verify(image).damages())
        .singleElement()
        .satisfies(d -> assertThat(d.reason()).contains("damage inside the log"));
  }

  @Test
  void closeDeletesRecycledFilesAndZeroRecyclingDeletesCompactedSegments() throws IOException {
    try (Daktilo log = Daktilo.open(dir.resolve("a"), OPTIONS)) {
      fillUntilTheSpareIsMade(log, dir.resolve("a"));
      log.checkpoint(60);
      log.compact();
      assertThat(recycledFiles(dir.resolve("a"))).hasSize(2);
    }
    assertThat(recycledFiles(dir.resolve("a"))).isEmpty();
    try (Daktilo log = Daktilo.open(dir.resolve("b"), OPTIONS.withRecycledSegments(0))) {
      fill(log, 70);
      log.checkpoint(60);
      assertThat(log.compact()).isEqualTo(3);
      assertThat(recycledFiles(dir.resolve("b"))).isEmpty();
      fill(log, 60);
      try (Stream<Path> files = Files.list(dir.resolve("b"))) {
        for (Path segment : files.filter(p -> p.toString().endsWith(".log")).toList()) {
          assertThat(flags(segment) & RECYCLED_FLAG).as(segment.toString()).isZero();
        }
      }
      assertReadsExactly(log, 61, 130);
    }
  }

  @Test
  void recycledSegmentsAreReusedInDurableModesToo() throws IOException {
    DaktiloOptions strict = OPTIONS.withDurability(Durability.STRICT);
    try (Daktilo log = Daktilo.open(dir, strict)) {
      writeRecycledLog(log, dir);
      assertThat(flags(dir.resolve("00000000000000000007.log")) & RECYCLED_FLAG)
          .isEqualTo(RECYCLED_FLAG);
      assertReadsExactly(log, 61, 130);
    }
    try (Daktilo log = Daktilo.open(dir, strict)) {
      assertThat(log.lastSequence()).isEqualTo(130);
      assertReadsExactly(log, 61, 130);
    }
    assertThat(LogVerifier.verify(dir).damages()).isEmpty();
  }

  @Test
  void recycledSegmentCountIsBounded() {
    assertThatThrownBy(() -> OPTIONS.withRecycledSegments(17))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot keep 17 recycled segments: it must be between 0 and 16");
  }

  private static void assertReadsExactly(Daktilo log, long from, long to) {
    assertThat(log.firstSequence()).isEqualTo(from);
    assertThat(log.lastSequence()).isEqualTo(to);
    List<LogEntry> all = log.range(from, to).toList();
    assertThat(all).hasSize((int) (to - from + 1));
    for (LogEntry e : all) {
      assertThat(e.payload()).as("sequence %d", e.sequence()).isEqualTo(payloadOf(e.sequence()));
    }
  }

  private static byte[] payloadOf(long sequence) {
    return Payloads.forSequence(sequence, 180);
  }

  /** Whether a frame with a valid CRC but an older sequence directly follows {@code last}. */
  private static boolean validStaleFrameAfterTheEnd(Path segment, long last) throws IOException {
    ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(segment)).order(ByteOrder.LITTLE_ENDIAN);
    long first = b.getLong(24);
    int at = 64 + (int) (last - first + 1) * 198;
    long sequence = b.getLong(at + 4);
    int length = b.getInt(at);
    java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
    crc.update(b.array(), at, 14);
    crc.update(b.array(), at + 18, length);
    return length == 180 && sequence < first && (int) crc.getValue() == b.getInt(at + 14);
  }

  private static int flags(Path segment) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(segment.toFile(), "r")) {
      raf.seek(10);
      return Short.toUnsignedInt(Short.reverseBytes(raf.readShort()));
    }
  }

  private static void flipByte(Path file, long offset) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.seek(offset);
      int b = raf.read();
      raf.seek(offset);
      raf.write(b ^ 0x5A);
    }
  }

  private static List<Path> recycledFiles(Path logDir) throws IOException {
    try (Stream<Path> files = Files.list(logDir)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".recycled.tmp")).toList();
    }
  }

  /** Copies the segment and checkpoint files (not the lock, not temporary files). */
  private static void copyLogFiles(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> files = Files.list(from)) {
      for (Path p : files.toList()) {
        String name = p.getFileName().toString();
        if (name.endsWith(".log") || name.equals("checkpoint")) {
          Files.copy(p, to.resolve(name));
        }
      }
    }
  }
}
