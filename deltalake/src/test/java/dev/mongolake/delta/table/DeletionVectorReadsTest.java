package dev.mongolake.delta.table;

import static dev.mongolake.delta.table.DeletionVectorTables.documents;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.GoldenTables;
import dev.mongolake.delta.cdc.ChangeRow;
import dev.mongolake.delta.dv.DeletedRows;
import dev.mongolake.delta.dv.DeletionVectors;
import dev.mongolake.delta.dv.internal.DeletionVectorLocation;
import dev.mongolake.delta.exceptions.CorruptDeletionVectorException;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.DeletionVectorDescriptor;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.storage.MemoryStorage;
import dev.mongolake.delta.storage.Storage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every read of a document snapshot skips the rows a file's deletion vector deletes: scans (whole,
 * filtered with row groups skipped, projected), column batches, lookups by {@code _id}, and the
 * count, which subtracts the vectors' cardinalities without reading a file.
 */
class DeletionVectorReadsTest {

  @TempDir Path temp;

  private static Set<Integer> ids(DocumentSnapshot.DocumentScan scan) {
    Set<Integer> ids = new TreeSet<>();
    try (scan) {
      scan.forEachRemaining(d -> ids.add(d.getInt32("_id").getValue()));
    }
    return ids;
  }

  private static Set<Integer> range(int from, int to, Integer... without) {
    Set<Integer> ids =
        IntStream.range(from, to).boxed().collect(Collectors.toCollection(TreeSet::new));
    Arrays.asList(without).forEach(ids::remove);
    return ids;
  }

  private static Set<Integer> columnIds(DocumentSnapshot snapshot, Filter filter) {
    Set<Integer> ids = new TreeSet<>();
    for (ColumnFile file : snapshot.columnFiles(filter, List.of("n"))) {
      file.read(
          batch -> {
            for (int row = 0; row < batch.size(); row++) {
              int id = batch.ids()[row].asInt32().getValue();
              assertThat(batch.value(0, row)).isEqualTo(new BsonInt32(id));
              ids.add(id);
            }
          },
          true);
    }
    return ids;
  }

  @Test
  void inlineDeletionVectorHidesItsRows() {
    Storage storage = new MemoryStorage();
    DocumentTable table = DeletionVectorTables.create(storage, List.of(documents(0, 1000)));
    DocumentSnapshot before = table.snapshot();
    assertThat(before.findById(new BsonInt32(42))).isPresent(); // now cached for this file
    DeletedRows deleted = DeletedRows.of(0, 17, 42, 750, 999);
    DocumentSnapshot after =
        DeletionVectorTables.delete(storage, table, List.of(DeletionVectorTables.inline(deleted)));
    assertThat(after.files().getFirst().deletionVector().storageType()).isEqualTo("i");

    Set<Integer> live = range(0, 1000, 0, 17, 42, 750, 999);
    assertThat(ids(after.scan())).isEqualTo(live);
    assertThat(after.count()).isEqualTo(995);
    assertThat(after.deletedRows(after.files().getFirst())).isEqualTo(deleted);

    // A filtered scan skips row groups (by statistics and bloom filter): the rows it reads keep
    // their positions in the file, so the deleted 750 and 999 stay hidden and 745 is found.
    Filter some = Filter.parse(BsonDocument.parse("{_id: {$in: [745, 750, 999]}}"));
    try (var scan = after.scan(some)) {
      assertThat(ids(scan)).containsExactly(745);
      assertThat(scan.metrics().rowGroupsRead()).isLessThan(scan.metrics().rowGroupsTotal());
    }
    ColumnProjection projection = new ColumnProjection(List.of("n"));
    assertThat(ids(after.scan(some, projection))).containsExactly(745);

    // Column batches, unfiltered and with row groups skipped, and documents by id.
    assertThat(columnIds(after, null)).isEqualTo(live);
    // Filtered batches are a superset of the matches (whole row groups), never a deleted row.
    assertThat(columnIds(after, some))
        .contains(745)
        .doesNotContain(750, 999)
        .isSubsetOf(live)
        .hasSizeLessThan(live.size());
    Set<BsonValue> wanted = Set.of(new BsonInt32(41), new BsonInt32(42), new BsonInt32(750));
    assertThat(after.columnFiles(null, List.of()).getFirst().documents(wanted))
        .extracting(d -> d.getInt32("_id").getValue())
        .containsExactly(41);

    // Lookups by _id: the cache keys a file by its vector too, so the old version still sees 42.
    assertThat(after.findById(new BsonInt32(42))).isEmpty();
    assertThat(after.findById(new BsonInt32(43))).isPresent();
    assertThat(before.findById(new BsonInt32(42))).isPresent();
    assertThat(ids(before.scan())).hasSize(1000);
  }

