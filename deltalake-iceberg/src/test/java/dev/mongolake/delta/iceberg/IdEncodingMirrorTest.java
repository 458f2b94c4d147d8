package dev.mongolake.delta.iceberg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.DeltaTableOptions;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.DocumentTableConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.types.Types;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Iceberg mirror of a table whose {@code _id} column is typed, and of the same table after
 * {@link DocumentTable#changeIdEncoding} rewrote it with binary keys: Iceberg cannot retype a
 * string column as binary, so the mirror replaces the column (a new field id) with the files.
 */
class IdEncodingMirrorTest {

  @TempDir Path root;

  private final IcebergMetadataListener listener = IcebergMetadata.listener();

  @AfterEach
  void closeListener() {
    listener.close();
  }

  @Test
  void aTypedIdColumnIsMirroredAndReplacedWhenTheTableIsReEncoded() throws Exception {
    DocumentTable table =
        DocumentTable.create(
            new FileSystemStorage(root),
            "db/c",
            DocumentTableConfig.defaults().withIdEncoding(IdEncoding.OBJECT_ID),
            Clock.systemUTC(),
            UUID.randomUUID().toString(),
            DeltaTableOptions.defaults().withCommitListener(listener));
    ObjectId first = new ObjectId();
    table.write(List.of(new BsonDocument("_id", new BsonObjectId(first))));
    table.write(List.of(new BsonDocument("_id", new BsonObjectId(new ObjectId()))));
    awaitMirrored();
    Table typed = iceberg();
    assertThat(typed.schema().findField("_id").type()).isEqualTo(Types.StringType.get());
    assertThat(LocalIcebergTables.fileNames(typed, Expressions.equal("_id", first.toHexString())))
        .hasSize(1);
    int typedFieldId = typed.schema().findField("_id").fieldId();

    table.changeIdEncoding(IdEncoding.KEY);
    table.write(List.of(new BsonDocument("_id", new BsonString("named"))));
    awaitMirrored();

    Table keyed = iceberg();
    Types.NestedField id = keyed.schema().findField("_id");
    assertThat(id.type()).isEqualTo(Types.BinaryType.get());
    assertThat(id.isRequired()).isTrue();
    assertThat(id.fieldId()).isNotEqualTo(typedFieldId);
    assertThat(keyed.schema().columns().getFirst().name()).isEqualTo("_id");
    assertThat(LocalIcebergTables.fileNames(keyed, null))
        .containsExactlyInAnyOrderElementsOf(
            table.snapshot().files().stream()
                .map(AddFile::path)
                .map(p -> p.substring(p.lastIndexOf('/') + 1))
                .toList());
    assertThat(keyed.currentSnapshot().summary()).containsEntry("total-records", "3");
  }

  private void awaitMirrored() throws InterruptedException {
    assertThat(listener.awaitMirrored(Duration.ofSeconds(30)))
        .as("mirrored within 30 s: %s", listener.stats())
        .isTrue();
  }

  private Table iceberg() {
    return LocalIcebergTables.load(root.resolve("db/c"));
  }
}
