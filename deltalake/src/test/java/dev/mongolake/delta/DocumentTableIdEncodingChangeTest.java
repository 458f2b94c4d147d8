package dev.mongolake.delta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.CommitInfo;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.parquet.ParquetFileException;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.DocumentTableConfig;
import dev.mongolake.delta.table.TableChanges;
import io.delta.kernel.Scan;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.engine.FileReadResult;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.types.BinaryType;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterator;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DocumentTable#changeIdEncoding}: one commit rewrites every live file with the new {@code
 * _id} encoding together with the new schema, every document stays found, and delta-kernel reads
 * the result.
 */
class DocumentTableIdEncodingChangeTest {
  private static final Engine ENGINE = LocalKernelFileIO.engine();

  @TempDir Path root;

  @Test
  void reencodingToKeyRewritesEveryLiveFileWithTheSchemaInOneCommit() throws IOException {
    DocumentTable table = table(IdEncoding.OBJECT_ID, true);
    List<BsonDocument> documents = new ArrayList<>();
    for (int file = 0; file < 3; file++) {
      List<BsonDocument> batch = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        batch.add(
            new BsonDocument("_id", new BsonObjectId(new ObjectId()))
                .append("n", new BsonInt32(file * 10 + i)));
      }
      table.commit(new TableChanges(batch, List.of(), List.of()), null, 0);
      documents.addAll(batch);
    }
    BsonValue deleted = documents.remove(4).get("_id");
    table.commit(new TableChanges(List.of(), List.of(), List.of(deleted)), null, 0);
    List<AddFile> before = table.snapshot().files();
    assertThat(before).anyMatch(file -> file.deletionVector() != null);

    long version = table.changeIdEncoding(IdEncoding.KEY);

    List<Action> actions = table.delta().commitActions(version);
    assertThat(actions).filteredOn(Metadata.class::isInstance).hasSize(1);
    Metadata metadata =
        (Metadata) actions.stream().filter(Metadata.class::isInstance).findFirst().orElseThrow();
    assertThat(metadata.configuration(DocumentTable.ID_ENCODING_PROPERTY, null)).isEqualTo("KEY");
    assertThat(metadata.schema().field("_id").orElseThrow().type())
        .isEqualTo(dev.mongolake.delta.log.schema.PrimitiveType.BINARY);
    assertThat(actions)
        .filteredOn(RemoveFile.class::isInstance)
        .map(action -> ((RemoveFile) action).path())
        .containsExactlyInAnyOrderElementsOf(before.stream().map(AddFile::path).toList());
    assertThat(actions)
        .filteredOn(CommitInfo.class::isInstance)
        .map(action -> ((CommitInfo) action).values().get("operation"))
        .containsExactly("REORG");
    List<AddFile> after = table.snapshot().files();
    assertThat(after).hasSize(3).allMatch(file -> file.deletionVector() == null);
    assertThat(after).noneMatch(file -> file.dataChange());
    assertThat(table.snapshot().config().idEncoding()).isEqualTo(IdEncoding.KEY);
    assertThat(table.snapshot().count()).isEqualTo(documents.size());
    for (BsonDocument document : documents) {
      assertThat(table.snapshot().findById(document.get("_id"))).contains(document);
    }
    assertThat(table.snapshot().findById(deleted)).isEmpty();

