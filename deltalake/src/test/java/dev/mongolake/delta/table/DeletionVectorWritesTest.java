package dev.mongolake.delta.table;

import static dev.mongolake.delta.table.DeletionVectorTables.documents;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.DeltaTableOptions;
import dev.mongolake.delta.MutableClock;
import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.Transaction;
import dev.mongolake.delta.VacuumOptions;
import dev.mongolake.delta.cdc.ChangeRow;
import dev.mongolake.delta.dv.DeletedRows;
import dev.mongolake.delta.dv.internal.DeletionVectorLocation;
import dev.mongolake.delta.exceptions.ConcurrentDeleteDeleteException;
import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.DeletionVectorDescriptor;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.storage.MemoryStorage;
import dev.mongolake.delta.storage.Storage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

/**
 * Replacements and deletes of a table with {@code delta.enableDeletionVectors} mark rows in
 * deletion vectors: the data file stays, its {@code add} comes again with the union vector, and
 * every reader of the table skips the marked rows.
 */
class DeletionVectorWritesTest {
  private static final String PATH = "db/dvw";

  private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
  private final Storage storage = new MemoryStorage(clock);

  private DocumentTable table(boolean deletionVectors) {
    DocumentTable table =
        DocumentTable.create(
            storage,
            PATH,
            DocumentTableConfig.defaults()
                .withIdEncoding(IdEncoding.INT32)
                .withRowGroupSizeBytes(1024)
                .withDeletionVectors(deletionVectors),
            clock);
    table.write(documents(0, 2000));
    return table;
  }

  private static BsonDocument doc(int id, int n) {
    return new BsonDocument("_id", new BsonInt32(id)).append("n", new BsonInt32(n));
  }

  private static List<BsonValue> ids(int... ids) {
    return IntStream.of(ids).mapToObj(i -> (BsonValue) new BsonInt32(i)).toList();
  }

  private static TreeMap<Integer, Integer> contents(DocumentSnapshot snapshot) {
    TreeMap<Integer, Integer> out = new TreeMap<>();
    try (var scan = snapshot.scan()) {
      scan.forEachRemaining(d -> out.put(d.getInt32("_id").getValue(), d.getInt32("n").getValue()));
    }
    return out;
  }

  private static TreeMap<Integer, Integer> expected(
      int size, Set<Integer> deleted, TreeMap<Integer, Integer> replaced) {
    TreeMap<Integer, Integer> out = new TreeMap<>();
    for (int i = 0; i < size; i++) {
      if (!deleted.contains(i)) {
        out.put(i, i);
      }
    }
    out.putAll(replaced);
    return out;
  }

  @Test
  void theSwitchIsTheTablePropertyAndTheReaderWriterFeatureAndIsReadBackOnOpen() {
    table(true);
    DocumentTable reopened = DocumentTable.open(storage, PATH, clock).orElseThrow();
    Snapshot snapshot = reopened.delta().snapshot();
    assertThat(reopened.config().deletionVectors()).isTrue();
    assertThat(snapshot.metadata().configuration())
        .containsEntry("delta.enableDeletionVectors", "true");
    assertThat(snapshot.protocol().minReaderVersion()).isEqualTo(3);
    assertThat(snapshot.protocol().minWriterVersion()).isEqualTo(7);
    assertThat(snapshot.protocol().readerFeatures()).contains("deletionVectors");
    assertThat(snapshot.protocol().writerFeatures()).contains("deletionVectors");
  }

  @Test
  void withTheSwitchOffTheProtocolAndPropertiesStayAsBefore() {
    table(false);
    Snapshot snapshot = DocumentTable.open(storage, PATH, clock).orElseThrow().delta().snapshot();
    assertThat(snapshot.metadata().configuration())
        .doesNotContainKey("delta.enableDeletionVectors");
    assertThat(snapshot.protocol().readerFeatures()).doesNotContain("deletionVectors");
    assertThat(snapshot.protocol().writerFeatures()).doesNotContain("deletionVectors");
  }

