package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening a log says what it cut off the end of the active segment, so callers can report it. */
class DroppedTailReportTest {
  @TempDir Path dir;

  private static final int PAYLOAD = 20;

  @Test
  void aCleanLogReportsNothingDropped() {
    try (Daktilo log = Daktilo.open(dir)) {
      log.append(Payloads.forSequence(1, PAYLOAD));
    }
    try (Daktilo log = Daktilo.open(dir)) {
      assertThat(log.droppedTail()).isEmpty();
      assertThat(log.lastSequence()).isEqualTo(1);
    }
  }

  @Test
  void aDamagedLastRecordIsCutAndReportedWithTheSequenceBeforeIt() throws IOException {
    long lastRecordOffset;
    Path active;
    try (Daktilo log = Daktilo.open(dir, DaktiloOptions.defaults().withSegmentSize(64 * 1024))) {
      for (int i = 1; i <= 3; i++) {
        log.append(Payloads.forSequence(i, PAYLOAD));
      }
    }
    LogInspection.SegmentInfo segment = LogInspector.inspect(dir).segments().getLast();
    active = segment.file();
    long end = segment.dataBytes();
    lastRecordOffset = end - (18 + PAYLOAD);
    try (RandomAccessFile file = new RandomAccessFile(active.toFile(), "rw")) {
      long flipped = end - 1; // the last payload byte of record 3
      file.seek(flipped);
      int original = file.read();
      file.seek(flipped);
      // Changed and non-zero, so that the cut runs to the record's last byte.
      file.write(original == 0xFF ? 0x7F : original ^ 0xFF);
    }

    try (Daktilo log = Daktilo.open(dir, DaktiloOptions.defaults().withSegmentSize(64 * 1024))) {
      assertThat(log.lastSequence()).isEqualTo(2);
      assertThat(log.droppedTail())
          .hasValueSatisfying(
              tail -> {
                assertThat(tail.segment()).isEqualTo(active);
                assertThat(tail.offset()).isEqualTo(lastRecordOffset);
                assertThat(tail.bytes()).isEqualTo(18 + PAYLOAD);
                assertThat(tail.lastSequence()).isEqualTo(2);
              });
    }
    try (Daktilo log = Daktilo.open(dir, DaktiloOptions.defaults().withSegmentSize(64 * 1024))) {
      assertThat(log.droppedTail()).as("reported once: the cut bytes are zeroed").isEmpty();
    }
  }
}
