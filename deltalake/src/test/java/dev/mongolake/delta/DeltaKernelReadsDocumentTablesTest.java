package dev.mongolake.delta;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.log.AddCdcFile;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.table.AutoPromote;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.DocumentTableConfig;
import dev.mongolake.delta.table.TableChanges;
import io.delta.kernel.Scan;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.expressions.Column;
import io.delta.kernel.expressions.Literal;
import io.delta.kernel.expressions.Predicate;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.utils.CloseableIterator;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * delta-kernel reads our document tables: their statistics (it skips the files our filtered scan
 * skips), tables with change data files, and tables whose schema grew by automatic promotion.
 */
class DeltaKernelReadsDocumentTablesTest {
  private static final Engine ENGINE = LocalKernelFileIO.engine();

  @TempDir Path root;

  @Test
  void deltaKernelSkipsFilesByIdAndPromotedColumnStatistics() throws IOException {
    DocumentTable table = tenFiles(IdEncoding.INT64);
    String path = root.resolve("db/c").toString();

    List<String> byId =
        kernelFiles(path, new Predicate("=", new Column("_id"), Literal.ofLong(42)));
    List<String> byColumn =
        kernelFiles(
            path,
            new Predicate(
                "AND",
                new Predicate(">=", new Column("n"), Literal.ofLong(45)),
                new Predicate("<", new Column("n"), Literal.ofLong(65))));

    assertThat(kernelFiles(path, null)).hasSize(10);
    assertThat(byId).hasSize(1).hasSize(ourFilesOpened(table, "{_id: 42}"));
    assertThat(byColumn).hasSize(2).hasSize(ourFilesOpened(table, "{n: {$gte: 45, $lt: 65}}"));
  }

  @Test
  void deltaKernelReadsAnyIdTablesAndSkipsByPromotedColumns() throws IOException {
    DocumentTable table = tenFiles(IdEncoding.KEY);
    String path = root.resolve("db/c").toString();

    assertThat(kernelFiles(path, null)).hasSize(10);
    assertThat(kernelFiles(path, new Predicate("=", new Column("n"), Literal.ofLong(42))))
        .hasSize(1)
        .hasSize(ourFilesOpened(table, "{n: 42}"));
    // Delta has no binary statistics, so only our scan prunes by the _id bounds in the tags.
    assertThat(ourFilesOpened(table, "{_id: 42}")).isEqualTo(1);
  }

  @Test
  void deltaKernelReadsTablesWithChangeDataFiles() throws IOException {
    DocumentTable table =
        DocumentTable.create(
            new FileSystemStorage(root),
            "db/c",
            DocumentTableConfig.defaults()
                .withIdEncoding(IdEncoding.INT64)
                .withSchema(DocumentSchema.parse(BsonDocument.parse("{n: 'long'}")))
                .withChangeDataFeed(true),
            Clock.systemUTC());
    table.commit(
        new TableChanges(List.of(person(1), person(2), person(3)), List.of(), List.of()), null, 0);
    table.commit(
        new TableChanges(
            List.of(person(4)),
            List.of(person(2).append("s", new BsonString("changed"))),
            List.<BsonValue>of(new BsonInt64(3))),
        null,
        0);
    String path = root.resolve("db/c").toString();

    assertThat(table.delta().commitActions(2)).anyMatch(AddCdcFile.class::isInstance);
    assertThat(kernelFiles(path, null))
        .containsExactlyInAnyOrderElementsOf(
            table.snapshot().files().stream().map(f -> f.path()).toList());
    assertThat(kernelFiles(path, new Predicate("=", new Column("n"), Literal.ofLong(2))))
        .hasSize(1);
  }

  @Test
  void deltaKernelReadsTheSchemaThatAutoPromotionGrew() throws IOException {
    DocumentTable table =
        DocumentTable.create(
            new FileSystemStorage(root),
            "db/c",
            DocumentTableConfig.defaults()
                .withIdEncoding(IdEncoding.INT64)
                .withAutoPromote(AutoPromote.atThreshold(0.9)),
            Clock.systemUTC());
    for (int file = 0; file < 5; file++) {
      List<BsonDocument> batch = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        batch.add(person(file * 20L + i));
      }
      table.commit(new TableChanges(batch, List.of(), List.of()), null, 0);
    }
    String path = root.resolve("db/c").toString();
    io.delta.kernel.Snapshot kernel =
        io.delta.kernel.Table.forPath(ENGINE, path).getLatestSnapshot(ENGINE);

    assertThat(kernel.getSchema().fieldNames()).containsExactly("_id", "doc", "n", "s");
    assertThat(kernelFiles(path, new Predicate("=", new Column("n"), Literal.ofLong(42))))
        .hasSize(1);
  }

  private static BsonDocument person(long n) {
    return new BsonDocument("_id", new BsonInt64(n))
        .append("n", new BsonInt64(n))
        .append("s", new BsonString("v" + n));
  }

  private DocumentTable tenFiles(IdEncoding encoding) {
    DocumentTable table =
        DocumentTable.create(
            new FileSystemStorage(root),
            "db/c",
            DocumentTableConfig.defaults()
                .withIdEncoding(encoding)
                .withSchema(DocumentSchema.parse(BsonDocument.parse("{n: 'long', s: 'string'}"))),
            Clock.systemUTC());
    for (int file = 0; file < 10; file++) {
      List<BsonDocument> batch = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        batch.add(person(file * 20L + i));
      }
      table.commit(new TableChanges(batch, List.of(), List.of()), null, 0);
    }
    return table;
  }

  /** How many files our filtered scan opens. */
  private static int ourFilesOpened(DocumentTable table, String filter) {
    try (var scan = table.snapshot().scan(Filter.parse(BsonDocument.parse(filter)))) {
      scan.forEachRemaining(document -> {});
      return scan.metrics().filesOpened();
    }
  }

  private static List<String> kernelFiles(String tablePath, Predicate filter) throws IOException {
    io.delta.kernel.Snapshot snapshot =
        io.delta.kernel.Table.forPath(ENGINE, tablePath).getLatestSnapshot(ENGINE);
    var builder = snapshot.getScanBuilder();
    Scan scan = filter == null ? builder.build() : builder.withFilter(filter).build();
    List<String> files = new ArrayList<>();
    try (CloseableIterator<FilteredColumnarBatch> batches = scan.getScanFiles(ENGINE)) {
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