  @Test
  void updatesAndDeletesMarkTheRowsAndKeepTheDataFile() {
    DocumentTable table = table(true);
    AddFile before = table.snapshot().files().getFirst();
    table.commit(new TableChanges(List.of(doc(2000, 2000)), List.of(doc(5, 500)), ids(7)), null, 0);

    DocumentSnapshot after = table.snapshot();
    List<Action> actions = table.delta().commitActions(after.version());
    assertThat(actions)
        .filteredOn(RemoveFile.class::isInstance)
        .map(a -> ((RemoveFile) a).path())
        .containsExactly(before.path());
    AddFile marked =
        after.files().stream().filter(f -> f.path().equals(before.path())).findFirst().get();
    assertThat(marked.dataChange()).isTrue();
    assertThat(marked.stats()).isEqualTo(before.stats());
    assertThat(marked.size()).isEqualTo(before.size());
    DeletionVectorDescriptor vector = marked.deletionVector();
    assertThat(vector.storageType()).isEqualTo(DeletionVectorLocation.INLINE);
    assertThat(vector.cardinality()).isEqualTo(2);
    assertThat(after.deletedRows(marked)).isEqualTo(DeletedRows.of(5, 7));
    assertThat(after.files()).hasSize(2);
    TreeMap<Integer, Integer> replaced = new TreeMap<>();
    replaced.put(5, 500);
    replaced.put(2000, 2000);
    assertThat(contents(after)).isEqualTo(expected(2000, Set.of(7), replaced));
    assertThat(after.count()).isEqualTo(2000);
  }

  @Test
  void laterDeletesAddToTheVectorAndLargeVectorsGoToAVectorFile() {
    DocumentTable table = table(true);
    table.commit(new TableChanges(List.of(), List.of(), ids(1)), null, 0);
    List<BsonValue> many = new ArrayList<>();
    Set<Integer> deleted = new TreeSet<>(Set.of(1));
    for (int i = 3; i < 2000; i += 3) {
      many.add(new BsonInt32(i));
      deleted.add(i);
    }
    table.commit(new TableChanges(List.of(), List.of(), many), null, 0);

    DocumentSnapshot after = table.snapshot();
    AddFile file = after.files().getFirst();
    assertThat(after.files()).hasSize(1);
    assertThat(file.deletionVector().storageType()).isEqualTo(DeletionVectorLocation.RELATIVE);
    assertThat(file.deletionVector().cardinality()).isEqualTo(deleted.size());
    assertThat(file.deletionVector().maxRowIndex()).isEqualTo(1998L);
    assertThat(storage.stat(DeletionVectorLocation.storagePath(PATH, file.deletionVector())))
        .isPresent();
    assertThat(contents(after)).isEqualTo(expected(2000, deleted, new TreeMap<>()));
    DocumentTable reopened = DocumentTable.open(storage, PATH, clock).orElseThrow();
    assertThat(contents(reopened.snapshot())).isEqualTo(expected(2000, deleted, new TreeMap<>()));
    assertThat(reopened.snapshot().count()).isEqualTo(2000 - deleted.size());
  }

  @Test
  void aFileWhoseLastLiveRowIsDeletedIsRemoved() {
    DocumentTable table =
        DocumentTable.create(
            storage, PATH, DocumentTableConfig.defaults().withDeletionVectors(true), clock);
    table.write(documents(0, 3));
    table.commit(new TableChanges(List.of(), List.of(), ids(0, 1)), null, 0);
    assertThat(table.snapshot().files()).hasSize(1);
    table.commit(new TableChanges(List.of(), List.of(), ids(2)), null, 0);
    assertThat(table.snapshot().files()).isEmpty();
    assertThat(table.snapshot().count()).isZero();
  }

  @Test
  void aCheckpointCarriesTheVectorsAndTheTableReadsTheSameFromIt() {
    DocumentTable table = table(true);
    table.commit(new TableChanges(List.of(), List.of(doc(10, 100)), ids(11, 12)), null, 0);
    TreeMap<Integer, Integer> before = contents(table.snapshot());
    table.delta().checkpoint(table.delta().snapshot());
    // A log of only the checkpoint: the vectors come from it.
    storage.delete(PATH + "/_delta_log/00000000000000000000.json");
    storage.delete(PATH + "/_delta_log/00000000000000000001.json");
    DocumentTable reopened = DocumentTable.open(storage, PATH, clock).orElseThrow();
    assertThat(reopened.snapshot().files())
        .anyMatch(f -> f.deletionVector() != null && f.deletionVector().cardinality() == 3);
    assertThat(contents(reopened.snapshot())).isEqualTo(before).doesNotContainKeys(11, 12);
    reopened.commit(new TableChanges(List.of(), List.of(), ids(13)), null, 0);
    assertThat(contents(reopened.snapshot())).doesNotContainKeys(11, 12, 13).containsEntry(10, 100);
  }

