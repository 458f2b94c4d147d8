package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogInspectorTest {
  @TempDir Path dir;

  @Test
  void describesSegmentsHeadAndCheckpoint() {
    DaktiloOptions options =
        DaktiloOptions.defaults().withSegmentSize(1024).withDurability(Durability.ASYNC);
    try (Daktilo log = Daktilo.open(dir, options)) {
      for (int i = 1; i <= 60; i++) {
        log.append(Payloads.forSequence(i, 20));
      }
      log.checkpoint(30);
      log.compact();
    }
    LogInspection inspection = LogInspector.inspect(dir);
    assertThat(inspection.formatVersion()).isEqualTo(1);
    assertThat(inspection.checkpointSequence()).isEqualTo(30);
    assertThat(inspection.firstSequence()).isEqualTo(26);
    assertThat(inspection.headSequence()).isEqualTo(60);
    assertThat(inspection.segments())
        .extracting(
            LogInspection.SegmentInfo::id,
            LogInspection.SegmentInfo::firstSequence,
            LogInspection.SegmentInfo::lastSequence,
            LogInspection.SegmentInfo::records,
            LogInspection.SegmentInfo::sealed)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(2L, 26L, 50L, 25L, true),
            org.assertj.core.groups.Tuple.tuple(3L, 51L, 60L, 10L, false));
    LogInspection.SegmentInfo active = inspection.segments().get(1);
    assertThat(active.file()).isEqualTo(dir.resolve("00000000000000000003.log"));
    assertThat(active.sizeBytes()).isEqualTo(1024);
    assertThat(active.dataBytes()).isEqualTo(64 + 10 * 38);
    assertThat(inspection.totalBytes()).isEqualTo(64 + 25 * 38 + 1024);
  }

  @Test
  void aNewLogHasNoRecords() {
    Daktilo.open(dir, DaktiloOptions.defaults().withSegmentSize(4096)).close();
    LogInspection inspection = LogInspector.inspect(dir);
    assertThat(inspection.firstSequence()).isZero();
    assertThat(inspection.headSequence()).isZero();
    assertThat(inspection.segments()).hasSize(1);
    assertThat(inspection.segments().get(0).records()).isZero();
    assertThat(inspection.segments().get(0).lastSequence()).isZero();
  }

  @Test
  void aMissingDirectoryIsAClearError() {
    assertThatThrownBy(() -> LogInspector.inspect(dir.resolve("nope")))
        .isInstanceOf(DaktiloException.class)
        .hasMessageContaining("Cannot inspect")
        .hasMessageContaining("it is not a directory");
  }
}
