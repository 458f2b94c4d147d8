package dev.mongolake.delta;

import static dev.mongolake.delta.TestTables.PARTITIONED;
import static dev.mongolake.delta.TestTables.file;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.exceptions.AppendOnlyViolationException;
import dev.mongolake.delta.exceptions.ConcurrentAppendException;
import dev.mongolake.delta.exceptions.ConcurrentDeleteDeleteException;
import dev.mongolake.delta.exceptions.ConcurrentDeleteReadException;
import dev.mongolake.delta.exceptions.ConcurrentTransactionException;
import dev.mongolake.delta.exceptions.MetadataChangedException;
import dev.mongolake.delta.exceptions.TableAlreadyExistsException;
import dev.mongolake.delta.exceptions.TableNotFoundException;
import dev.mongolake.delta.exceptions.UnsupportedTableFeatureException;
import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.ActionCodec;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.CommitInfo;
import dev.mongolake.delta.log.DomainMetadata;
import dev.mongolake.delta.log.Protocol;
import dev.mongolake.delta.storage.MemoryStorage;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DeltaTableCommitTest {
  private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
  private final MemoryStorage storage = new MemoryStorage(clock);
  private final DeltaTableOptions options = DeltaTableOptions.defaults().withClock(clock);

  private DeltaTable newTable() {
    return DeltaTable.create(storage, "db/events", PARTITIONED, options);
  }

  @Test
  void createWritesProtocolAndMetadataAtVersionZero() {
    DeltaTable table = newTable();
    Snapshot snapshot = table.snapshot();
    assertThat(snapshot.version()).isZero();
    assertThat(snapshot.protocol()).isEqualTo(Protocol.of(1, 2));
    assertThat(snapshot.schema()).isEqualTo(TestTables.SCHEMA);
    assertThat(snapshot.partitionColumns()).containsExactly("day");
    assertThat(snapshot.files()).isEmpty();
    List<Action> first =
        ActionCodec.parse(storage.read("db/events/_delta_log/00000000000000000000.json"), "v0");
    assertThat(first.getFirst()).isInstanceOf(CommitInfo.class);
  }

  @Test
  void createRefusesAnExistingTable() {
    newTable();
    assertThatThrownBy(this::newTable)
        .isInstanceOf(TableAlreadyExistsException.class)
        .hasMessage("Cannot create table db/events: version 0 already exists");
  }

  @Test
  void commitsAddAndRemoveFilesAndKeepTombstones() {
    DeltaTable table = newTable();
    AddFile a = file("a.parquet", "2026-01-01", 100);
    AddFile b = file("b.parquet", "2026-01-02", 200);
    assertThat(table.startTransaction().add(List.of(a, b)).commit().version()).isEqualTo(1);
    CommitResult removed = table.startTransaction().remove(a).commit();

    Snapshot snapshot = table.snapshot();
    assertThat(removed.version()).isEqualTo(2);
    assertThat(snapshot.files()).containsExactly(b);
    assertThat(snapshot.tombstones())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.path()).isEqualTo(a.path());
              assertThat(r.deletionTimestamp()).isEqualTo(clock.millis());
            });
    assertThat(snapshot.storagePaths()).containsExactly("db/events/day=2026-01-02/b.parquet");
    assertThat(table.snapshotAt(1).files()).containsExactlyInAnyOrder(a, b);
  }

  @Test
  void aSecondHandleSeesCommitsThroughCheapRefresh() {
    DeltaTable writer = newTable();
    DeltaTable reader = DeltaTable.forPath(storage, "db/events", options);
    assertThat(reader.snapshot().version()).isZero();
    writer.startTransaction().add(file("a.parquet", "d1", 10)).commit();
    writer.startTransaction().add(file("b.parquet", "d1", 10)).commit();
    Snapshot refreshed = reader.snapshot();
    assertThat(refreshed.version()).isEqualTo(2);
    assertThat(refreshed.fileCount()).isEqualTo(2);
  }

  @Test
  void blindAppendsFromTheSameSnapshotBothCommit() {
    DeltaTable table = newTable();
    Snapshot base = table.snapshot();
    CommitResult first = table.startTransaction(base).add(file("a.parquet", "d1", 10)).commit();
    CommitResult second = table.startTransaction(base).add(file("b.parquet", "d1", 10)).commit();
    assertThat(first.version()).isEqualTo(1);
    assertThat(second.version()).isEqualTo(2);
    assertThat(second.attempts()).isEqualTo(2);
    assertThat(table.snapshot().fileCount()).isEqualTo(2);
  }

  @Test
  void removingAFileAnotherCommitRemovedFailsWithDeleteDelete() {
    DeltaTable table = newTable();
    AddFile a = file("a.parquet", "d1", 10);
    table.startTransaction().add(a).commit();
    Snapshot base = table.snapshot();
    table.startTransaction(base).remove(a).commit();
    assertThatThrownBy(() -> table.startTransaction(base).remove(a).commit())
        .isInstanceOf(ConcurrentDeleteDeleteException.class)
        .hasMessage("Cannot commit: version 2 also removed file day=d1/a.parquet");
  }

  @Test
  void readingAFileAnotherCommitRemovedFailsWithDeleteRead() {
    DeltaTable table = newTable();
    AddFile a = file("a.parquet", "d1", 10);
    table.startTransaction().add(a).commit();
    Snapshot base = table.snapshot();
    table.startTransaction(base).remove(a).commit();
    Transaction reader =
        table.startTransaction(base).readFiles(List.of(a)).add(file("b.parquet", "d1", 5));
    assertThatThrownBy(reader::commit)
        .isInstanceOf(ConcurrentDeleteReadException.class)
        .hasMessageContaining("removed file day=d1/a.parquet that was read");
  }

  @Test
  void aWholeTableReadConflictsWithAConcurrentAppend() {
    DeltaTable table = newTable();
    Snapshot base = table.snapshot();
    table.startTransaction(base).add(file("a.parquet", "d1", 10)).commit();
    Transaction txn = table.startTransaction(base).readWholeTable().add(file("b.parquet", "d1", 1));
    assertThatThrownBy(txn::commit)
        .isInstanceOf(ConcurrentAppendException.class)
        .hasMessageContaining("added file day=d1/a.parquet");
  }

  @Test
  void aConcurrentMetadataChangeFailsWithMetadataChanged() {
    DeltaTable table = newTable();
    Snapshot base = table.snapshot();
    table
        .startTransaction(base)
        .updateMetadata(base.metadata().withConfiguration(Map.of("delta.checkpointInterval", "5")))
        .commit();
    assertThatThrownBy(() -> table.startTransaction(base).add(file("a.parquet", "d1", 1)).commit())
        .isInstanceOf(MetadataChangedException.class)
        .hasMessage("Cannot commit: version 1 changed the table metadata");
  }

  @Test
  void aReplayedIdempotentCommitIsNotAppliedTwice() {
    DeltaTable table = newTable();
    CommitResult first =
        table
            .startTransaction()
            .setTransaction("flusher", 7)
            .add(file("a.parquet", "d1", 1))
            .commit();
    CommitResult replay =
        table
            .startTransaction()
            .setTransaction("flusher", 7)
            .add(file("a2.parquet", "d1", 1))
            .commit();
    assertThat(first.status()).isEqualTo(CommitResult.Status.COMMITTED);
    assertThat(replay.status()).isEqualTo(CommitResult.Status.ALREADY_COMMITTED);
    assertThat(table.snapshot().version()).isEqualTo(1);
    assertThat(table.snapshot().transactionVersion("flusher")).hasValue(7);
  }

  @Test
  void aConcurrentCommitForTheSameWriterFailsWithConcurrentTransaction() {
    DeltaTable table = newTable();
    Snapshot base = table.snapshot();
    table
        .startTransaction(base)
        .setTransaction("flusher", 1)
        .add(file("a.parquet", "d1", 1))
        .commit();
    Transaction duplicate =
        table.startTransaction(base).setTransaction("flusher", 1).add(file("a.parquet", "d1", 1));
    assertThatThrownBy(duplicate::commit)
        .isInstanceOf(ConcurrentTransactionException.class)
        .hasMessage("Cannot commit: version 1 recorded progress for the same writer flusher");
  }

  @Test
  void domainMetadataIsReconciledAndTombstoned() {
    DeltaTable table =
        DeltaTable.create(
            storage,
            "db/domains",
            new TableDefinition(TestTables.SCHEMA, List.of(), Map.of(), null),
            options);
    Snapshot v0 = table.snapshot();
    table
        .startTransaction()
        .updateProtocol(
            new Protocol(1, 7, null, List.of("appendOnly", "invariants", "domainMetadata")))
        .domainMetadata(new DomainMetadata("mongolake.indexes", "{\"a\":1}", false))
        .commit();
    assertThat(table.snapshot().domainMetadata()).containsKey("mongolake.indexes");
    table
        .startTransaction()
        .domainMetadata(new DomainMetadata("mongolake.indexes", "{}", true))
        .commit();
    assertThat(table.snapshot().domainMetadata()).isEmpty();
    assertThat(v0.domainMetadata()).isEmpty();
  }

  @Test
  void appendOnlyTablesRefuseRemovingData() {
    DeltaTable table =
        DeltaTable.create(
            storage,
            "db/append",
            new TableDefinition(
                TestTables.SCHEMA, List.of(), Map.of("delta.appendOnly", "true"), null),
            options);
    AddFile a = file("a.parquet", "d1", 1);
    table.startTransaction().add(a).commit();
    assertThatThrownBy(() -> table.startTransaction().remove(a).commit())
        .isInstanceOf(AppendOnlyViolationException.class)
        .hasMessage(
            "Cannot remove file day=d1/a.parquet from db/append: the table is append-only (delta.appendOnly=true)");
  }

  @Test
  void tablesWithUnsupportedFeaturesAreRefusedNamingTheFeature() {
    DeltaTable table = newTable();
    Protocol withRowTracking =
        new Protocol(3, 7, List.of("deletionVectors"), List.of("deletionVectors", "rowTracking"));
    assertThatThrownBy(() -> table.startTransaction().updateProtocol(withRowTracking).commit())
        .isInstanceOf(UnsupportedTableFeatureException.class)
        .hasMessageStartingWith("Cannot write table db/events: it uses table feature rowTracking");
    // Another writer upgrades the table: it is still read, but our writes stay refused.
    storage.writeIfAbsent(
        "db/events/_delta_log/00000000000000000001.json",
        ActionCodec.encode(List.of(withRowTracking)));
    DeltaTable reader = DeltaTable.forPath(storage, "db/events", options);
    assertThat(reader.snapshot().protocol()).isEqualTo(withRowTracking);
    assertThatThrownBy(() -> reader.startTransaction().add(file("b.parquet", "d1", 1)).commit())
        .isInstanceOf(UnsupportedTableFeatureException.class)
        .hasMessage(
            "Cannot write table db/events: it uses table feature rowTracking, which this library does not support");
    Protocol withCatalogManaged =
        new Protocol(
            3, 7, List.of("deletionVectors", "catalogManaged"), List.of("deletionVectors"));
    storage.writeIfAbsent(
        "db/events/_delta_log/00000000000000000002.json",
        ActionCodec.encode(List.of(withCatalogManaged)));
    DeltaTable later = DeltaTable.forPath(storage, "db/events", options);
    assertThatThrownBy(later::snapshot)
        .isInstanceOf(UnsupportedTableFeatureException.class)
        .hasMessage(
            "Cannot read table db/events: it uses table feature catalogManaged, which this library does not support")
        .extracting(e -> ((UnsupportedTableFeatureException) e).feature())
        .isEqualTo("catalogManaged");
  }

  @Test
  void aMissingTableIsReportedByTheFirstRead() {
    DeltaTable table = DeltaTable.forPath(storage, "db/none", options);
    assertThatThrownBy(table::snapshot)
        .isInstanceOf(TableNotFoundException.class)
        .hasMessage(
            "Cannot load table at db/none/_delta_log/: the log has no commit or checkpoint");
  }
}