  @Test
  void twoCommitsChangingTheSameFilesVectorConflict() {
    DocumentTable table = table(true);
    Snapshot base = table.delta().snapshot();
    Transaction first = markIn(table, base, 1);
    Transaction second = markIn(table, base, 2);
    first.commit();
    assertThatThrownBy(second::commit)
        .isInstanceOf(ConcurrentDeleteDeleteException.class)
        .hasMessageContaining("also removed file " + base.files().getFirst().path());
    assertThat(contents(table.snapshot())).doesNotContainKey(1).containsKey(2);
  }

  private Transaction markIn(DocumentTable table, Snapshot base, int id) {
    TreeSet<BsonValue> changed =
        new TreeSet<>(dev.mongolake.delta.order.BsonComparisonOrder.INSTANCE);
    changed.add(new BsonInt32(id));
    RowDeletions marked = RowDeletions.mark(storage, PATH, base, IdEncoding.INT32, changed, null);
    Transaction transaction = table.delta().startTransaction(base);
    transaction.readFiles(marked.removed());
    marked.removed().forEach(f -> transaction.remove(f.toRemove(clock.millis(), true)));
    return transaction.add(marked.added());
  }

  @Test
  void vacuumKeepsTheVectorFilesInUseAndDeletesSupersededOnesPastRetention() {
    DocumentTable table = table(true);
    List<BsonValue> first = new ArrayList<>();
    for (int i = 0; i < 2000; i += 4) {
      first.add(new BsonInt32(i));
    }
    table.commit(new TableChanges(List.of(), List.of(), first), null, 0);
    String superseded =
        DeletionVectorLocation.storagePath(
            PATH, table.snapshot().files().getFirst().deletionVector());
    table.commit(new TableChanges(List.of(), List.of(), ids(1, 5, 9)), null, 0);
    String current =
        DeletionVectorLocation.storagePath(
            PATH, table.snapshot().files().getFirst().deletionVector());
    assertThat(current).isNotEqualTo(superseded);
    assertThat(table.delta().snapshot().deletionVectorPaths()).containsExactly(current);
    DeltaTable delta =
        DeltaTable.forPath(storage, PATH, DeltaTableOptions.defaults().withClock(clock));

    assertThat(delta.vacuum(VacuumOptions.defaults()).paths()).isEmpty();
    clock.advance(Duration.ofDays(8));
    assertThat(delta.vacuum(VacuumOptions.defaults()).paths()).containsExactly(superseded);
    assertThat(storage.stat(current)).isPresent();
    assertThat(contents(table.snapshot())).hasSize(2000 - 500 - 3);
  }

  @Test
  void optimizeDropsTheDeletedRowsOfTheFilesItMerges() {
    DocumentTable table =
        DocumentTable.create(
            storage,
            PATH,
            DocumentTableConfig.defaults()
                .withIdEncoding(IdEncoding.INT32)
                .withDeletionVectors(true),
            clock);
    table.write(documents(0, 10));
    table.write(documents(10, 20));
    table.commit(new TableChanges(List.of(), List.of(), ids(3, 15)), null, 0);
    assertThat(table.optimize().compacted()).isTrue();
    DocumentSnapshot after = table.snapshot();
    assertThat(after.files()).hasSize(1).allMatch(f -> f.deletionVector() == null);
    assertThat(contents(after).keySet())
        .isEqualTo(
            IntStream.range(0, 20)
                .filter(i -> i != 3 && i != 15)
                .boxed()
                .collect(Collectors.toCollection(TreeSet::new)));
  }

