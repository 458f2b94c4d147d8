package dev.mongolake.delta;

import static dev.mongolake.delta.TestTables.SCHEMA;
import static dev.mongolake.delta.TestTables.file;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.ActionCodec;
import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.MemoryStorage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * After a checkpoint, log entries older than {@code delta.logRetentionDuration} that no retained
 * version needs are deleted, as the protocol's "Metadata Cleanup" describes.
 */
class MetadataCleanupTest {
  private static final String LOG = "t/_delta_log/";

  private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T12:00:00Z"));
  private final MemoryStorage storage = new MemoryStorage(clock);
  private final DeltaTableOptions options = DeltaTableOptions.defaults().withClock(clock);

  private DeltaTable create(Map<String, String> configuration) {
    return DeltaTable.create(
        storage, "t", new TableDefinition(SCHEMA, List.of("day"), configuration, "t"), options);
  }

  /** Commits versions {@code from..to}, one a day, each adding one file. */
  private void commitDaily(DeltaTable table, int from, int to) {
    for (int v = from; v <= to; v++) {
      clock.advance(Duration.ofDays(1));
      table.startTransaction().add(file("f" + v + ".parquet", "d", v)).commit();
    }
  }

  private List<String> logFiles() {
    return storage.list(LOG, LOG).stream()
        .map(FileEntry::path)
        .map(p -> p.substring(LOG.length()))
        .filter(name -> !name.equals("_last_checkpoint"))
        .toList();
  }

  private static List<String> commits(int from, int to) {
    return IntStream.rangeClosed(from, to).mapToObj("%020d.json"::formatted).toList();
  }

  private static String checkpoint(int version) {
    return "%020d.checkpoint.parquet".formatted(version);
  }

  @Test
  void aCheckpointDeletesWhatTheDefaultThirtyDaysNoLongerNeed() {
    DeltaTable table = create(Map.of());
    commitDaily(table, 1, 25);
    // Versions 0..25 are 25 days old at most: the checkpoints at 10 and 20 deleted nothing.
    assertThat(logFiles()).containsAll(commits(0, 25)).contains(checkpoint(10), checkpoint(20));

    clock.advance(Duration.ofDays(40));
    commitDaily(table, 26, 30); // the checkpoint at 30 runs the cleanup on day 70

    // Cut-off: midnight of day 40; the newest commit not after it is 25 (day 25), the newest
    // checkpoint not after that is 20: it and every commit from 20 on stay.
    assertThat(logFiles())
        .containsExactlyInAnyOrderElementsOf(
            concat(commits(20, 30), List.of(checkpoint(20), checkpoint(30))));
    for (int v = 20; v <= 30; v++) {
      assertThat(table.snapshotAt(v).fileCount()).as("version %d", v).isEqualTo(v);
    }
    assertThatThrownBy(() -> table.snapshotAt(19))
        .isInstanceOf(DeltaException.class)
        .hasMessageStartingWith("Cannot load version 19");
    assertThat(table.history(100).getLast().version()).isEqualTo(20);
  }

  @Test
  void theCutOffCheckpointIsTheNewestNotAfterTheCutOffCommit() {
    DeltaTable table = create(Map.of("delta.logRetentionDuration", "interval 2 days"));
    commitDaily(table, 1, 10);
    // On day 10 the cut-off is midnight of day 8, so the cut-off commit is 7: no checkpoint is
    // that old yet.
    assertThat(logFiles()).containsAll(commits(0, 10));

    commitDaily(table, 11, 20);

    // On day 20 the cut-off commit is 17; the checkpoint at 20 is newer, so 10 is the cut-off
    // checkpoint and versions 10..20 all stay readable.
    assertThat(logFiles())
        .containsExactlyInAnyOrderElementsOf(
            concat(commits(10, 20), List.of(checkpoint(10), checkpoint(20))));
    assertThat(table.snapshotAt(10).fileCount()).isEqualTo(10);
    assertThat(DeltaTable.forPath(storage, "t", options).snapshot().fileCount()).isEqualTo(20);
  }

