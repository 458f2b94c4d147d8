package dev.mongolake.delta;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.dv.DeletedRows;
import dev.mongolake.delta.dv.DeletionVectors;
import dev.mongolake.delta.dv.internal.DeletionVectorFile;
import dev.mongolake.delta.dv.internal.DeletionVectorLocation;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.DeletionVectorDescriptor;
import dev.mongolake.delta.log.FileKey;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.storage.FileSystemStorage;
import io.delta.kernel.engine.Engine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Spark-written golden tables with deletion vectors: at every version, our rows (each live
 * file's rows less those its deletion vector deletes) are delta-kernel's, row for row; log replay
 * keys files by (path, deletion vector); a table that also uses column mapping reads the same way.
 */
class DeletionVectorGoldenTablesTest {
  private static final Engine ENGINE = LocalKernelFileIO.engine();
  private static final String PARTITIONED = "dv-partitioned-with-checkpoint";
  private static final String KEY_CASES = "log-replay-dv-key-cases";
  private static final String MAPPED = "dv-with-columnmapping";

  @Test
  void goldenDvTablesMatchDeltaKernelRowForRow() throws Exception {
    Path golden = GoldenTables.require();
    for (String table : List.of(PARTITIONED, KEY_CASES, MAPPED)) {
      Path dir = golden.resolve(table);
      DeltaTable ours = DeltaTable.forPath(new DirectoryTestStorage(golden), table);
      long latest = ours.snapshot().version();
      Map<String, List<String>> ourCache = new HashMap<>();
      Map<String, List<String>> kernelCache = new HashMap<>();
      long versionsWithVectors = 0;
      for (long version = 0; version <= latest; version++) {
        Snapshot snapshot = ours.snapshotAt(version);
        List<String> ourRows = new ArrayList<>(ParquetTableRows.rows(dir, snapshot, ourCache));
        io.delta.kernel.Snapshot kernel =
            io.delta.kernel.Table.forPath(ENGINE, dir.toString())
                .getSnapshotAsOfVersion(ENGINE, version);
        List<String> kernelRows =
            new ArrayList<>(KernelTableRows.rows(ENGINE, kernel, kernelCache));
        Collections.sort(ourRows);
        Collections.sort(kernelRows);
        assertThat(ourRows).as("%s@%d rows", table, version).isEqualTo(kernelRows);

        // The live rows are the files' records less their vectors' cardinalities.
        long expected = 0;
        for (AddFile file : snapshot.files()) {
          expected += numRecords(file);
          if (file.deletionVector() != null) {
            expected -= file.deletionVector().cardinality();
            assertThat(
                    DeletionVectors.read(
                            new FileSystemStorage(dir), "", file.deletionVector(), file.path())
                        .cardinality())
                .isEqualTo(file.deletionVector().cardinality());
          }
        }
        assertThat(ourRows).as("%s@%d row count", table, version).hasSize((int) expected);
        if (snapshot.files().stream().anyMatch(f -> f.deletionVector() != null)) {
          versionsWithVectors++;
        }
      }
      assertThat(versionsWithVectors).as("%s versions with deletion vectors", table).isPositive();
    }
  }

  @Test
  void ourSerializationOfSparksVectorsIsByteForByteTheirs() throws Exception {
    Path golden = GoldenTables.require();
    int compared = 0;
    for (String table : List.of(PARTITIONED, KEY_CASES, MAPPED)) {
      Path dir = golden.resolve(table);
      DeltaTable ours = DeltaTable.forPath(new DirectoryTestStorage(golden), table);
      for (long version = 0; version <= ours.snapshot().version(); version++) {
        for (AddFile file : ours.snapshotAt(version).files()) {
          DeletionVectorDescriptor vector = file.deletionVector();
          if (vector == null) {
            continue;
          }
          String path = DeletionVectorLocation.storagePath("", vector);
          byte[] stored = Files.readAllBytes(dir.resolve(path));
          DeletedRows rows =
              DeletionVectors.read(new FileSystemStorage(dir), "", vector, file.path());
          byte[] bitmap =
              Arrays.copyOfRange(
                  stored, vector.offset() + 4, vector.offset() + 4 + vector.sizeInBytes());
          assertThat(rows.serialize()).as("%s %s", table, path).isEqualTo(bitmap);
          // Spark writes one vector per file here: our framing of it is the whole file.
          assertThat(DeletionVectorFile.write(List.of(bitmap), new ArrayList<>()))
              .as("%s %s", table, path)
              .isEqualTo(stored);
          compared++;
        }
      }
    }
    assertThat(compared).isPositive();
  }

  @Test
  void logReplayKeysAddsByPathAndDeletionVector() {
    Path golden = GoldenTables.require();
    DeltaTable table = DeltaTable.forPath(new DirectoryTestStorage(golden), KEY_CASES);
    String path = "part-00000-90177277-75c2-48db-92a2-20dcba39fd06-c000.snappy.parquet";
    // Each DELETE re-adds the one data file with a new vector and removes it with the old one.
    List<String> vectors =
        Arrays.asList(
            null, "uh{&8fAg]=QYJvl-}c!yH@1", "uj=hZPftg7qJYIw^L+Oz9@1", "u^jP?.<zvDfIGb{C.FPij@1");
    for (int version = 0; version < vectors.size(); version++) {
      Snapshot snapshot = table.snapshotAt(version);
      assertThat(snapshot.files()).as("v%d live files", version).hasSize(1);
      AddFile live = snapshot.files().getFirst();
      assertThat(live.key()).isEqualTo(new FileKey(path, vectors.get(version)));
      // Every earlier (path, vector) pair is a tombstone; the live pair is not.
      assertThat(snapshot.tombstones())
          .extracting(RemoveFile::key)
          .containsExactlyInAnyOrderElementsOf(
              vectors.subList(0, version).stream().map(id -> new FileKey(path, id)).toList());
      assertThat(live.deletionVector() == null ? 0 : live.deletionVector().cardinality())
          .isEqualTo(version);
    }
  }

  private static long numRecords(AddFile file) {
    var matcher = java.util.regex.Pattern.compile("\"numRecords\":(\\d+)").matcher(file.stats());
    assertThat(matcher.find()).as("numRecords of %s", file.path()).isTrue();
    return Long.parseLong(matcher.group(1));
  }
}
