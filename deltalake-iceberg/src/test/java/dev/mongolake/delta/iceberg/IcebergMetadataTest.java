package dev.mongolake.delta.iceberg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.DeltaTableOptions;
import dev.mongolake.delta.KernelEngines;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.table.AutoPromote;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.DocumentTableConfig;
import dev.mongolake.delta.table.TableChanges;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.utils.CloseableIterator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.types.Types;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Iceberg metadata the listener writes, loaded by iceberg-core alone and compared with what
 * delta-kernel reads from the same Delta table.
 */
class IcebergMetadataTest {
  private static final Engine KERNEL = KernelEngines.local();

  @TempDir Path root;

  private final IcebergMetadataListener listener = IcebergMetadata.listener();

  @AfterEach
  void closeListener() {
    listener.close();
  }

  @Test
  void icebergSeesTheSameDataFilesAsDeltaKernel() throws Exception {
    DocumentTable table = create(fixedSchema("{n: 'long', s: 'string'}"));
    for (int file = 0; file < 3; file++) {
      table.write(batch(file * 10L, 10));
    }
    // Replacing one document rewrites its file (remove + add); deleting every document of a file
    // only removes it.
    table.commit(
        new TableChanges(List.of(), List.of(person(5).append("s", new BsonString("x"))), List.of()),
        null,
        0);
    List<BsonValue> third = new ArrayList<>();
    for (long id = 20; id < 30; id++) {
      third.add(new BsonInt64(id));
    }
    table.commit(new TableChanges(List.of(), List.of(), third), null, 0);
    awaitMirrored(listener);

    List<String> kernel = kernelFiles(tableFolder());
    assertThat(kernel).hasSize(2);
    assertThat(LocalIcebergTables.fileNames(iceberg(), null))
        .containsExactlyInAnyOrderElementsOf(kernel);
    assertThat(iceberg().currentSnapshot().summary()).containsEntry("total-records", "20");
  }

  @Test
  void versionsMirroredOneAtATimeBecomeOneSnapshotEach() throws InterruptedException {
    DocumentTable table = create(fixedSchema("{n: 'long'}"));
    table.write(batch(0, 10));
    awaitMirrored(listener);
    table.write(batch(10, 10));
    awaitMirrored(listener);
    table.commit(
        new TableChanges(List.of(), List.of(person(3).append("n", new BsonInt64(-3))), List.of()),
        null,
        0);
    awaitMirrored(listener);

    List<Snapshot> snapshots = history(iceberg());
    assertThat(snapshots)
        .extracting(s -> s.summary().get(IcebergMetadata.DELTA_VERSION))
        .containsExactly("0", "1", "2", "3");
    assertThat(snapshots)
        .extracting(Snapshot::operation)
        .containsExactly("append", "append", "append", "overwrite");
    assertThat(snapshots)
        .extracting(s -> s.summary().get(IcebergMetadata.DELTA_FIRST_VERSION))
        .containsExactly("0", "1", "2", "3");
    assertThat(snapshots.get(3).summary()).containsEntry(IcebergMetadata.DELTA_OPERATION, "MERGE");
    assertThat(table.delta().snapshot().version()).isEqualTo(3);
  }

  @Test
  void filteredScanPrunesFilesByColumnStatistics() throws InterruptedException {
    DocumentTable table = create(autoPromoted());
    for (int file = 0; file < 5; file++) {
      table.write(batch(file * 20L, 20));
    }
    awaitMirrored(listener);
    Table iceberg = iceberg();

    assertThat(iceberg.schema().findField("n").type()).isEqualTo(Types.LongType.get());
    assertThat(LocalIcebergTables.fileNames(iceberg, null)).hasSize(5);
    assertThat(LocalIcebergTables.fileNames(iceberg, Expressions.equal("n", 42L))).hasSize(1);
    assertThat(
            LocalIcebergTables.fileNames(
                iceberg,
                Expressions.and(
                    Expressions.greaterThanOrEqual("n", 45L), Expressions.lessThan("n", 65L))))
        .hasSize(2);
    assertThat(LocalIcebergTables.fileNames(iceberg, Expressions.equal("s", "v99"))).hasSize(1);
    assertThat(LocalIcebergTables.fileNames(iceberg, Expressions.greaterThan("n", 1000L)))
        .isEmpty();
  }

