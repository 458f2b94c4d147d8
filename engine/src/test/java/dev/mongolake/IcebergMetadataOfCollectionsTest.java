package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.CommitListener;
import dev.mongolake.delta.iceberg.IcebergMetadata;
import dev.mongolake.delta.iceberg.IcebergMetadataListener;
import dev.mongolake.delta.table.DocumentTable;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.StaticTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lake opened with the Iceberg listener leaves metadata that iceberg-core loads, and closing the
 * lake closes its commit listeners.
 */
class IcebergMetadataOfCollectionsTest {
  @TempDir Path root;

  @Test
  void aPartitionedCollectionIsRefusedByTheMirrorAndOthersAreStillMirrored()
      throws InterruptedException {
    IcebergMetadataListener listener = IcebergMetadata.listener();
    MongoLakeOptions options =
        MongoLakeOptions.defaults().withPath(root).withCommitListener(listener);
    try (MongoLake lake = MongoLake.open(options)) {
      lake.db("app")
          .createCollection(
              "events",
              org.bson.BsonDocument.parse("{mongolake: {partitionColumns: {status: 'string'}}}"));
      lake.db("app").collection("events").insertMany(documents(0, 10));
      lake.db("app").collection("orders").insertMany(documents(0, 10));
      lake.flush();
      assertThat(listener.awaitMirrored(Duration.ofSeconds(30))).isTrue();

      lake.db("app").collection("events").insertMany(documents(10, 20));
      lake.flush();
      assertThat(listener.awaitMirrored(Duration.ofSeconds(30))).isTrue();

      assertThat(root.resolve("app/events/metadata")).doesNotExist();
      assertThat(icebergFiles(table(lake).path())).isNotEmpty();
      assertThat(lake.db("app").collection("events").countDocuments()).isEqualTo(20);
    }
  }

  @Test
  void flushedCollectionsHaveIcebergMetadataThatIcebergLoads() throws InterruptedException {
    IcebergMetadataListener listener = IcebergMetadata.listener();
    MongoLakeOptions options =
        MongoLakeOptions.defaults().withPath(root).withCommitListener(listener);
    String path;
    try (MongoLake lake = MongoLake.open(options)) {
      lake.db("app").collection("orders").insertMany(documents(0, 10));
      lake.flush();
      path = table(lake).path();
      assertThat(listener.awaitMirrored(Duration.ofSeconds(30))).isTrue();
      assertThat(icebergFiles(path)).hasSize(table(lake).snapshot().files().size()).isNotEmpty();
    }
    // Reopened tables (found by recovery) keep writing it; closing the lake finishes it.
    long version;
    List<String> files;
    try (MongoLake lake = MongoLake.open(options)) {
      lake.db("app").collection("orders").insertMany(documents(10, 20));
      lake.flush();
      DocumentTable table = table(lake);
      version = table.snapshot().version();
      files =
          table.snapshot().files().stream()
              .map(f -> root.resolve(path).resolve(f.path()).toUri().toString())
              .toList();
    }
    assertThat(load(path).currentSnapshot().summary())
        .containsEntry(IcebergMetadata.DELTA_VERSION, Long.toString(version))
        .containsEntry("total-records", "20");
    assertThat(icebergFiles(path)).containsExactlyInAnyOrderElementsOf(files);
  }

  @Test
  void closingTheLakeClosesItsCommitListenersAfterTheLastCommit() {
    List<String> events = new CopyOnWriteArrayList<>();
    CommitListener recording =
        new CommitListener() {
          @Override
          public void committed(dev.mongolake.delta.DeltaTable table, long version) {
            events.add("committed " + version);
          }

          @Override
          public void close() {
            events.add("closed");
          }
        };
    MongoLakeOptions options =
        MongoLakeOptions.defaults().withPath(root).withCommitListener(recording);
    try (MongoLake lake = MongoLake.open(options)) {
      lake.db("app").collection("orders").insertMany(documents(0, 10));
      assertThat(events).doesNotContain("closed");
    }

    // The final flush commits the buffered documents, then the listener is closed, once.
    assertThat(events).last().isEqualTo("closed");
    assertThat(events).filteredOn("closed"::equals).hasSize(1);
    assertThat(events).anyMatch(event -> event.startsWith("committed "));
  }

  private static DocumentTable table(MongoLake lake) {
    return lake.db("app").collection("orders").table().orElseThrow();
  }

  private static List<Document> documents(int from, int to) {
    return IntStream.range(from, to).mapToObj(i -> new Document("_id", i).append("v", i)).toList();
  }

  private List<String> icebergFiles(String path) {
    List<String> files = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = load(path).newScan().planFiles()) {
      tasks.forEach(task -> files.add(task.file().location()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  private Table load(String path) {
    Path metadata = root.resolve(path).resolve("metadata");
    try {
      String hint = Files.readString(metadata.resolve("version-hint.text")).trim();
      return new BaseTable(
          new StaticTableOperations(
              metadata.resolve("v" + hint + ".metadata.json").toUri().toString(),
              new LocalFileIO()),
          path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Local files named by {@code file:} URIs, all iceberg-core needs to load metadata. */
  private static final class LocalFileIO implements FileIO {
    private static final long serialVersionUID = 1L;

    @Override
    public InputFile newInputFile(String location) {
      return org.apache.iceberg.Files.localInput(new File(URI.create(location)));
    }

    @Override
    public OutputFile newOutputFile(String location) {
      return org.apache.iceberg.Files.localOutput(new File(URI.create(location)));
    }

    @Override
    public void deleteFile(String location) {
      new File(URI.create(location)).delete();
    }
  }
}
