package dev.mongolake.delta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.table.AutoPromote;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.DocumentTableConfig;
import dev.mongolake.delta.table.TableChanges;
import io.delta.kernel.engine.Engine;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DocumentTable#changeLayout}: one metadata commit adds promoted columns and changes the
 * file size, change data feed and automatic promotion; delta-kernel reads the grown schema; what
 * files hold cannot be taken back.
 */
class DocumentTableLayoutChangeTest {
  private static final Engine ENGINE = LocalKernelFileIO.engine();

  @TempDir Path root;

  @Test
  void anAddedColumnIsInTheSchemaDeltaKernelReadsAndOlderRowsStayFound() {
    DocumentTable table = table();
    table.commit(new TableChanges(List.of(row(1), row(2)), List.of(), List.of()), null, 0);
    long before = table.snapshot().version();

    long version =
        table.changeLayout(
            config ->
                config
                    .withSchema(
                        DocumentSchema.parse(BsonDocument.parse("{n: 'long', s: 'string'}")))
                    .withChangeDataFeed(true)
                    .withAutoPromote(AutoPromote.atThreshold(0.9))
                    .withTargetFileSizeBytes(4L << 20));
    table.commit(new TableChanges(List.of(row(3)), List.of(), List.of()), null, 0);

    assertThat(version).isEqualTo(before + 1);
    DocumentTableConfig config = table.snapshot().config();
    assertThat(config.changeDataFeed()).isTrue();
    assertThat(config.autoPromote()).isEqualTo(AutoPromote.atThreshold(0.9));
    assertThat(config.targetFileSizeBytes()).isEqualTo(4L << 20);
    assertThat(table.delta().snapshot().protocol().writerFeatures()).contains("changeDataFeed");
    io.delta.kernel.Snapshot kernel =
        io.delta.kernel.Table.forPath(ENGINE, root.resolve("db/c").toString())
            .getLatestSnapshot(ENGINE);
    assertThat(kernel.getSchema().fieldNames()).containsExactly("_id", "doc", "n", "s");
    List<BsonDocument> found = new ArrayList<>();
    try (var scan = table.snapshot().scan(Filter.parse(BsonDocument.parse("{s: 'v1'}")))) {
      scan.forEachRemaining(found::add);
    }
    assertThat(found).containsExactly(row(1));
  }

  @Test
  void deletionVectorsTurnedOnMarkRowsAndTurnedOffRewriteFilesAgain() {
    DocumentTable table = table();
    table.commit(new TableChanges(List.of(row(1), row(2), row(3)), List.of(), List.of()), null, 0);
    String first = table.delta().snapshot().files().getFirst().path();

    table.changeLayout(config -> config.withDeletionVectors(true));
    BsonDocument one = row(1).append("v", new BsonInt64(2));
    table.commit(new TableChanges(List.of(), List.of(one), List.of()), null, 0);

    assertThat(table.snapshot().config().deletionVectors()).isTrue();
    assertThat(table.delta().snapshot().protocol().readerFeatures()).contains("deletionVectors");
    assertThat(table.delta().snapshot().protocol().writerFeatures()).contains("deletionVectors");
    var marked = table.delta().snapshot().files().stream().filter(f -> f.path().equals(first));
    assertThat(marked.toList())
        .singleElement()
        .satisfies(file -> assertThat(file.deletionVector().cardinality()).isEqualTo(1));

    table.changeLayout(config -> config.withDeletionVectors(false));
    BsonDocument two = row(2).append("v", new BsonInt64(2));
    table.commit(new TableChanges(List.of(), List.of(two), List.of()), null, 0);

    assertThat(table.snapshot().config().deletionVectors()).isFalse();
    assertThat(table.delta().snapshot().metadata().configuration())
        .containsEntry("delta.enableDeletionVectors", "false");
    assertThat(table.delta().snapshot().files()).noneMatch(f -> f.path().equals(first));
    List<BsonDocument> rows = new ArrayList<>();
    try (var scan = table.snapshot().scan()) {
      scan.forEachRemaining(rows::add);
    }
    assertThat(rows).containsExactlyInAnyOrder(one, two, row(3));
  }

  @Test
  void anUnchangedLayoutCommitsNothing() {
    DocumentTable table = table();
    long before = table.snapshot().version();

    assertThat(table.changeLayout(config -> config)).isEqualTo(before);
    assertThat(table.snapshot().version()).isEqualTo(before);
  }

  @Test
  void aColumnTheFilesHoldCannotBeRemovedOrRetyped() {
    DocumentTable table = table();

    assertThatThrownBy(() -> table.changeLayout(c -> c.withSchema(DocumentSchema.empty())))
        .isInstanceOf(DeltaException.class)
        .hasMessageContaining(
            "Cannot change the layout of table db/c: its promoted column 'n' is in its files");
    assertThatThrownBy(
            () ->
                table.changeLayout(
                    c -> c.withSchema(DocumentSchema.parse(BsonDocument.parse("{n: 'string'}")))))
        .hasMessageContaining("a column can be added, not removed or retyped");
    assertThatThrownBy(() -> table.changeLayout(c -> c.withIdEncoding(IdEncoding.INT64)))
        .hasMessageContaining("its _id encoding changes only by DocumentTable#changeIdEncoding");
  }

  private DocumentTable table() {
    return DocumentTable.create(
        new FileSystemStorage(root),
        "db/c",
        DocumentTableConfig.defaults()
            .withSchema(DocumentSchema.parse(BsonDocument.parse("{n: 'long'}"))),
        Clock.systemUTC());
  }

  private static BsonDocument row(long n) {
    return new BsonDocument("_id", new BsonInt64(n))
        .append("n", new BsonInt64(n))
        .append("s", new BsonString("v" + n));
  }
}
