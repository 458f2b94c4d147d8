package dev.mongolake.delta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.exceptions.UnsupportedTableFeatureException;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.schema.DecimalType;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import dev.mongolake.delta.parquet.ParquetFiles;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.rows.TableReader;
import dev.mongolake.delta.rows.TableRow;
import dev.mongolake.delta.rows.TableWriter;
import dev.mongolake.delta.table.DocumentTable;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.internal.SnapshotImpl;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tables created with {@code delta.columnMapping.mode=name} and written with {@link TableWriter}:
 * every column gets a physical name and an id, the protocol supports column mapping, data files,
 * statistics and partition values use physical names, and delta-kernel reads the rows by logical
 * names, also after a column is renamed (a metadata-only change).
 */
class DeltaKernelReadsOurColumnMappedTablesTest {
  private static final Engine ENGINE = LocalKernelFileIO.engine();
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path temp;

  private static final StructType SCHEMA =
      StructType.of(
          StructField.of("id", PrimitiveType.LONG),
          StructField.of("name", PrimitiveType.STRING),
          StructField.of(
              "address",
              StructType.of(
                  StructField.of("city", PrimitiveType.STRING),
                  StructField.of("since", PrimitiveType.DATE))),
          StructField.of("seen", PrimitiveType.TIMESTAMP),
          StructField.of("balance", new DecimalType(20, 2)),
          StructField.of("day", PrimitiveType.STRING));

  @Test
  void aNameModeTableWeWriteReadsInDeltaKernelByLogicalNames() throws Exception {
    DirectoryTestStorage storage = new DirectoryTestStorage(temp);
    DeltaTable table = create(storage);
    Snapshot created = table.snapshot();

    // Every column, nested ones too, has a physical name and a unique id; maxColumnId is the top.
    assertThat(created.columnMapping().mode()).isEqualTo(ColumnMapping.Mode.NAME);
    assertThat(created.protocol().minReaderVersion()).isEqualTo(2);
    assertThat(created.protocol().minWriterVersion()).isEqualTo(5);
    Set<Object> ids = new HashSet<>();
    List<String> physicalNames = new ArrayList<>();
    collect(created.schema(), ids, physicalNames);
    assertThat(ids).hasSize(8);
    assertThat(physicalNames).hasSize(8).allMatch(n -> n.startsWith("col-"));
    assertThat(created.metadata().configuration())
        .containsEntry("delta.columnMapping.maxColumnId", "8");

    commit(storage, table, "2024-01-01", 0, 3);
    commit(storage, table, "2024-01-02", 3, 7);
    Snapshot written = table.snapshot();
    assertThat(kernelRows(written)).containsExactlyInAnyOrderElementsOf(ourRows(storage, written));
    assertThat(ourRows(storage, written)).hasSize(7);

    // The files name columns physically (with field ids); partition values and stats are
    // keyed by physical names only.
    for (AddFile file : written.files()) {
      MessageType fileSchema =
          ParquetFiles.footer(ParquetFiles.inputFile(storage, written.storagePath(file)))
              .getFileMetaData()
              .getSchema();
      assertThat(fileSchema.getFields())
          .extracting(Type::getName)
          .allMatch(n -> n.startsWith("col-"));
      assertThat(fileSchema.getFields()).allMatch(f -> f.getId() != null);
      assertThat(file.partitionValues().keySet()).allMatch(n -> n.startsWith("col-"));
      JsonNode stats = JSON.readTree(file.stats());
      stats.path("minValues").fieldNames().forEachRemaining(n -> assertThat(n).startsWith("col-"));
      stats.path("nullCount").fieldNames().forEachRemaining(n -> assertThat(n).startsWith("col-"));
    }
    // Filters on logical names skip files by those statistics and partition values.
    TableReader reader = TableReader.of(storage, written);
    assertThat(reader.files(Filter.parse(BsonDocument.parse("{id: {$gte: 5}}")))).hasSize(1);
    assertThat(reader.files(Filter.parse(BsonDocument.parse("{day: '2024-01-01'}")))).hasSize(1);
    assertThat(reader.rows(Filter.parse(BsonDocument.parse("{'address.city': 'city-4'}"))))
        .extracting(r -> r.get("id"))
        .containsExactly(4L);

    // Renaming a column changes only the schema: old files read under the new name.
    StructType renamed = rename(written.schema(), "name", "full_name");
    Metadata metadata = written.metadata().withSchema(renamed);
    table.startTransaction().updateMetadata(metadata).commit();
    Snapshot afterRename = table.snapshot();
    assertThat(kernel(afterRename).getSchema().fieldNames()).contains("full_name");
    assertThat(kernelRows(afterRename))
        .containsExactlyInAnyOrderElementsOf(ourRows(storage, afterRename));
    assertThat(TableReader.of(storage, afterRename).rows().getFirst().get("full_name"))
        .asString()
        .startsWith("name-");
  }