  @Test
  void fieldIdsStayStableWhenAColumnIsPromoted() throws InterruptedException {
    DocumentTable table = create(autoPromoted());
    List<BsonDocument> withoutS = new ArrayList<>();
    for (long id = 0; id < 20; id++) {
      withoutS.add(new BsonDocument("_id", new BsonInt64(id)).append("n", new BsonInt64(id)));
    }
    table.write(withoutS);
    awaitMirrored(listener);
    Table before = iceberg();
    int idOfId = before.schema().findField("_id").fieldId();
    int idOfDoc = before.schema().findField("doc").fieldId();
    int idOfN = before.schema().findField("n").fieldId();
    assertThat(before.schema().findField("s")).isNull();

    table.write(batch(100, 20));
    table.write(batch(200, 20));
    awaitMirrored(listener);
    Table after = iceberg();

    assertThat(after.schema().findField("s")).isNotNull();
    assertThat(after.schema().findField("_id").fieldId()).isEqualTo(idOfId);
    assertThat(after.schema().findField("doc").fieldId()).isEqualTo(idOfDoc);
    assertThat(after.schema().findField("n").fieldId()).isEqualTo(idOfN);
    assertThat(after.schema().findField("s").fieldId())
        .isGreaterThan(before.schema().highestFieldId());
    assertThat(after.schema().findField("doc").type()).isEqualTo(Types.VariantType.get());
    assertThat(after.schemas()).hasSize(before.schemas().size() + 1);
    // The file written before the promotion has no statistics for s, so it cannot be pruned; of the
    // two written after, only the one holding v105 matches.
    assertThat(LocalIcebergTables.fileNames(after, Expressions.equal("s", "v105"))).hasSize(2);
    assertThat(LocalIcebergTables.fileNames(after, null)).hasSize(3);
  }

  @Test
  void versionsCommittedWithoutTheListenerAreCaughtUpInOneSnapshot() throws Exception {
    DocumentTable table = create(fixedSchema("{n: 'long', s: 'string'}"));
    table.write(batch(0, 10));
    awaitMirrored(listener);
    table.write(batch(10, 10));
    awaitMirrored(listener);
    DocumentTable withoutListener =
        DocumentTable.open(new FileSystemStorage(root), "db/c", Clock.systemUTC()).orElseThrow();
    // Version 3 adds a file that version 5 removes again; version 4 rewrites a file Iceberg has.
    withoutListener.write(batch(20, 10));
    withoutListener.commit(
        new TableChanges(List.of(), List.of(person(5).append("s", new BsonString("x"))), List.of()),
        null,
        0);
    withoutListener.commit(new TableChanges(List.of(), List.of(), ids(20, 30)), null, 0);
    assertThat(iceberg().currentSnapshot().summary())
        .containsEntry(IcebergMetadata.DELTA_VERSION, "2");

    table.write(batch(30, 10));
    awaitMirrored(listener);

    List<Snapshot> snapshots = history(iceberg());
    assertThat(snapshots)
        .extracting(s -> s.summary().get(IcebergMetadata.DELTA_VERSION))
        .containsExactly("0", "1", "2", "6");
    Snapshot caughtUp = snapshots.getLast();
    assertThat(caughtUp.summary())
        .containsEntry(IcebergMetadata.DELTA_FIRST_VERSION, "3")
        .containsEntry(IcebergMetadata.DELTA_OPERATION, "WRITE,MERGE")
        .containsEntry("total-records", "30");
    assertThat(caughtUp.operation()).isEqualTo("overwrite");
    assertThat(LocalIcebergTables.fileNames(iceberg(), null))
        .containsExactlyInAnyOrderElementsOf(kernelFiles(tableFolder()));
  }

