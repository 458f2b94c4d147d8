package dev.mongolake.delta;

import static dev.mongolake.delta.TestTables.PARTITIONED;
import static dev.mongolake.delta.TestTables.file;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.exceptions.VersionNotFoundException;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.internal.LastCheckpoint;
import dev.mongolake.delta.storage.MemoryStorage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CheckpointTimeTravelVacuumTest {
  private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
  private final MemoryStorage storage = new MemoryStorage(clock);
  private final DeltaTableOptions options = DeltaTableOptions.defaults().withClock(clock);

  /** Versions 1..n each add one file; every third version also removes the previous file. */
  private DeltaTable tableWithCommits(int n) {
    DeltaTable table = DeltaTable.create(storage, "t", PARTITIONED, options);
    AddFile previous = null;
    for (int v = 1; v <= n; v++) {
      clock.advance(Duration.ofMinutes(1));
      AddFile added = file("f" + v + ".parquet", "d" + (v % 3), 10L * v);
      Transaction txn = table.startTransaction().add(added);
      if (v % 3 == 0 && previous != null) {
        txn.remove(previous);
      }
      txn.commit();
      previous = added;
    }
    return table;
  }

  @Test
  void commitsWriteAClassicCheckpointEveryTenVersions() {
    tableWithCommits(25);
    assertThat(storage.stat("t/_delta_log/00000000000000000010.checkpoint.parquet")).isPresent();
    assertThat(storage.stat("t/_delta_log/00000000000000000020.checkpoint.parquet")).isPresent();
    assertThat(storage.stat("t/_delta_log/00000000000000000015.checkpoint.parquet")).isEmpty();
    String hint = new String(storage.read("t/_delta_log/_last_checkpoint"), StandardCharsets.UTF_8);
    assertThat(hint).contains("\"version\":20").contains("\"numOfAddFiles\":14");
  }

  @Test
  void aSnapshotFromACheckpointEqualsTheFullReplay() {
    DeltaTable table = tableWithCommits(25);
    Snapshot fromCheckpoint = DeltaTable.forPath(storage, "t", options).snapshot();
    // Remove the hint and the checkpoints: the same version replays from the commits alone.
    MemoryStorage commitsOnly = new MemoryStorage(clock);
    for (var entry : storage.list("t/", "t/")) {
      if (!entry.path().contains("checkpoint")) {
        commitsOnly.overwrite(entry.path(), storage.read(entry.path()));
      }
    }
    Snapshot replayed = DeltaTable.forPath(commitsOnly, "t", options).snapshot();
    assertThat(fromCheckpoint.version()).isEqualTo(25);
    assertThat(key(fromCheckpoint.files())).isEqualTo(key(replayed.files()));
    assertThat(fromCheckpoint.tombstones()).hasSameSizeAs(replayed.tombstones());
    assertThat(fromCheckpoint.metadata()).isEqualTo(replayed.metadata());
    assertThat(table.snapshot().fileCount()).isEqualTo(replayed.fileCount());
  }

  @Test
  void aCorruptLastCheckpointHintFallsBackToListing() {
    tableWithCommits(12);
    storage.overwrite(
        "t/_delta_log/_last_checkpoint", "{not json".getBytes(StandardCharsets.UTF_8));
    Snapshot snapshot = DeltaTable.forPath(storage, "t", options).snapshot();
    assertThat(snapshot.version()).isEqualTo(12);
    assertThat(LastCheckpoint.read(storage, "t/_delta_log/")).isEmpty();
  }

  @Test
  void aGapInTheLogIsAnError() {
    tableWithCommits(4);
    storage.delete("t/_delta_log/00000000000000000002.json");
    assertThatThrownBy(() -> DeltaTable.forPath(storage, "t", options).snapshot())
        .isInstanceOf(DeltaException.class)
        .hasMessage("Cannot load version 4: the log is not contiguous, version 2 is missing");
  }

  @Test
  void timeTravelByVersionAndByTimestamp() {
    Instant created = clock.instant();
    DeltaTable table = tableWithCommits(12);
    assertThat(table.snapshotAt(5).fileCount()).isEqualTo(4);
    assertThat(table.snapshotAt(11).version()).isEqualTo(11);
    Instant afterV5 = created.plus(Duration.ofMinutes(5)).plusSeconds(30);
    assertThat(table.snapshotAsOf(afterV5).version()).isEqualTo(5);
    assertThat(table.snapshotAsOf(created.plus(Duration.ofMinutes(5))).version()).isEqualTo(5);
    assertThatThrownBy(() -> table.snapshotAsOf(created.minusSeconds(1)))
        .isInstanceOf(VersionNotFoundException.class)
        .hasMessageContaining("the earliest commit in the log is later");
    assertThatThrownBy(() -> table.snapshotAt(13))
        .isInstanceOf(VersionNotFoundException.class)
        .hasMessage("Cannot load version 13: the latest version is 12");
  }

  @Test
  void timeTravelUsesInCommitTimestampsWhenEnabled() {
    DeltaTable table =
        DeltaTable.create(
            storage,
            "ict",
            new TableDefinition(
                TestTables.SCHEMA,
                List.of(),
                Map.of("delta.enableInCommitTimestamps", "true"),
                null),
            options);
    assertThat(table.snapshot().protocol().writerFeatures()).contains("inCommitTimestamp");
    Instant v0 = clock.instant();
    table.startTransaction().add(file("a.parquet", "d", 1)).commit();
    clock.advance(Duration.ofHours(1));
    table.startTransaction().add(file("b.parquet", "d", 1)).commit();
    List<HistoryEntry> history = table.history(10);
    assertThat(history).extracting(HistoryEntry::version).containsExactly(2L, 1L, 0L);
    // Version 1 was committed at the same clock reading as version 0: one millisecond later.
    assertThat(history.get(1).timestamp()).isEqualTo(v0.plusMillis(1));
    assertThat(history.get(0).timestamp()).isEqualTo(v0.plus(Duration.ofHours(1)));
    assertThat(table.snapshotAsOf(v0.plusSeconds(60)).version()).isEqualTo(1);
  }

  @Test
  void enablingInCommitTimestampsLaterRecordsTheEnablementVersionAndTimestamp() {
    DeltaTable table = tableWithCommits(2);
    clock.advance(Duration.ofMinutes(1));
    Snapshot base = table.snapshot();
    Map<String, String> configuration = new java.util.HashMap<>(base.metadata().configuration());
    configuration.put("delta.enableInCommitTimestamps", "true");
    table
        .startTransaction(base)
        .updateProtocol(
            new dev.mongolake.delta.log.Protocol(
                1, 7, null, List.of("appendOnly", "invariants", "inCommitTimestamp")))
        .updateMetadata(base.metadata().withConfiguration(configuration))
        .commit();
    Map<String, String> enabled = table.snapshot().metadata().configuration();
    assertThat(enabled)
        .containsEntry("delta.inCommitTimestampEnablementVersion", "3")
        .containsEntry("delta.inCommitTimestampEnablementTimestamp", Long.toString(clock.millis()));
    clock.advance(Duration.ofMinutes(1));
    table.startTransaction().add(file("late.parquet", "d", 1)).commit();
    List<HistoryEntry> history = table.history(10);
    assertThat(history).extracting(HistoryEntry::version).containsExactly(4L, 3L, 2L, 1L, 0L);
    assertThat(history.get(0).timestamp()).isEqualTo(clock.instant());
    // Before the enablement timestamp only file times count, after it only in-commit timestamps.
    assertThat(table.snapshotAsOf(clock.instant().minusSeconds(30)).version()).isEqualTo(3);
    assertThat(table.snapshotAsOf(clock.instant().minus(Duration.ofMinutes(2))).version())
        .isEqualTo(2);
  }

  @Test
  void historyListsOperationsNewestFirst() {
    DeltaTable table = tableWithCommits(3);
    List<HistoryEntry> history = table.history(2);
    assertThat(history).extracting(HistoryEntry::version).containsExactly(3L, 2L);
    assertThat(history).extracting(HistoryEntry::operation).containsOnly("WRITE");
    assertThat(table.history(10).getLast().operation()).isEqualTo("CREATE TABLE");
  }

  @Test
  void vacuumDeletesOnlyExpiredUnreferencedFiles() {
    DeltaTable table = DeltaTable.create(storage, "v", PARTITIONED, options);
    AddFile kept = file("kept.parquet", "d", 3);
    AddFile removed = file("removed.parquet", "d", 3);
    for (AddFile f : List.of(kept, removed)) {
      storage.overwrite("v/" + f.path(), new byte[3]);
    }
    storage.overwrite("v/day=d/orphan.parquet", new byte[5]);
    table.startTransaction().add(List.of(kept, removed)).commit();
    table.startTransaction().remove(removed).commit();
    clock.advance(Duration.ofDays(1));
    storage.overwrite("v/day=d/in-flight.parquet", new byte[7]);

    VacuumResult early = table.vacuum(VacuumOptions.defaults());
    assertThat(early.paths()).isEmpty();

    clock.advance(Duration.ofDays(7));
    VacuumResult dryRun = table.vacuum(VacuumOptions.defaults().withDryRun(true));
    assertThat(dryRun.paths()).containsExactly("v/day=d/orphan.parquet", "v/day=d/removed.parquet");
    assertThat(storage.stat("v/day=d/orphan.parquet")).isPresent();

    VacuumResult result = table.vacuum(VacuumOptions.defaults());
    assertThat(result.paths()).containsExactly("v/day=d/orphan.parquet", "v/day=d/removed.parquet");
    assertThat(result.bytes()).isEqualTo(8);
    assertThat(storage.stat("v/day=d/removed.parquet")).isEmpty();
    assertThat(storage.stat("v/day=d/kept.parquet")).isPresent();
    assertThat(storage.stat("v/day=d/in-flight.parquet")).isPresent();
    assertThat(storage.list("v/_delta_log/", "v/_delta_log/")).isNotEmpty();
  }

  @Test
  void vacuumRefusesAShortRetentionUnlessForced() {
    DeltaTable table = DeltaTable.create(storage, "v", PARTITIONED, options);
    VacuumOptions oneHour = VacuumOptions.defaults().withRetention(Duration.ofHours(1));
    assertThatThrownBy(() -> table.vacuum(oneHour))
        .isInstanceOf(DeltaException.class)
        .hasMessageStartingWith("Cannot vacuum v: retention PT1H is below the safety threshold");
    assertThat(table.vacuum(oneHour.withForce(true)).paths()).isEmpty();
  }

  private static List<String> key(List<AddFile> files) {
    return files.stream()
        .map(f -> f.path() + "|" + f.size() + "|" + f.partitionValues())
        .sorted()
        .toList();
  }
}