  @Test
  void documentTablesAndIdModeStayRefused() {
    DirectoryTestStorage storage = new DirectoryTestStorage(temp);
    create(storage);
    assertThatThrownBy(() -> DocumentTable.open(storage, "mapped", Clock.systemUTC()))
        .isInstanceOf(UnsupportedTableFeatureException.class)
        .hasMessageStartingWith(
            "Cannot open document table mapped: it uses column mapping mode name, which document"
                + " tables do not support");
    assertThatThrownBy(
            () ->
                DeltaTable.create(
                    storage,
                    "by-id",
                    new TableDefinition(
                        SCHEMA, List.of(), Map.of("delta.columnMapping.mode", "id"), null)))
        .isInstanceOf(UnsupportedTableFeatureException.class)
        .hasMessage(
            "Cannot create table by-id: column mapping mode id is not written (only none and"
                + " name)");
  }

  @Test
  void aValueThatDoesNotFitItsColumnIsRefusedNamingTheColumn() {
    DirectoryTestStorage storage = new DirectoryTestStorage(temp);
    Snapshot snapshot = create(storage).snapshot();
    List<Object> values = new ArrayList<>(row(snapshot.schema(), 1, "2024-01-01").values());
    values.set(4, new BigDecimal("1.234")); // scale 3 in a decimal(20,2)
    TableRow bad = new TableRow(snapshot.schema(), values);
    assertThatThrownBy(
            () -> TableWriter.of(storage, snapshot, Clock.systemUTC()).write(List.of(bad)))
        .isInstanceOf(DeltaException.class)
        .hasMessage(
            "Cannot write column balance: BigDecimal value 1.234 is not a DecimalType[precision=20,"
                + " scale=2]");
  }

  private DeltaTable create(DirectoryTestStorage storage) {
    return DeltaTable.create(
        storage,
        "mapped",
        new TableDefinition(
            SCHEMA, List.of("day"), Map.of("delta.columnMapping.mode", "name"), null));
  }

  private static void commit(
      DirectoryTestStorage storage, DeltaTable table, String day, int from, int to) {
    Snapshot snapshot = table.snapshot();
    List<TableRow> rows = new ArrayList<>();
    for (int i = from; i < to; i++) {
      rows.add(row(snapshot.schema(), i, day));
    }
    AddFile add = TableWriter.of(storage, snapshot, Clock.systemUTC()).write(rows);
    table.startTransaction().add(add).commit();
  }

  private static TableRow row(StructType schema, int i, String day) {
    StructType address = (StructType) schema.field("address").orElseThrow().type();
    TableRow nested =
        i == 2
            ? null
            : new TableRow(address, List.of("city-" + i, LocalDate.of(2020, 1, 1).plusDays(i)));
    List<Object> values = new ArrayList<>();
    values.add((long) i);
    values.add(i == 1 ? null : "name-" + i);
    values.add(nested);
    values.add(Instant.parse("2024-05-01T10:00:00Z").plusNanos(i * 1_234_567_000L));
    values.add(new BigDecimal(i + ".25"));
    values.add(day);
    return new TableRow(schema, values);
  }

  private static List<String> ourRows(DirectoryTestStorage storage, Snapshot snapshot) {
    return TableReader.of(storage, snapshot).rows().stream().map(TableRowText::of).toList();
  }

  private io.delta.kernel.Snapshot kernel(Snapshot snapshot) {
    return io.delta.kernel.Table.forPath(ENGINE, temp.resolve("mapped").toString())
        .getSnapshotAsOfVersion(ENGINE, snapshot.version());
  }

  private List<String> kernelRows(Snapshot snapshot) throws Exception {
    io.delta.kernel.Snapshot kernel = kernel(snapshot);
    SnapshotImpl impl = (SnapshotImpl) kernel;
    assertThat(impl.getProtocol().getMinReaderVersion()).isEqualTo(2);
    return KernelTableRows.rows(ENGINE, kernel, new HashMap<>());
  }

  private static void collect(StructType struct, Set<Object> ids, List<String> names) {
    for (StructField field : struct.fields()) {
      ids.add(field.metadata().get("delta.columnMapping.id"));
      names.add((String) field.metadata().get("delta.columnMapping.physicalName"));
      if (field.type() instanceof StructType nested) {
        collect(nested, ids, names);
      }
    }
  }

  private static StructType rename(StructType schema, String from, String to) {
    List<StructField> fields = new ArrayList<>();
    for (StructField field : schema.fields()) {
      fields.add(
          field.name().equals(from)
              ? new StructField(to, field.type(), field.nullable(), field.metadata())
              : field);
    }
    return new StructType(fields);
  }
}