  @Test
  void versionsWhoseCommitFilesAreGoneAreResyncedFromTheLiveFiles() throws Exception {
    DocumentTable table = create(fixedSchema("{n: 'long', s: 'string'}"));
    table.write(batch(0, 10));
    awaitMirrored(listener);
    DocumentTable withoutListener =
        DocumentTable.open(new FileSystemStorage(root), "db/c", Clock.systemUTC()).orElseThrow();
    for (int commit = 0; commit < 8; commit++) {
      withoutListener.write(batch(10 + commit * 10L, 10));
    }
    // Versions 2-9: the first rewrites the file of version 1, the others add a file each.
    withoutListener.commit(
        new TableChanges(List.of(), List.of(person(5).append("s", new BsonString("x"))), List.of()),
        null,
        0);
    // Delta's log cleanup: the checkpoint of version 10 and the commits after it remain.
    assertThat(tableFolder().resolve("_delta_log/00000000000000000010.checkpoint.parquet"))
        .exists();
    for (long version = 2; version < 10; version++) {
      Files.delete(tableFolder().resolve(String.format("_delta_log/%020d.json", version)));
    }
    DocumentTable reopened =
        DocumentTable.open(
                new FileSystemStorage(root),
                "db/c",
                Clock.systemUTC(),
                DeltaTableOptions.defaults().withCommitListener(listener))
            .orElseThrow();
    reopened.write(batch(100, 10));
    awaitMirrored(listener);

    assertThat(iceberg().currentSnapshot().summary())
        .containsEntry(IcebergMetadata.DELTA_OPERATION, "RESYNC")
        .containsEntry(IcebergMetadata.DELTA_FIRST_VERSION, "2")
        .containsEntry(IcebergMetadata.DELTA_VERSION, "11")
        .containsEntry("total-records", "100");
    assertThat(LocalIcebergTables.fileNames(iceberg(), null))
        .containsExactlyInAnyOrderElementsOf(kernelFiles(tableFolder()));
  }

  @Test
  void twoWritersWithTheirOwnListenersMirrorEachVersionOnce() throws Exception {
    DocumentTable first = create(fixedSchema("{n: 'long'}"));
    try (IcebergMetadataListener secondListener = IcebergMetadata.listener()) {
      DocumentTable second =
          DocumentTable.open(
                  new FileSystemStorage(root),
                  "db/c",
                  Clock.systemUTC(),
                  DeltaTableOptions.defaults().withCommitListener(secondListener))
              .orElseThrow();
      for (int commit = 0; commit < 8; commit++) {
        (commit % 2 == 0 ? first : second).write(batch(commit * 10L, 10));
      }
      // A mirror that loses the race for a metadata version fails, and its retry finds the
      // versions mirrored by the other.
      awaitMirrored(listener);
      awaitMirrored(secondListener);
    }

    List<Snapshot> snapshots = history(iceberg());
    assertCoverEachVersionOnce(snapshots, 8);
    assertThat(LocalIcebergTables.fileNames(iceberg(), null))
        .containsExactlyInAnyOrderElementsOf(kernelFiles(tableFolder()));
  }

