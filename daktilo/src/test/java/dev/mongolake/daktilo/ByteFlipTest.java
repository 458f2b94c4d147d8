package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flips every single byte of a small log (a sealed segment, the active segment with its zeroed
 * preallocated tail, and the checkpoint file): the verifier must report each one, and opening must
 * either cut a torn tail of the active segment (keeping every record before the damaged frame) or
 * refuse with a {@link CorruptionException}.
 */
class ByteFlipTest {
  @TempDir Path dir;

  private static final DaktiloOptions OPTIONS =
      DaktiloOptions.defaults().withSegmentSize(1024).withDurability(Durability.ASYNC);
  private static final int PAYLOAD = 20;
  private static final int FRAME = 18 + PAYLOAD;

  @Test
  void everySingleByteCorruptionIsDetected() throws IOException {
    long last;
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      // 25 frames fill a 1 KiB segment up to 10 bytes: segment 1 holds 1..25 (sealed), the
      // active segment 26..47 and the batch 48..50, leaving a 10-byte zeroed tail.
      for (int i = 1; i <= 47; i++) {
        log.append(Payloads.forSequence(i, PAYLOAD));
      }
      log.appendMany(
          List.of(
              Payloads.forSequence(48, PAYLOAD),
              Payloads.forSequence(49, PAYLOAD),
              Payloads.forSequence(50, PAYLOAD)));
      log.checkpoint(10);
      last = log.lastSequence();
    }
    LogInspection inspection = LogInspector.inspect(dir);
    assertThat(inspection.segments()).hasSize(2);
    LogInspection.SegmentInfo sealed = inspection.segments().get(0);
    LogInspection.SegmentInfo active = inspection.segments().get(1);
    long activeData = active.dataBytes();
    long batchStartSequence = 48;
    assertThat(active.sizeBytes() - activeData).isEqualTo(10);

    Map<Path, byte[]> pristine = new LinkedHashMap<>();
    pristine.put(sealed.file(), Files.readAllBytes(sealed.file()));
    pristine.put(active.file(), Files.readAllBytes(active.file()));
    pristine.put(dir.resolve("checkpoint"), Files.readAllBytes(dir.resolve("checkpoint")));
    assertThat(LogVerifier.verify(dir).ok()).isTrue();

    int flips = 0;
    List<String> failures = new ArrayList<>();
    for (Map.Entry<Path, byte[]> file : pristine.entrySet()) {
      byte[] bytes = file.getValue();
      for (int offset = 0; offset < bytes.length; offset++) {
        flip(file.getKey(), offset, bytes[offset]);
        flips++;
        String where = file.getKey().getFileName() + "@" + offset;

        VerifyReport report = LogVerifier.verify(dir);
        if (report.damages().stream().noneMatch(d -> d.file().equals(file.getKey()))) {
          failures.add(where + ": verify found nothing " + report.damages());
        }

        boolean inActive = file.getKey().equals(active.file());
        boolean inLastFrame = inActive && offset >= activeData - FRAME && offset < activeData;
        boolean inZeroTail = inActive && offset >= activeData;
        if (inZeroTail || inLastFrame) {
          long expectedLast = inZeroTail ? last : batchStartSequence - 1;
          try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
            assertThat(log.lastSequence()).as(where).isEqualTo(expectedLast);
            for (long s = log.firstSequence(); s <= expectedLast; s++) {
              assertThat(log.read(s).payload())
                  .as(where)
                  .isEqualTo(Payloads.forSequence(s, PAYLOAD));
            }
          }
          assertThat(LogVerifier.verify(dir).ok()).as("%s: sound after reopen", where).isTrue();
        } else {
          assertThatThrownBy(() -> Daktilo.open(dir, OPTIONS).close())
              .as(where)
              .isInstanceOf(CorruptionException.class)
              .hasMessageContaining(file.getKey().getFileName().toString());
        }
        restore(pristine);
      }
    }
    assertThat(failures).isEmpty();
    assertThat(flips).isGreaterThan(2000);
  }

  private static void flip(Path file, int offset, byte original) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.seek(offset);
      raf.write(original ^ 0x5A);
    }
  }

  /**
   * Overwrites in place: truncating and rewriting a file makes ext4 start writeback on close
   * (auto_da_alloc), which would make this test slow.
   */
  private static void restore(Map<Path, byte[]> pristine) throws IOException {
    for (Map.Entry<Path, byte[]> e : pristine.entrySet()) {
      try (RandomAccessFile raf = new RandomAccessFile(e.getKey().toFile(), "rw")) {
        raf.write(e.getValue());
        if (raf.length() != e.getValue().length) {
          raf.setLength(e.getValue().length);
        }
      }
    }
  }
}
