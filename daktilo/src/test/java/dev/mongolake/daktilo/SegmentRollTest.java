package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SegmentRollTest {
  @TempDir Path dir;

  private static final DaktiloOptions OPTIONS =
      DaktiloOptions.defaults().withSegmentSize(8192).withDurability(Durability.ASYNC);

  @Test
  void theNextSegmentIsPreparedInTheBackgroundAndUsedOnRoll() throws Exception {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      Path spare = dir.resolve("spare-segment.tmp");
      for (int i = 1; i <= 20; i++) {
        log.append(Payloads.forSequence(i, 200)); // past an eighth: the spare is requested
      }
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> Files.exists(spare) && Files.size(spare) == 8192);
      for (int i = 21; i <= 40; i++) {
        log.append(Payloads.forSequence(i, 200));
      }
      assertThat(dir.resolve("00000000000000000002.log")).exists();
      assertThat(Files.size(dir.resolve("00000000000000000002.log"))).isEqualTo(8192);
    }
    assertThat(dir.resolve("spare-segment.tmp")).doesNotExist();
    LogInspection inspection = LogInspector.inspect(dir);
    assertThat(inspection.segments()).hasSize(2);
    assertThat(inspection.segments().get(1).firstSequence()).isEqualTo(38);
    assertThat(LogVerifier.verify(dir).ok()).isTrue();
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      for (int i = 1; i <= 40; i++) {
        assertThat(log.read(i).payload()).isEqualTo(Payloads.forSequence(i, 200));
      }
    }
  }

  @Test
  void durableModesPreallocateWithZerosAndRollTheSame() throws Exception {
    DaktiloOptions batch = OPTIONS.withDurability(Durability.BATCH);
    try (Daktilo log = Daktilo.open(dir, batch)) {
      Path spare = dir.resolve("spare-segment.tmp");
      assertThat(spare).doesNotExist(); // not before the active segment is an eighth full
      log.append(new byte[2000]);
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> Files.exists(spare) && Files.size(spare) == 8192);
      assertThat(Files.readAllBytes(spare)).containsOnly((byte) 0);
      for (int i = 2; i <= 100; i++) {
        log.append(Payloads.forSequence(i, 200));
      }
    }
    assertThat(LogVerifier.verify(dir).ok()).isTrue();
    assertThat(LogInspector.inspect(dir).segments()).hasSize(3);
  }

  @Test
  void manyRollsKeepEveryRecordReadableAndSealedSegmentsImmutable() throws Exception {
    try (Daktilo log = Daktilo.open(dir, OPTIONS.withSegmentSize(4096).withCacheBytes(1024))) {
      for (int i = 1; i <= 1000; i++) {
        log.append(Payloads.forSequence(i, i % 300));
      }
      for (int i = 1; i <= 1000; i += 13) {
        assertThat(log.read(i).payload()).isEqualTo(Payloads.forSequence(i, i % 300));
      }
    }
    LogInspection inspection = LogInspector.inspect(dir);
    assertThat(inspection.headSequence()).isEqualTo(1000);
    for (LogInspection.SegmentInfo s : inspection.segments()) {
      if (s.sealed()) {
        assertThat(s.sizeBytes()).isEqualTo(s.dataBytes());
      }
    }
    long records =
        inspection.segments().stream().mapToLong(LogInspection.SegmentInfo::records).sum();
    assertThat(records).isEqualTo(1000);
  }

  @Test
  void aCrashBetweenSealingAndCreatingTheNextSegmentResumesInTheSealedOne() throws Exception {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      for (int i = 1; i <= 38; i++) {
        log.append(Payloads.forSequence(i, 200)); // 37 fit in segment 1; 38 rolls to segment 2
      }
    }
    // Undo the roll's last step: segment 1 is sealed (cut to its records), segment 2 never made.
    // Record 38 was never acknowledged in this story.
    Files.delete(dir.resolve("00000000000000000002.log"));
    assertThat(Files.size(dir.resolve("00000000000000000001.log"))).isEqualTo(64 + 37 * 218);
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      assertThat(log.lastSequence()).isEqualTo(37);
      assertThat(Files.size(dir.resolve("00000000000000000001.log"))).isEqualTo(8192);
      assertThat(log.append(Payloads.forSequence(38, 200))).isEqualTo(38);
      assertThat(log.read(37).payload()).isEqualTo(Payloads.forSequence(37, 200));
    }
    assertThat(LogVerifier.verify(dir).ok()).isTrue();
  }
}