  @Test
  @Timeout(60)
  void commitsDoNotWaitForTheMirrorAndVersionsArrivingMeanwhileShareASnapshot() throws Exception {
    GatedStorage storage = new GatedStorage(root);
    try (IcebergMetadataListener gated = IcebergMetadata.listener(root.toUri().toString())) {
      DocumentTable table = create(storage, fixedSchema("{n: 'long', s: 'string'}"), gated);
      table.write(batch(0, 10));
      awaitMirrored(gated);
      CountDownLatch held = storage.hold();

      // Each of these commits would block on the held metadata write if it mirrored in place.
      table.write(batch(10, 10));
      table.write(batch(20, 10));
      table.commit(
          new TableChanges(
              List.of(), List.of(person(12).append("s", new BsonString("x"))), List.of()),
          null,
          0);
      table.commit(new TableChanges(List.of(), List.of(), ids(20, 30)), null, 0);
      table.write(batch(30, 10));
      assertThat(table.delta().snapshot().version()).isEqualTo(6);
      assertThat(gated.awaitMirrored(Duration.ofMillis(100))).isFalse();
      assertThat(gated.stats().pendingTables()).isEqualTo(1);
      assertThat(iceberg().currentSnapshot().summary())
          .containsEntry(IcebergMetadata.DELTA_VERSION, "1");

      held.countDown();
      awaitMirrored(gated);

      List<Snapshot> snapshots = history(iceberg());
      assertCoverEachVersionOnce(snapshots, 6);
      // The pass held back covers at most the versions committed before it started; the next
      // covers the rest at once.
      assertThat(snapshots).hasSizeLessThanOrEqualTo(4);
      assertThat(gated.stats()).isEqualTo(new IcebergMirrorStats(snapshots.size(), 7, 0, 0));
      assertThat(iceberg().currentSnapshot().summary()).containsEntry("total-records", "30");
      assertThat(LocalIcebergTables.fileNames(iceberg(), null))
          .containsExactlyInAnyOrderElementsOf(kernelFiles(tableFolder()));
    }
  }

  @Test
  void aFailingMirrorNeverFailsACommitAndCatchesUpOnceItCan() throws Exception {
    GatedStorage storage = new GatedStorage(root);
    try (IcebergMetadataListener flaky = IcebergMetadata.listener(root.toUri().toString())) {
      DocumentTable table = create(storage, fixedSchema("{n: 'long', s: 'string'}"), flaky);
      awaitMirrored(flaky);
      storage.failing(true);

      table.write(batch(0, 10));
      table.write(batch(10, 10));

      assertThat(table.delta().snapshot().version()).isEqualTo(2);
      awaitFailure(flaky);
      assertThat(flaky.awaitMirrored(Duration.ofMillis(100))).isFalse();
      assertThat(flaky.stats().pendingTables()).isEqualTo(1);
      assertThat(iceberg().currentSnapshot().summary())
          .containsEntry(IcebergMetadata.DELTA_VERSION, "0");

      storage.failing(false);
      // No further commit: the retry after the pause catches up.
      awaitMirrored(flaky);

      assertThat(iceberg().currentSnapshot().summary())
          .containsEntry(IcebergMetadata.DELTA_VERSION, "2")
          .containsEntry("total-records", "20");
      assertCoverEachVersionOnce(history(iceberg()), 2);
      assertThat(LocalIcebergTables.fileNames(iceberg(), null))
          .containsExactlyInAnyOrderElementsOf(kernelFiles(tableFolder()));
    }
  }

  @Test
  @Timeout(60)
  void closeGivesAFailingTableOneMoreTryAndLeavesItToItsNextCommit() throws Exception {
    GatedStorage storage = new GatedStorage(root);
    try (IcebergMetadataListener flaky = IcebergMetadata.listener(root.toUri().toString())) {
      DocumentTable table = create(storage, fixedSchema("{n: 'long'}"), flaky);
      awaitMirrored(flaky);
      storage.failing(true);
      table.write(batch(0, 10));
      long failuresBefore = awaitFailure(flaky);

      flaky.close();

      assertThat(flaky.stats().failures()).isGreaterThan(failuresBefore);
      assertThat(flaky.stats().pendingTables()).isZero();
      assertThat(iceberg().currentSnapshot().summary())
          .containsEntry(IcebergMetadata.DELTA_VERSION, "0");

      storage.failing(false);
      table.write(batch(10, 10));
      awaitMirrored(flaky);
      assertThat(iceberg().currentSnapshot().summary())
          .containsEntry(IcebergMetadata.DELTA_VERSION, "2")
          .containsEntry(IcebergMetadata.DELTA_FIRST_VERSION, "1");
      assertThat(LocalIcebergTables.fileNames(iceberg(), null))
          .containsExactlyInAnyOrderElementsOf(kernelFiles(tableFolder()));
    }
  }

