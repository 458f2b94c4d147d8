package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointCompactionTest {
  @TempDir Path dir;

  /** 4 KiB segments hold 20 records of 180 bytes (198 framed): 20 per segment. */
  private static final DaktiloOptions OPTIONS =
      DaktiloOptions.defaults().withSegmentSize(4096).withDurability(Durability.ASYNC);

  private static void fill(Daktilo log, int count) {
    for (int i = 0; i < count; i++) {
      long seq = log.lastSequence() + 1;
      log.append(Payloads.forSequence(seq, 180));
    }
  }

  @Test
  void checkpointIsDurableAcrossReopen() {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      fill(log, 10);
      assertThat(log.checkpointSequence()).isZero();
      log.checkpoint(7);
    }
    assertThat(dir.resolve("checkpoint")).exists();
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      assertThat(log.checkpointSequence()).isEqualTo(7);
    }
  }

  @Test
  void checkpointRejectsMovingBackOrPastTheEnd() {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      fill(log, 10);
      log.checkpoint(5);
      log.checkpoint(5);
      assertThatThrownBy(() -> log.checkpoint(4))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "Cannot checkpoint sequence 4: the checkpoint is already at 5 and never moves back");
      assertThatThrownBy(() -> log.checkpoint(11))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "Cannot checkpoint sequence 11: it must be between 0 and the last sequence 10");
    }
  }

  @Test
  void compactDeletesOnlyWholeSegmentsAtOrBelowTheCheckpoint() {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      fill(log, 70); // segments: 1-20, 21-40, 41-60, 61-70 (active)
      assertThat(log.compact()).isZero();
      log.checkpoint(45);
      assertThat(log.compact()).isEqualTo(2);
      assertThat(log.firstSequence()).isEqualTo(41);
      assertThat(dir.resolve("00000000000000000001.log")).doesNotExist();
      assertThat(dir.resolve("00000000000000000002.log")).doesNotExist();
      assertThat(dir.resolve("00000000000000000003.log")).exists();
      assertThat(log.read(41).payload()).isEqualTo(Payloads.forSequence(41, 180));
      assertThatThrownBy(() -> log.read(40))
          .isInstanceOf(CompactedSequenceException.class)
          .hasMessage(
              "Cannot read sequence 40: it was compacted away (the log now starts at sequence"
                  + " 41)");
      assertThatThrownBy(() -> log.range(30, 50)).isInstanceOf(CompactedSequenceException.class);
      assertThatThrownBy(() -> log.tail(1)).isInstanceOf(CompactedSequenceException.class);
    }
  }

  @Test
  void sequencesAreNeverReusedAfterCompactingEverything() {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      fill(log, 41); // 1-20, 21-40 sealed, 41 active
      log.checkpoint(41);
      assertThat(log.compact()).isEqualTo(2);
      assertThat(log.firstSequence()).isEqualTo(41);
    }
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      assertThat(log.firstSequence()).isEqualTo(41);
      assertThat(log.lastSequence()).isEqualTo(41);
      assertThat(log.append(Payloads.of("next"))).isEqualTo(42);
    }
  }

  @Test
  void aCheckpointAheadOfTheRecoveredLogSkipsSequencesInsteadOfReusingThem() throws Exception {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      fill(log, 10);
      log.checkpoint(10);
    }
    // Simulate an ASYNC machine crash that lost records 6..10 after they were checkpointed.
    Path segment = dir.resolve("00000000000000000001.log");
    try (var raf = new java.io.RandomAccessFile(segment.toFile(), "rw")) {
      raf.setLength(64 + 5 * 198);
    }
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      assertThat(log.lastSequence()).isEqualTo(10);
      assertThat(LogInspector.inspect(dir).headSequence()).isEqualTo(10);
      assertThat(log.append(Payloads.of("after"))).isEqualTo(11);
      assertThat(log.read(5).payload()).isEqualTo(Payloads.forSequence(5, 180));
      assertThatThrownBy(() -> log.read(8)).isInstanceOf(CompactedSequenceException.class);
    }
    assertThat(LogVerifier.verify(dir).damages()).isEmpty();
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      assertThat(log.lastSequence()).isEqualTo(11);
      assertThat(log.append(Payloads.of("again"))).isEqualTo(12);
    }
  }

  @Test
  void sealedSegmentsAreCutToTheirLastRecord() throws Exception {
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      fill(log, 25);
    }
    assertThat(Files.size(dir.resolve("00000000000000000001.log"))).isEqualTo(64 + 20 * 198);
    assertThat(Files.size(dir.resolve("00000000000000000002.log"))).isEqualTo(4096);
  }
}