  @Test
  void deletionVectorFileIsReadAtItsOffset() {
    Storage storage = new MemoryStorage();
    DocumentTable table =
        DeletionVectorTables.create(storage, List.of(documents(0, 100), documents(100, 200)));
    // One file holds three vectors: the second file's is the last, after two others.
    DeletedRows decoy = DeletedRows.of(1, 2, 3);
    DeletedRows first = DeletedRows.of(5, 6, 99);
    DeletedRows second = DeletedRows.of(0, 50, 98);
    List<DeletionVectorDescriptor> stored =
        DeletionVectorTables.stored(storage, "x7", List.of(decoy, first, second));
    assertThat(stored.get(2).offset()).isGreaterThan(stored.get(1).offset()).isGreaterThan(1);
    DocumentSnapshot after =
        DeletionVectorTables.delete(storage, table, List.of(stored.get(1), stored.get(2)));

    assertThat(ids(after.scan())).isEqualTo(range(0, 200, 5, 6, 99, 100, 150, 198));
    assertThat(after.count()).isEqualTo(194);
    for (AddFile file : after.files()) {
      assertThat(file.deletionVector().pathOrInlineDv()).startsWith("x7");
      assertThat(
              DeletionVectors.read(
                  storage, DeletionVectorTables.PATH, file.deletionVector(), file.path()))
          .isIn(first, second);
    }
  }

  @Test
  void corruptDeletionVectorIsReportedNotIgnored() throws Exception {
    // A copy of a Spark-written table, one byte of its newest deletion vector flipped.
    Path source = GoldenTables.require().resolve("log-replay-dv-key-cases");
    Path copy = temp.resolve("t");
    try (var files = Files.walk(source)) {
      for (Path file : files.toList()) {
        Path target = copy.resolve(source.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target);
        }
      }
    }
    Storage storage = new FileSystemStorage(temp);
    var table = dev.mongolake.delta.DeltaTable.forPath(storage, "t");
    AddFile file = table.snapshot().files().getFirst();
    DeletionVectorDescriptor vector = file.deletionVector();
    assertThat(DeletionVectors.read(storage, "t", vector, file.path()).cardinality()).isEqualTo(3);

    String dvPath = DeletionVectorLocation.storagePath("t", vector);
    String name = dvPath.substring("t/".length());
    Path dv = copy.resolve(name);
    assertThat(dv).exists();
    byte[] bytes = Files.readAllBytes(dv);
    byte[] flipped = bytes.clone();
    flipped[vector.offset() + 4 + vector.sizeInBytes() - 3] ^= 0x10; // inside the bitmap
    Files.write(dv, flipped);
    assertThatThrownBy(() -> DeletionVectors.read(storage, "t", vector, file.path()))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageStartingWith("Cannot read deletion vector file t/" + name + ": the checksum");

    byte[] badVersion = bytes.clone();
    badVersion[0] = 2;
    Files.write(dv, badVersion);
    assertThatThrownBy(() -> DeletionVectors.read(storage, "t", vector, file.path()))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessage(
            "Cannot read deletion vector file t/" + name + ": its format version is 2, not 1");

    Files.write(dv, Arrays.copyOf(bytes, bytes.length - 2));
    assertThatThrownBy(() -> DeletionVectors.read(storage, "t", vector, file.path()))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageContaining(name);

    // Intact bytes, but a descriptor whose cardinality disagrees.
    Files.write(dv, bytes);
    DeletionVectorDescriptor wrongCount =
        new DeletionVectorDescriptor(
            vector.storageType(),
            vector.pathOrInlineDv(),
            vector.offset(),
            vector.sizeInBytes(),
            4,
            null);
    assertThatThrownBy(() -> DeletionVectors.read(storage, "t", wrongCount, file.path()))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessage(
            "Cannot read deletion vector t/"
                + name
                + ": it deletes 3 rows, its descriptor's cardinality is 4");