  @Test
  void vacuumKeepsTheIcebergMetadataHoweverOld() throws Exception {
    DocumentTable table = create(fixedSchema("{n: 'long', s: 'string'}"));
    table.write(batch(0, 10));
    table.write(batch(10, 10));
    table.commit(
        new TableChanges(List.of(), List.of(person(5).append("s", new BsonString("x"))), List.of()),
        null,
        0);
    awaitMirrored(listener);
    List<String> metadataBefore = metadataFiles();

    var result =
        table
            .delta()
            .vacuum(
                dev.mongolake.delta.VacuumOptions.defaults()
                    .withRetention(Duration.ZERO)
                    .withForce(true));

    // The file the replacement rewrote is gone; every Iceberg metadata file stays.
    assertThat(result.paths()).hasSize(1).noneMatch(path -> path.contains("/metadata/"));
    assertThat(metadataFiles()).containsExactlyInAnyOrderElementsOf(metadataBefore);
    assertThat(LocalIcebergTables.fileNames(iceberg(), null))
        .containsExactlyInAnyOrderElementsOf(kernelFiles(tableFolder()))
        .allSatisfy(name -> assertThat(tableFolder().resolve(name)).exists());
  }

  @Test
  void closeFinishesThePendingVersions() throws Exception {
    DocumentTable table = create(fixedSchema("{n: 'long'}"));
    for (int commit = 0; commit < 5; commit++) {
      table.write(batch(commit * 10L, 10));
    }

    listener.close();

    assertThat(listener.stats().pendingTables()).isZero();
    assertThat(iceberg().currentSnapshot().summary())
        .containsEntry(IcebergMetadata.DELTA_VERSION, "5");
    assertThat(LocalIcebergTables.fileNames(iceberg(), null))
        .containsExactlyInAnyOrderElementsOf(kernelFiles(tableFolder()));
    // A commit after close starts the background mirror again.
    table.write(batch(50, 10));
    awaitMirrored(listener);
    assertThat(iceberg().currentSnapshot().summary())
        .containsEntry(IcebergMetadata.DELTA_VERSION, "6");
  }

  @Test
  void mirrorBringsATableWrittenWithoutTheListenerUpToDate() throws IOException {
    DocumentTable table =
        DocumentTable.create(
            new FileSystemStorage(root), "db/c", fixedSchema("{n: 'long'}"), Clock.systemUTC());
    table.write(batch(0, 10));
    table.write(batch(10, 10));

    IcebergMetadata.mirror(table.delta(), IcebergMetadata.listener());

    assertThat(iceberg().currentSnapshot().summary())
        .containsEntry(IcebergMetadata.DELTA_VERSION, "2");
    assertThat(LocalIcebergTables.fileNames(iceberg(), null))
        .containsExactlyInAnyOrderElementsOf(kernelFiles(tableFolder()));
  }

  @Test
  void aStorageWithoutAFileLocationNeedsTheRootLocationNamed() {
    var storage = new dev.mongolake.delta.storage.MemoryStorage();
    DocumentTable table =
        DocumentTable.create(storage, "db/c", fixedSchema("{n: 'long'}"), Clock.systemUTC());

    assertThatThrownBy(() -> IcebergMetadata.mirror(table.delta(), IcebergMetadata.listener()))
        .isInstanceOf(IcebergMetadataException.class)
        .hasMessageContaining("Cannot write Iceberg metadata of db/c")
        .hasMessageContaining("IcebergMetadata.listener(String)");
    IcebergMetadata.mirror(table.delta(), IcebergMetadata.listener("memory://lake/"));
    assertThat(storage.stat("db/c/metadata/version-hint.text")).isPresent();
  }

