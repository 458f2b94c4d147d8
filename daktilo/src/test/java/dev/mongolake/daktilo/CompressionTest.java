package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompressionTest {
  @TempDir Path dir;

  private static final DaktiloOptions OPTIONS =
      DaktiloOptions.defaults()
          .withSegmentSize(8192)
          .withDurability(Durability.ASYNC)
          .withCompression(true)
          .withCompressionBlockBytes(4096)
          .withCacheBytes(0);

  private static byte[] text(long seq) {
    return ("{\"_id\": "
            + seq
            + ", \"name\": \"customer-"
            + (seq % 17)
            + "\", \"city\": \"Istanbul\"}")
        .getBytes(StandardCharsets.UTF_8);
  }

  private static void awaitSealedSegmentsCompressed(Path dir) {
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                LogInspector.inspect(dir).segments().stream()
                    .filter(LogInspection.SegmentInfo::sealed)
                    .allMatch(LogInspection.SegmentInfo::compressed));
  }

  @Test
  void sealedSegmentsAreCompressedInTheBackgroundAndStayReadable() {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      for (long i = 1; i <= 1000; i++) {
        log.append(text(i));
      }
      awaitSealedSegmentsCompressed(dir);
      List<Long> order = new ArrayList<>();
      for (long i = 1; i <= 1000; i++) {
        order.add(i);
      }
      Collections.shuffle(order, new Random(7));
      for (long i : order) {
        assertThat(log.read(i).payload()).isEqualTo(text(i));
      }
      assertThat(log.range(1, 1000).map(LogEntry::sequence).toList()).hasSize(1000);
      log.append(text(1001));
    }
    LogInspection inspection = LogInspector.inspect(dir);
    assertThat(inspection.segments().size()).isGreaterThan(5);
    for (LogInspection.SegmentInfo s : inspection.segments()) {
      if (s.sealed()) {
        assertThat(s.compressed()).isTrue();
        assertThat(s.sizeBytes()).isLessThan(s.dataBytes() / 2);
      }
    }
    assertThat(LogVerifier.verify(dir).ok()).isTrue();
    try (Daktilo log = Daktilo.open(dir, OPTIONS.withCompression(false))) {
      assertThat(log.lastSequence()).isEqualTo(1001);
      List<LogEntry> all = log.range(1, 1001).toList();
      for (LogEntry e : all) {
        assertThat(e.payload()).isEqualTo(text(e.sequence()));
      }
    }
  }

  @Test
  void incompressibleBlocksAreStoredRawAndStayReadable() {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      for (long i = 1; i <= 200; i++) {
        log.append(Payloads.forSequence(i, 150));
      }
      awaitSealedSegmentsCompressed(dir);
      for (long i = 200; i >= 1; i--) {
        assertThat(log.read(i).payload()).isEqualTo(Payloads.forSequence(i, 150));
      }
    }
    for (LogInspection.SegmentInfo s : LogInspector.inspect(dir).segments()) {
      if (s.sealed()) {
        // Raw blocks: the file is the raw data plus a 32-byte entry per block and the footer.
        assertThat(s.sizeBytes()).isGreaterThan(s.dataBytes());
      }
    }
    assertThat(LogVerifier.verify(dir).ok()).isTrue();
  }

  @Test
  void compactionDeletesCompressedSegments() {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      for (long i = 1; i <= 600; i++) {
        log.append(text(i));
      }
      awaitSealedSegmentsCompressed(dir);
      log.checkpoint(600);
      assertThat(log.compact()).isGreaterThan(0);
      assertThatThrownBy(() -> log.read(1)).isInstanceOf(CompactedSequenceException.class);
    }
    assertThat(LogInspector.inspect(dir).segments()).hasSize(1);
  }

  @Test
  void everySingleByteCorruptionOfACompressedSegmentIsDetected() throws Exception {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      for (long i = 1; i <= 200; i++) {
        log.append(text(i));
      }
      awaitSealedSegmentsCompressed(dir);
    }
    Path segment = dir.resolve("00000000000000000001.log");
    byte[] pristine = Files.readAllBytes(segment);
    assertThat(pristine.length).isLessThan(3000);
    List<String> missed = new ArrayList<>();
    for (int offset = 0; offset < pristine.length; offset++) {
      try (RandomAccessFile raf = new RandomAccessFile(segment.toFile(), "rw")) {
        raf.seek(offset);
        raf.write(pristine[offset] ^ 0x21);
      }
      if (LogVerifier.verify(dir).damages().stream().noneMatch(d -> d.file().equals(segment))) {
        missed.add("verify @" + offset);
      }
      try {
        Daktilo.open(dir, OPTIONS.withCompression(false)).close();
        missed.add("open @" + offset);
      } catch (CorruptionException expected) {
        assertThat(expected.segment()).isEqualTo(segment);
      }
      try (RandomAccessFile raf = new RandomAccessFile(segment.toFile(), "rw")) {
        raf.seek(offset);
        raf.write(pristine[offset]);
      }
    }
    assertThat(missed).isEmpty();
  }
}
