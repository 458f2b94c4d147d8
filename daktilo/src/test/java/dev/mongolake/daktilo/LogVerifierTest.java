package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogVerifierTest {
  @TempDir Path dir;

  private static final DaktiloOptions OPTIONS =
      DaktiloOptions.defaults().withSegmentSize(1024).withDurability(Durability.ASYNC);
  private static final int FRAME = 18 + 20;

  private Path segment(int id) {
    return dir.resolve(String.format("%020d.log", id));
  }

  @BeforeEach
  void writeLog() {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      for (int i = 1; i <= 60; i++) {
        log.append(Payloads.forSequence(i, 20)); // 25 records per segment: 1-25, 26-50, 51-60
      }
      log.checkpoint(20);
    }
  }

  @Test
  void aSoundLogVerifiesOk() {
    VerifyReport report = LogVerifier.verify(dir);
    assertThat(report.ok()).isTrue();
    assertThat(report.segments()).isEqualTo(3);
    assertThat(report.records()).isEqualTo(60);
  }

  @Test
  void verifyingNeitherLocksNorModifiesTheLog() throws Exception {
    byte[] before = Files.readAllBytes(segment(3));
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      assertThat(LogVerifier.verify(dir).ok()).isTrue();
    }
    assertThat(Files.readAllBytes(segment(3))).isEqualTo(before);
  }

  @Test
  void aChecksumMismatchInASealedSegmentNamesSegmentOffsetAndCrcs() throws Exception {
    long offset = 64 + 3 * FRAME + 18 + 5; // a payload byte of sequence 4
    flip(segment(1), offset);
    VerifyReport report = LogVerifier.verify(dir);
    assertThat(report.ok()).isFalse();
    assertThat(report.damages()).hasSize(1);
    VerifyReport.Damage damage = report.damages().get(0);
    assertThat(damage.file()).isEqualTo(segment(1));
    assertThat(damage.offset()).isEqualTo(64 + 3 * FRAME);
    assertThat(damage.reason())
        .startsWith(
            "frame checksum mismatch (sequence field 4) in a sealed segment (stored CRC32C 0x")
        .contains("computed 0x");
  }

  @Test
  void aTornTailIsReportedAsSuch() throws Exception {
    try (RandomAccessFile raf = new RandomAccessFile(segment(3).toFile(), "rw")) {
      raf.setLength(64 + 9 * FRAME + 10);
    }
    VerifyReport report = LogVerifier.verify(dir);
    assertThat(report.damages()).hasSize(1);
    assertThat(report.damages().get(0).offset()).isEqualTo(64 + 9 * FRAME);
    assertThat(report.damages().get(0).reason())
        .contains("torn tail: opening the log truncates it");
    Daktilo.open(dir, OPTIONS).close();
    assertThat(LogVerifier.verify(dir).ok()).isTrue();
  }

  @Test
  void damageFollowedByValidRecordsIsReportedAsInsideTheLog() throws Exception {
    flip(segment(3), 64 + 2 * FRAME + 20);
    VerifyReport report = LogVerifier.verify(dir);
    assertThat(report.damages()).hasSize(1);
    assertThat(report.damages().get(0).reason())
        .contains("valid records follow it (damage inside the log: opening the log refuses it)");
  }

  @Test
  void aMissingSegmentIsReported() throws Exception {
    Files.delete(segment(2));
    VerifyReport report = LogVerifier.verify(dir);
    assertThat(report.damages())
        .extracting(VerifyReport.Damage::reason)
        .anyMatch(r -> r.contains("segment id 3 follows 1: a segment is missing"));
  }

  @Test
  void aMissingFirstSegmentIsReportedAgainstTheCheckpoint() throws Exception {
    Files.delete(segment(1));
    VerifyReport report = LogVerifier.verify(dir);
    assertThat(report.damages())
        .extracting(VerifyReport.Damage::reason)
        .containsExactly(
            "the log starts at sequence 26 but the checkpoint is 20: earlier segments are missing");
  }

  @Test
  void aDirectoryWithoutSegmentsIsNotALog() throws Exception {
    Path empty = Files.createDirectory(dir.resolve("empty"));
    assertThat(LogVerifier.verify(empty).damages())
        .extracting(VerifyReport.Damage::reason)
        .containsExactly("no segment files: not a daktilo log");
    assertThat(LogVerifier.verify(dir.resolve("missing")).damages())
        .extracting(VerifyReport.Damage::reason)
        .containsExactly("not a directory");
  }

  @Test
  void aDamagedCheckpointFileIsReported() throws Exception {
    flip(dir.resolve("checkpoint"), 17);
    VerifyReport report = LogVerifier.verify(dir);
    assertThat(report.damages()).hasSize(1);
    assertThat(report.damages().get(0).file()).isEqualTo(dir.resolve("checkpoint"));
    assertThat(report.damages().get(0).reason()).startsWith("checkpoint checksum mismatch");
  }

  private static void flip(Path file, long offset) throws Exception {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.seek(offset);
      int b = raf.read();
      raf.seek(offset);
      raf.write(b ^ 0x01);
    }
  }
}