  @Test
  void metadataFilesFollowIcebergsFileSystemLayout() throws Exception {
    DocumentTable table = create(fixedSchema("{n: 'long'}"));
    table.write(batch(0, 10));
    awaitMirrored(listener);

    Path metadata = tableFolder().resolve("metadata");
    String hint = Files.readString(metadata.resolve("version-hint.text")).trim();
    assertThat(metadata.resolve("v" + hint + ".metadata.json")).exists();
    assertThat(((org.apache.iceberg.BaseTable) iceberg()).operations().current().formatVersion())
        .isEqualTo(3);
    assertThat(iceberg().properties()).containsKey("schema.name-mapping.default");
    assertThat(iceberg().currentSnapshot().addedDataFiles(iceberg().io()))
        .allSatisfy(file -> assertThat(file.location()).startsWith(root.toUri().toString()));
  }

  @Test
  void oldSnapshotsExpireWithTheirManifestListsButNoDataFile() throws Exception {
    DocumentTable table = create(fixedSchema("{n: 'long'}"));
    for (int commit = 0; commit < 115; commit++) {
      table.write(batch(commit * 2L, 2));
      // One snapshot per version, so that the counts below are exact.
      awaitMirrored(listener);
    }
    Table iceberg = iceberg();
    List<Snapshot> snapshots = history(iceberg);

    // 111 snapshots (versions 0-110) were cut to the newest 100; versions 111-115 came after.
    assertThat(snapshots).hasSize(105);
    assertThat(snapshots.getFirst().summary()).containsEntry(IcebergMetadata.DELTA_VERSION, "11");
    assertThat(snapshots.getLast().summary()).containsEntry(IcebergMetadata.DELTA_VERSION, "115");
    assertThat(LocalIcebergTables.fileNames(iceberg, null))
        .hasSize(115)
        .allSatisfy(name -> assertThat(tableFolder().resolve(name)).exists());
    try (var files = Files.list(tableFolder().resolve("metadata"))) {
      List<String> names = files.map(f -> f.getFileName().toString()).toList();
      assertThat(names.stream().filter(n -> n.startsWith("snap-"))).hasSize(105);
      assertThat(names.stream().filter(n -> n.endsWith(".metadata.json"))).hasSizeLessThan(110);
    }
  }

  /** A table whose Iceberg metadata {@link #listener} writes, version 0 already mirrored. */
  @Test
  void aPartitionedTableIsRefusedByNameAndNeverMirrored() {
    DocumentTable table =
        DocumentTable.create(
            new FileSystemStorage(root),
            "db/c",
            fixedSchema("{n: 'long'}")
                .withPartitionColumns(
                    dev.mongolake.delta.table.PartitionColumns.parse(
                        BsonDocument.parse("{s: 'string'}"))),
            Clock.systemUTC());
    table.write(batch(0, 10));

    assertThatThrownBy(() -> IcebergMetadata.mirror(table.delta(), listener))
        .isInstanceOf(IcebergMetadataException.class)
        .hasMessageContaining(
            "Cannot mirror Delta table db/c into Iceberg: it is partitioned by [s]");
    assertThat(tableFolder().resolve("metadata")).doesNotExist();
  }