  @Test
  void theChangeFeedOfAMarkingCommitHoldsTheOldAndNewVersions() {
    DocumentTable table =
        DocumentTable.create(
            storage,
            PATH,
            DocumentTableConfig.defaults()
                .withIdEncoding(IdEncoding.INT32)
                .withChangeDataFeed(true)
                .withDeletionVectors(true),
            clock);
    table.write(documents(0, 10));
    long version =
        table.commit(new TableChanges(List.of(), List.of(doc(2, 20)), ids(4)), null, 0).version();
    List<ChangeRow> changes = table.changes(version, version);
    assertThat(changes)
        .extracting(r -> r.changeType() + ":" + r.document().toJson())
        .containsExactlyInAnyOrder(
            "UPDATE_PREIMAGE:{\"_id\": 2, \"n\": 2}",
            "UPDATE_POSTIMAGE:{\"_id\": 2, \"n\": 20}",
            "DELETE:{\"_id\": 4, \"n\": 4}");
  }

  @Test
  void enablingTheSwitchOnAnExistingTableUpgradesTheProtocolInOneCommit() {
    DocumentTable table = table(false);
    long version = table.enableDeletionVectors();
    assertThat(table.enableDeletionVectors()).isEqualTo(version);
    DocumentTable reopened = DocumentTable.open(storage, PATH, Clock.systemUTC()).orElseThrow();
    assertThat(reopened.config().deletionVectors()).isTrue();
    assertThat(reopened.delta().snapshot().protocol().writerFeatures())
        .contains("deletionVectors", "variantType");
    reopened.commit(new TableChanges(List.of(), List.of(), ids(0)), null, 0);
    assertThat(reopened.snapshot().files().getFirst().deletionVector()).isNotNull();
  }

  @Test
  void optimizeRewritesAFileAloneOnceItsDeletedSharePassesThePurgeShare() {
    DocumentTable table =
        DocumentTable.create(
            storage,
            PATH,
            DocumentTableConfig.defaults()
                .withIdEncoding(IdEncoding.INT32)
                .withDeletionVectors(true),
            clock);
    table.write(documents(0, 100));
    List<BsonValue> first = new ArrayList<>();
    List<BsonValue> second = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      (i < 30 ? first : second).add(new BsonInt32(i));
    }
    table.commit(new TableChanges(List.of(), List.of(), first), null, 0);
    assertThat(table.snapshot().filesToPurgeCount()).isZero();
    assertThat(table.optimize().compacted()).as("30% is not more than 30%").isFalse();

    table.commit(new TableChanges(List.of(), List.of(), second), null, 0);
    assertThat(table.snapshot().filesToPurgeCount()).isEqualTo(1);
    OptimizeResult purged = table.optimize();
    assertThat(purged.compacted()).isTrue();
    DocumentSnapshot after = table.snapshot();
    assertThat(after.files()).hasSize(1).allMatch(f -> f.deletionVector() == null);
    assertThat(contents(after).keySet())
        .isEqualTo(IntStream.range(40, 100).boxed().collect(Collectors.toCollection(TreeSet::new)));
    assertThat(after.filesToPurgeCount()).isZero();
  }

  @Test
  void thePurgeShareIsATablePropertyReadBackOnOpen() {
    DocumentTable.create(
        storage,
        PATH,
        DocumentTableConfig.defaults()
            .withIdEncoding(IdEncoding.INT32)
            .withDeletionVectors(true)
            .withPurgeDeletedShare(0.5),
        clock);
    DocumentTable reopened = DocumentTable.open(storage, PATH, clock).orElseThrow();
    assertThat(reopened.config().purgeDeletedShare()).isEqualTo(0.5);
    assertThat(reopened.delta().snapshot().metadata().configuration())
        .containsEntry("mongolake.purgeDeletedShare", "0.5");
    reopened.write(documents(0, 10));
    reopened.commit(new TableChanges(List.of(), List.of(), ids(0, 1, 2, 3)), null, 0);
    assertThat(reopened.optimize().compacted()).isFalse();
    assertThatThrownBy(() -> DocumentTableConfig.defaults().withPurgeDeletedShare(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot configure a document table: purge share 0.0 is not in (0, 1]");
  }
}