    BsonDocument named = new BsonDocument("_id", new BsonString("named"));
    table.commit(new TableChanges(List.of(named), List.of(), List.of()), null, 0);
    assertThat(table.snapshot().findById(new BsonString("named"))).contains(named);
    assertThat(kernelIdRows(root.resolve("db/c").toString())).isEqualTo(documents.size() + 1);
  }

  @Test
  void theChangeFeedSeesNoChangeInTheReencodingAndReadsTheVersionsOnBothSides() {
    DocumentTable table =
        DocumentTable.create(
            new FileSystemStorage(root),
            "db/c",
            DocumentTableConfig.defaults()
                .withIdEncoding(IdEncoding.OBJECT_ID)
                .withChangeDataFeed(true),
            Clock.systemUTC());
    BsonDocument ada = new BsonDocument("_id", new BsonObjectId(new ObjectId()));
    BsonDocument grace = new BsonDocument("_id", new BsonObjectId(new ObjectId()));
    long first = table.write(List.of(ada, grace)).version();
    BsonDocument adaLater = ada.clone().append("n", new BsonInt32(1));
    table.commit(new TableChanges(List.of(), List.of(adaLater), List.of()), null, 0);
    long reencoded = table.changeIdEncoding(IdEncoding.KEY);
    BsonDocument named = new BsonDocument("_id", new BsonString("named"));
    BsonDocument graceLater = grace.clone().append("n", new BsonInt32(2));
    long last =
        table
            .commit(new TableChanges(List.of(named), List.of(graceLater), List.of()), null, 0)
            .version();

    List<String> feed =
        table.changes(first, last).stream()
            .map(row -> row.commitVersion() + " " + row.changeType() + " " + row.document())
            .toList();

    assertThat(feed)
        .noneMatch(row -> row.startsWith(reencoded + " "))
        .containsExactlyInAnyOrder(
            first + " INSERT " + ada,
            first + " INSERT " + grace,
            (first + 1) + " UPDATE_PREIMAGE " + ada,
            (first + 1) + " UPDATE_POSTIMAGE " + adaLater,
            last + " INSERT " + named,
            last + " UPDATE_PREIMAGE " + grace,
            last + " UPDATE_POSTIMAGE " + graceLater);
  }

  @Test
  void aStoredIdThatDoesNotFitTheEncodingCommitsNothing() {
    DocumentTable table = table(IdEncoding.STRING, false);
    table.write(List.of(new BsonDocument("_id", new BsonString("a"))));
    long before = table.snapshot().version();

    assertThatThrownBy(() -> table.changeIdEncoding(IdEncoding.INT32))
        .isInstanceOf(ParquetFileException.class)
        .hasMessageContaining("the files store _id as INT32");
    assertThat(table.snapshot().version()).isEqualTo(before);
    assertThat(table.snapshot().config().idEncoding()).isEqualTo(IdEncoding.STRING);
  }

  @Test
  void aStringUtf8CannotHoldFitsOnlyTheKey() {
    BsonString lone = new BsonString("a\uD800b");
    DocumentTable table = table(IdEncoding.STRING, false);

    assertThat(IdEncoding.forValue(lone)).isEqualTo(IdEncoding.KEY);
    assertThat(IdEncoding.forValue(new BsonString("a\uD83D\uDE00b"))).isEqualTo(IdEncoding.STRING);
    assertThatThrownBy(() -> table.write(List.of(new BsonDocument("_id", lone))))
        .isInstanceOf(ParquetFileException.class)
        .hasMessageContaining("the files store _id as STRING");
  }

  @Test
  void theEncodingTheTableHasCommitsNothing() {
    DocumentTable table = table(IdEncoding.INT32, false);
    long before = table.snapshot().version();

    assertThat(table.changeIdEncoding(IdEncoding.INT32)).isEqualTo(before);
    assertThat(table.snapshot().version()).isEqualTo(before);
  }

  @Test
  void aTableWithoutFilesChangesItsEncodingInAMetadataOnlyCommit() {
    DocumentTable table = table(IdEncoding.KEY, false);

    long version = table.changeIdEncoding(IdEncoding.INT32);

    assertThat(table.delta().commitActions(version))
        .noneMatch(action -> action instanceof AddFile || action instanceof RemoveFile);
    table.write(List.of(new BsonDocument("_id", new BsonInt32(7))));
    assertThat(table.snapshot().config().idEncoding()).isEqualTo(IdEncoding.INT32);
    assertThat(table.snapshot().findById(new BsonInt32(7))).isPresent();
  }

  private DocumentTable table(IdEncoding encoding, boolean deletionVectors) {
    return DocumentTable.create(
        new FileSystemStorage(root),
        "db/c",
        DocumentTableConfig.defaults()
            .withIdEncoding(encoding)
            .withDeletionVectors(deletionVectors),
        Clock.systemUTC());
  }

  /**
   * The rows delta-kernel reads from the {@code _id} column of every file of the latest version.
   */
  private static long kernelIdRows(String tablePath) throws IOException {
    io.delta.kernel.Snapshot snapshot =
        io.delta.kernel.Table.forPath(ENGINE, tablePath).getLatestSnapshot(ENGINE);
    assertThat(snapshot.getSchema().get("_id").getDataType()).isEqualTo(BinaryType.BINARY);
    Scan scan = snapshot.getScanBuilder().build();
    StructType idOnly = new StructType().add("_id", BinaryType.BINARY);
    long rows = 0;
    try (CloseableIterator<FilteredColumnarBatch> batches = scan.getScanFiles(ENGINE)) {
      while (batches.hasNext()) {
        try (CloseableIterator<Row> files = batches.next().getRows()) {
          while (files.hasNext()) {
            var status = InternalScanFileUtils.getAddFileStatus(files.next());
            try (CloseableIterator<ColumnarBatch> data =
                ENGINE
                    .getParquetHandler()
                    .readParquetFiles(
                        Utils.singletonCloseableIterator(status), idOnly, Optional.empty())
                    .map(FileReadResult::getData)) {
              while (data.hasNext()) {
                rows += data.next().getSize();
              }
            }
          }
        }
      }
    }
    return rows;
  }
}