  private DocumentTable create(DocumentTableConfig config) {
    DocumentTable table = create(new FileSystemStorage(root), config, listener);
    try {
      awaitMirrored(listener);
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
    return table;
  }

  private static DocumentTable create(
      dev.mongolake.delta.storage.Storage storage,
      DocumentTableConfig config,
      IcebergMetadataListener listener) {
    return DocumentTable.create(
        storage,
        "db/c",
        config,
        Clock.systemUTC(),
        UUID.randomUUID().toString(),
        DeltaTableOptions.defaults().withCommitListener(listener));
  }

  private static void awaitMirrored(IcebergMetadataListener listener) throws InterruptedException {
    assertThat(listener.awaitMirrored(Duration.ofSeconds(30)))
        .as("mirrored within 30 s: %s", listener.stats())
        .isTrue();
  }

  private List<String> metadataFiles() throws IOException {
    try (var files = Files.list(tableFolder().resolve("metadata"))) {
      return files.map(f -> f.getFileName().toString()).toList();
    }
  }

  /** The failure count, once the listener has counted at least one. */
  private static long awaitFailure(IcebergMetadataListener listener) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (listener.stats().failures() == 0 && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(listener.stats().failures()).as("a failed pass within 30 s").isPositive();
    return listener.stats().failures();
  }

  /**
   * The snapshots, oldest first, cover Delta versions 0 to {@code last} without a gap or an
   * overlap: each starts after the one before ends.
   */
  private static void assertCoverEachVersionOnce(List<Snapshot> snapshots, long last) {
    long next = 0;
    for (Snapshot snapshot : snapshots) {
      assertThat(snapshot.summary())
          .containsEntry(IcebergMetadata.DELTA_FIRST_VERSION, Long.toString(next));
      long version = Long.parseLong(snapshot.summary().get(IcebergMetadata.DELTA_VERSION));
      assertThat(version).isGreaterThanOrEqualTo(next);
      next = version + 1;
    }
    assertThat(next - 1).isEqualTo(last);
  }

  private static List<BsonValue> ids(long first, long end) {
    List<BsonValue> ids = new ArrayList<>();
    for (long id = first; id < end; id++) {
      ids.add(new BsonInt64(id));
    }
    return ids;
  }

  private static DocumentTableConfig fixedSchema(String schema) {
    return DocumentTableConfig.defaults()
        .withIdEncoding(IdEncoding.INT64)
        .withSchema(DocumentSchema.parse(BsonDocument.parse(schema)));
  }

  private static DocumentTableConfig autoPromoted() {
    return DocumentTableConfig.defaults()
        .withIdEncoding(IdEncoding.INT64)
        .withAutoPromote(AutoPromote.atThreshold(0.9));
  }

  private Path tableFolder() {
    return root.resolve("db/c");
  }

  private Table iceberg() {
    return LocalIcebergTables.load(tableFolder());
  }

  /** The current snapshot and its ancestors, oldest first. */
  private static List<Snapshot> history(Table table) {
    List<Snapshot> snapshots = new ArrayList<>();
    for (Snapshot s = table.currentSnapshot();
        s != null;
        s = s.parentId() == null ? null : table.snapshot(s.parentId())) {
      snapshots.addFirst(s);
    }
    return snapshots;
  }

  private static List<BsonDocument> batch(long first, int count) {
    List<BsonDocument> batch = new ArrayList<>();
    for (long id = first; id < first + count; id++) {
      batch.add(person(id));
    }
    return batch;
  }

  private static BsonDocument person(long n) {
    return new BsonDocument("_id", new BsonInt64(n))
        .append("n", new BsonInt64(n))
        .append("s", new BsonString("v" + n));
  }

  private static List<String> kernelFiles(Path tableFolder) throws IOException {
    io.delta.kernel.Snapshot snapshot =
        io.delta.kernel.Table.forPath(KERNEL, tableFolder.toString()).getLatestSnapshot(KERNEL);
    List<String> files = new ArrayList<>();
    try (CloseableIterator<FilteredColumnarBatch> batches =
        snapshot.getScanBuilder().build().getScanFiles(KERNEL)) {
      while (batches.hasNext()) {
        try (CloseableIterator<Row> rows = batches.next().getRows()) {
          while (rows.hasNext()) {
            String path = InternalScanFileUtils.getAddFileStatus(rows.next()).getPath();
            files.add(path.substring(path.lastIndexOf('/') + 1));
          }
        }
      }
    }
    return files;
  }
}
