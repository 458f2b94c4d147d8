package dev.mongolake.delta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.FilePaths;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.DocumentTableConfig;
import dev.mongolake.delta.table.TableChanges;
import io.delta.kernel.engine.Engine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shallow clone holds its source version's documents by referencing the source's data files,
 * copies none, is read the same by delta-kernel, and changes independently of its source.
 */
class ShallowCloneTest {
  private static final Engine KERNEL = LocalKernelFileIO.engine();

  @TempDir Path root;

  @Test
  void cloneReadsTheSourceVersionWithoutCopyingDataFiles() throws Exception {
    FileSystemStorage storage = new FileSystemStorage(root);
    DocumentTable source = sourceWithTwoFiles(storage);

    DocumentTable clone = cloneOf(storage, source, Map.of("writer", 7L));

    assertThat(ids(clone.snapshot())).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    assertThat(clone.snapshot().version()).isZero();
    assertThat(clone.snapshot().transactionVersion("writer")).hasValue(7);
    assertThat(clone.id()).isEqualTo("clone-id");
    assertThat(clone.snapshot().files()).allMatch(file -> file.path().startsWith("../../db/c/"));
    try (Stream<Path> files = Files.list(root.resolve("app@b/c"))) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("_delta_log");
    }
    // delta-kernel resolves the relative paths to the source's files (it cannot decode the
    // Variant column itself, so its rows are not compared here).
    List<Path> kernelFiles = kernelFiles(root.resolve("app@b/c").toString());
    assertThat(kernelFiles).hasSize(2).allMatch(Files::isRegularFile);
    assertThat(kernelFiles).allMatch(file -> file.startsWith(root.resolve("db/c")));
  }

  private static List<Path> kernelFiles(String tablePath) throws Exception {
    io.delta.kernel.Snapshot snapshot =
        io.delta.kernel.Table.forPath(KERNEL, tablePath).getLatestSnapshot(KERNEL);
    List<Path> files = new ArrayList<>();
    try (var batches = snapshot.getScanBuilder().build().getScanFiles(KERNEL)) {
      while (batches.hasNext()) {
        try (var rows = batches.next().getRows()) {
          while (rows.hasNext()) {
            String path =
                io.delta.kernel.internal.InternalScanFileUtils.getAddFileStatus(rows.next())
                    .getPath();
            files.add(Path.of(java.net.URI.create(path).getPath()).normalize());
          }
        }
      }
    }
    return files;
  }

  @Test
  void writesToTheCloneLeaveTheSourceAsItWas() throws Exception {
    FileSystemStorage storage = new FileSystemStorage(root);
    DocumentTable source = sourceWithTwoFiles(storage);
    DocumentTable clone = cloneOf(storage, source, Map.of());

    clone.commit(
        new TableChanges(
            List.of(doc(100)),
            List.of(doc(3).append("changed", new BsonInt32(1))),
            List.of((BsonValue) new BsonInt32(0))),
        "writer",
        1);

    assertThat(ids(clone.snapshot())).contains(100).doesNotContain(0);
    assertThat(ids(source.snapshot())).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    // The clone's vacuum lists its own folder only: the source's files stay.
    clone.delta().vacuum(new VacuumOptions(Duration.ZERO, false, true));
    assertThat(ids(source.snapshot())).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    assertThat(ids(clone.snapshot())).contains(100, 3);
  }

  @Test
  void actionPathsThatLeaveTheStorageAreRefused() {
    assertThat(FilePaths.toStoragePath("app@b/c", "../../db/c/part-1.parquet"))
        .isEqualTo("db/c/part-1.parquet");
    assertThat(FilePaths.relativeTo("app@b/c", "db/c/part 1.parquet"))
        .isEqualTo("../../db/c/part%201.parquet");
    assertThatThrownBy(() -> FilePaths.toStoragePath("db/c", "../../../etc/passwd"))
        .isInstanceOf(DeltaException.class)
        .hasMessageContaining("outside the table storage");
  }

  private static DocumentTable cloneOf(
      FileSystemStorage storage, DocumentTable source, Map<String, Long> writers) {
    return DocumentTable.shallowClone(
        storage,
        source.snapshot(),
        "app@b/c",
        Clock.systemUTC(),
        "clone-id",
        DeltaTableOptions.defaults(),
        writers);
  }

  private static DocumentTable sourceWithTwoFiles(FileSystemStorage storage) {
    DocumentTable source =
        DocumentTable.create(storage, "db/c", DocumentTableConfig.defaults(), Clock.systemUTC());
    List<BsonDocument> first = new ArrayList<>();
    List<BsonDocument> second = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      (i < 5 ? first : second).add(doc(i));
    }
    source.write(first);
    source.write(second);
    assertThat(source.snapshot().files()).hasSize(2);
    return source;
  }

  private static BsonDocument doc(int id) {
    return new BsonDocument("_id", new BsonInt32(id)).append("n", new BsonInt32(id * 10));
  }

  private static List<Integer> ids(DocumentSnapshot snapshot) {
    TreeSet<Integer> ids = new TreeSet<>();
    try (var scan = snapshot.scan()) {
      scan.forEachRemaining(d -> ids.add(d.getInt32("_id").getValue()));
    }
    return List.copyOf(ids);
  }
}