  @Test
  void inCommitTimestampsDecideWhatExpiresWhenTheTableHasThem() {
    // File times come from the machine's clock (all recent); only the in-commit timestamps, from
    // the table's clock, are old enough to expire anything.
    MemoryStorage recentFiles = new MemoryStorage();
    DeltaTable table =
        DeltaTable.create(
            recentFiles,
            "t",
            new TableDefinition(
                SCHEMA,
                List.of("day"),
                Map.of(
                    "delta.enableInCommitTimestamps", "true",
                    "delta.logRetentionDuration", "interval 2 days"),
                "t"),
            options);

    commitDaily(table, 1, 20);

    assertThat(recentFiles.stat(LOG + "%020d.json".formatted(9))).isEmpty();
    assertThat(recentFiles.stat(LOG + "%020d.json".formatted(10))).isPresent();
    assertThat(table.snapshotAt(10).fileCount()).isEqualTo(10);
  }

  @Test
  void versionChecksumFilesOfDeletedVersionsGoWithThem() {
    DeltaTable table = create(Map.of("delta.logRetentionDuration", "interval 2 days"));
    storage.overwrite(LOG + "%020d.crc".formatted(3), "{}".getBytes(StandardCharsets.UTF_8));
    storage.overwrite(LOG + "%020d.crc".formatted(15), "{}".getBytes(StandardCharsets.UTF_8));

    commitDaily(table, 1, 20);

    assertThat(logFiles()).doesNotContain("%020d.crc".formatted(3));
    assertThat(logFiles()).contains("%020d.crc".formatted(15));
  }

  @Test
  void sidecarsNoRemainingCheckpointReferencesAreDeletedUnlessWrittenSinceYesterday() {
    DeltaTable table = create(Map.of("delta.logRetentionDuration", "interval 2 days"));
    commitDaily(table, 1, 18);
    // V2 checkpoints with sidecars, as Spark writes them: at 5, which expires, and beside the
    // classic checkpoint at 10, which is the cut-off checkpoint on day 20 and stays.
    writeV2Checkpoint(table, 5, "s5.parquet");
    writeV2Checkpoint(table, 10, "s10.parquet");
    writeSidecar("orphan.parquet", new byte[] {1});
    commitDaily(table, 19, 19);
    clock.advance(Duration.ofDays(1));
    writeSidecar("in-progress.parquet", new byte[] {1});

    table.startTransaction().add(file("f20.parquet", "d", 20)).commit(); // cleanup on day 20

    assertThat(logFiles())
        .filteredOn(name -> name.startsWith("_sidecars/"))
        .containsExactlyInAnyOrder("_sidecars/s10.parquet", "_sidecars/in-progress.parquet");
    assertThat(logFiles()).doesNotContain(v2CheckpointName(5)).contains(v2CheckpointName(10));
    assertThat(DeltaTable.forPath(storage, "t", options).snapshotAt(10).fileCount()).isEqualTo(10);
  }

  /**
   * A V2 JSON checkpoint at {@code version} whose file actions live in one sidecar: a copy of the
   * classic checkpoint at 10, which holds the state at 10 (only version 10 is ever read back).
   */
  private void writeV2Checkpoint(DeltaTable table, int version, String sidecar) {
    Snapshot snapshot = table.snapshotAt(version);
    String content =
        String.join(
            "\n",
            "{\"checkpointMetadata\":{\"version\":" + version + "}}",
            ActionCodec.encodeLine(snapshot.protocol()),
            ActionCodec.encodeLine(snapshot.metadata()),
            "{\"sidecar\":{\"path\":\"" + sidecar + "\",\"sizeInBytes\":1,\"modificationTime\":0}}",
            "");
    storage.overwrite(LOG + v2CheckpointName(version), content.getBytes(StandardCharsets.UTF_8));
    writeSidecar(sidecar, storage.read(LOG + checkpoint(10)));
  }

  private static String v2CheckpointName(int version) {
    return "%020d.checkpoint.0b1e4c3a-5f5e-4f7b-9d55-2a0f3c2b9e11.json".formatted(version);
  }

  private void writeSidecar(String name, byte[] content) {
    storage.overwrite(LOG + "_sidecars/" + name, content);
  }

  @Test
  void disablingExpiredLogCleanupKeepsEveryEntry() {
    DeltaTable table =
        create(
            Map.of(
                "delta.logRetentionDuration", "interval 2 days",
                "delta.enableExpiredLogCleanup", "false"));

    commitDaily(table, 1, 20);

    assertThat(logFiles()).containsAll(commits(0, 20)).contains(checkpoint(10), checkpoint(20));
    assertThat(table.snapshotAt(0).fileCount()).isZero();
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
  }
}