    // In a document table, a scan fails on the corrupt vector instead of returning its rows.
    Storage memory = new MemoryStorage();
    DocumentTable documents = DeletionVectorTables.create(memory, List.of(documents(0, 50)));
    List<DeletionVectorDescriptor> stored =
        DeletionVectorTables.stored(memory, "", List.of(DeletedRows.of(7)));
    DocumentSnapshot after = DeletionVectorTables.delete(memory, documents, stored);
    String storedPath =
        DeletionVectorLocation.storagePath(DeletionVectorTables.PATH, stored.getFirst());
    byte[] stale = memory.read(storedPath);
    stale[stale.length - 1] ^= 1; // the checksum itself
    memory.overwrite(storedPath, stale);
    assertThatThrownBy(() -> ids(after.scan()))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageContaining(storedPath);
    assertThatThrownBy(() -> after.findById(new BsonInt32(8)))
        .isInstanceOf(CorruptDeletionVectorException.class);
  }

  @Test
  void countSubtractsDeletedRowsWithoutReadingFiles() {
    Storage storage = new MemoryStorage();
    DocumentTable table =
        DeletionVectorTables.create(
            storage, List.of(documents(0, 30), documents(30, 80), documents(80, 90)));
    List<DeletionVectorDescriptor> stored =
        DeletionVectorTables.stored(storage, "", List.of(DeletedRows.of(0, 1, 2, 3)));
    List<DeletionVectorDescriptor> vectors = new ArrayList<>();
    vectors.add(DeletionVectorTables.inline(DeletedRows.of(29)));
    vectors.add(stored.getFirst());
    vectors.add(null);
    DocumentSnapshot after = DeletionVectorTables.delete(storage, table, vectors);
    assertThat(ids(after.scan())).hasSize(85);

    // The count needs neither the data files nor the vectors' files: remove them all.
    DocumentSnapshot fresh =
        DocumentTable.open(storage, DeletionVectorTables.PATH, java.time.Clock.systemUTC())
            .orElseThrow()
            .snapshot();
    for (var entry :
        storage.list(DeletionVectorTables.PATH + "/", DeletionVectorTables.PATH + "/")) {
      if (!entry.path().contains("_delta_log")) {
        assertThat(storage.delete(entry.path())).isTrue();
      }
    }
    assertThat(fresh.filesCountedByReading()).isZero();
    assertThat(fresh.count()).isEqualTo(85);
  }

  @Test
  void changeFeedOfADeleteByDeletionVectorHoldsOnlyTheDeletedRows() {
    Storage storage = new MemoryStorage();
    DocumentTable table = DeletionVectorTables.create(storage, List.of(documents(0, 20)));
    DeletionVectorTables.delete(
        storage, table, List.of(DeletionVectorTables.inline(DeletedRows.of(3, 4))));
    DocumentTable reopened =
        DocumentTable.open(storage, DeletionVectorTables.PATH, java.time.Clock.systemUTC())
            .orElseThrow();
    long latest = reopened.snapshot().version();
    // A later vector deletes 9 more and brings 4 back.
    DeletionVectorTables.delete(
        storage, reopened, List.of(DeletionVectorTables.inline(DeletedRows.of(3, 9))));
    List<ChangeRow> first = reopened.changes(latest, latest);
    assertThat(first)
        .extracting(r -> r.changeType() + ":" + r.document().getInt32("_id").getValue())
        .containsExactlyInAnyOrder("DELETE:3", "DELETE:4");
    List<ChangeRow> second = reopened.changes(latest + 1, latest + 1);
    assertThat(second)
        .extracting(r -> r.changeType() + ":" + r.document().getInt32("_id").getValue())
        .containsExactlyInAnyOrder("DELETE:9", "INSERT:4");
    assertThat(ids(reopened.snapshot().scan())).isEqualTo(range(0, 20, 3, 9));
  }

  @Test
  void ourRewritesOfAFileAnotherEngineDeletedRowsFromNeverBringTheRowsBack() {
    Storage storage = new MemoryStorage();
    DocumentTable table =
        DeletionVectorTables.create(storage, List.of(documents(0, 20), documents(20, 30)));
    DeletionVectorTables.delete(
        storage, table, Arrays.asList(DeletionVectorTables.inline(DeletedRows.of(3)), null));
    DocumentTable reopened =
        DocumentTable.open(storage, DeletionVectorTables.PATH, java.time.Clock.systemUTC())
            .orElseThrow();
    // The table has the feature but not delta.enableDeletionVectors: copy-on-write, as before.
    assertThat(reopened.config().deletionVectors()).isFalse();
    BsonDocument five = new BsonDocument("_id", new BsonInt32(5)).append("n", new BsonInt32(50));
    reopened.commit(new TableChanges(List.of(), List.of(five), List.of()), null, 0);
    assertThat(ids(reopened.snapshot().scan())).isEqualTo(range(0, 30, 3));
    assertThat(reopened.snapshot().files()).allMatch(f -> f.deletionVector() == null);
    DeletionVectorTables.delete(
        storage,
        reopened,
        Arrays.asList(DeletionVectorTables.inline(DeletedRows.of(0)), null, null));
    reopened.optimize();
    assertThat(ids(reopened.snapshot().scan())).isEqualTo(range(0, 30, 3, 20));
    assertThat(reopened.snapshot().count()).isEqualTo(28);
  }
}
