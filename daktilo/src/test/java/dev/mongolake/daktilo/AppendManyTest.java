package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppendManyTest {
  @TempDir Path dir;

  private static final DaktiloOptions OPTIONS =
      DaktiloOptions.defaults().withSegmentSize(4096).withDurability(Durability.STRICT);

  private static List<byte[]> batch(int from, int count, int size) {
    List<byte[]> payloads = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      payloads.add(Payloads.forSequence(from + i, size));
    }
    return payloads;
  }

  @Test
  void appendManyAssignsConsecutiveSequences() {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      log.append(Payloads.of("first"));
      assertThat(log.appendMany(batch(2, 5, 10))).containsExactly(2, 3, 4, 5, 6);
      assertThat(log.appendMany(List.of())).isEmpty();
      assertThat(log.read(6).payload()).isEqualTo(Payloads.forSequence(6, 10));
    }
  }

  @Test
  void aBatchNeverSpansTwoSegments() {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      log.appendMany(batch(1, 30, 100)); // 3540 bytes: fills most of the first segment
      log.appendMany(batch(31, 10, 100)); // does not fit: rolls first
      assertThat(LogInspector.inspect(dir).segments())
          .extracting(LogInspection.SegmentInfo::firstSequence)
          .containsExactly(1L, 31L);
    }
  }

  @Test
  void aBatchLargerThanASegmentIsRejected() {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      assertThatThrownBy(() -> log.appendMany(batch(1, 50, 100)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("Cannot append a batch of 5900 framed bytes");
      assertThat(log.lastSequence()).isZero();
    }
  }

  @Test
  void recoveryDropsABatchWhoseLastFrameIsTorn() throws Exception {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      log.append(Payloads.of("single"));
      log.appendMany(batch(2, 4, 50));
    }
    Path segment = dir.resolve("00000000000000000001.log");
    // Tear the batch anywhere inside its frames: the whole batch goes, the single record stays.
    long batchStart = 64 + 18 + 6;
    long batchEnd = batchStart + 4 * (18 + 50);
    for (long cut = batchStart + 1; cut < batchEnd; cut += 7) {
      Path copy = Files.createTempDirectory(dir, "cut");
      Files.copy(segment, copy.resolve(segment.getFileName()));
      try (RandomAccessFile raf =
          new RandomAccessFile(copy.resolve(segment.getFileName()).toFile(), "rw")) {
        raf.setLength(cut);
      }
      try (Daktilo log = Daktilo.open(copy, OPTIONS)) {
        assertThat(log.lastSequence()).as("cut at %d", cut).isEqualTo(1);
        assertThat(log.append(Payloads.of("after"))).isEqualTo(2);
      }
    }
  }
}
