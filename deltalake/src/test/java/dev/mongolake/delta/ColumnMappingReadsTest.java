package dev.mongolake.delta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mongolake.delta.exceptions.InvalidSchemaMetadataException;
import dev.mongolake.delta.exceptions.UnsupportedTableFeatureException;
import dev.mongolake.delta.log.ActionCodec;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.Protocol;
import dev.mongolake.delta.parquet.ParquetFiles;
import dev.mongolake.delta.parquet.ParquetWriteOptions;
import dev.mongolake.delta.rows.TableReader;
import dev.mongolake.delta.rows.TableRow;
import io.delta.kernel.engine.Engine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroup;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Column mapping by hand-made tables: id mode resolves columns by Parquet field id whatever the
 * file's column names, name mode by physical name (a physical name the file lacks reads as null),
 * both as delta-kernel does; a schema missing what its mode needs, an unknown mode and an
 * unsupported type change are refused by name.
 */
class ColumnMappingReadsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Engine ENGINE = LocalKernelFileIO.engine();
  private static final String FILE = "part-00000.parquet";

  @TempDir Path temp;

  /** A file whose columns are named unlike any logical or physical name, with field ids. */
  private static final MessageType FILE_SCHEMA =
      Types.buildMessage()
          .optional(PrimitiveTypeName.INT32)
          .id(1)
          .named("x_file")
          .optional(PrimitiveTypeName.BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(2)
          .named("y_file")
          .optionalGroup()
          .id(3)
          .optional(PrimitiveTypeName.INT64)
          .id(4)
          .named("c_file")
          .named("s_file")
          .named("spark_schema");

  @Test
  void idModeResolvesColumnsByParquetFieldIdAsDeltaKernelDoes() throws Exception {
    String schema =
        schema(
            field("a", "integer", 1, "col-a"),
            field("b", "string", 2, "col-b"),
            struct("s", 3, "col-s", field("c", "long", 4, "col-c")),
            field("d", "integer", 5, "col-d"));
    String name = table("by-id", "id", schema);
    Snapshot snapshot = DeltaTable.forPath(new DirectoryTestStorage(temp), name).snapshot();
    ColumnMapping mapping = snapshot.columnMapping();
    assertThat(mapping.physicalPath(snapshot.schema(), "s.c")).contains(List.of("col-s", "col-c"));
    assertThat(mapping.physicalPath(snapshot.schema(), "s.x")).isEmpty();
    assertThat(mapping.fieldId(snapshot.schema().field("d").orElseThrow())).hasValue(5);
    List<String> rows = readBothWays(name);
    assertThat(rows).hasSize(3).contains("{7,\"seven\",{70},null}", "{null,null,null,null}");
  }

  @Test
  void nameModeResolvesColumnsByPhysicalNameAsDeltaKernelDoes() throws Exception {
    // The same file: found by its column names; a column whose physical name it lacks is null.
    String byName =
        schema(
            field("a", "integer", 1, "x_file"),
            field("b", "string", 2, "y_file"),
            struct("s", 3, "s_file", field("c", "long", 4, "c_file")),
            field("d", "integer", 5, "col-d"));
    assertThat(readBothWays(table("by-name", "name", byName)))
        .hasSize(3)
        .contains("{7,\"seven\",{70},null}");
    String unknownNames =
        schema(
            field("a", "integer", 1, "col-a"),
            field("b", "string", 2, "col-b"),
            struct("s", 3, "col-s", field("c", "long", 4, "col-c")),
            field("d", "integer", 5, "col-d"));
    assertThat(readBothWays(table("renamed", "name", unknownNames)))
        .containsOnly("{null,null,null,null}");
  }

  @Test
  void aColumnWithoutItsPhysicalNameInNameModeIsRefusedNamingIt() throws Exception {
    ObjectNode nested = field("c", "long", 4, "col-c");
    ((ObjectNode) nested.get("metadata")).remove("delta.columnMapping.physicalName");
    String schema = schema(field("a", "integer", 1, "col-a"), struct("s", 3, "col-s", nested));
    DeltaTable table =
        DeltaTable.forPath(new DirectoryTestStorage(temp), table("t", "name", schema));
    assertThatThrownBy(table::snapshot)
        .isInstanceOf(InvalidSchemaMetadataException.class)
        .hasMessage(
            "Cannot read table t in column mapping mode name: column s.c has no"
                + " delta.columnMapping.physicalName")
        .extracting(e -> ((InvalidSchemaMetadataException) e).column())
        .isEqualTo("s.c");
  }

  @Test
  void twoColumnsSharingAnIdAreRefusedNamingBoth() throws Exception {
    String schema = schema(field("a", "integer", 1, "col-a"), field("b", "string", 1, "col-b"));
    DeltaTable table = DeltaTable.forPath(new DirectoryTestStorage(temp), table("t", "id", schema));
    assertThatThrownBy(table::snapshot)
        .isInstanceOf(InvalidSchemaMetadataException.class)
        .hasMessage(
            "Cannot read table t in column mapping mode id: column b shares its column id 1 with a");
  }

  @Test
  void anUnknownModeIsRefusedNamingColumnMapping() throws Exception {
    String schema = schema(field("a", "integer", 1, "col-a"));
    DeltaTable table =
        DeltaTable.forPath(new DirectoryTestStorage(temp), table("t", "position", schema));
    assertThatThrownBy(table::snapshot)
        .isInstanceOf(UnsupportedTableFeatureException.class)
        .hasMessageStartingWith("Cannot read table t: it uses column mapping mode position")
        .extracting(e -> ((UnsupportedTableFeatureException) e).feature())
        .isEqualTo("columnMapping");
  }

  @Test
  void aNarrowingTypeChangeIsRefusedNamingTypeWidening() throws Exception {
    ObjectNode narrowed = field("a", "integer", 1, "col-a");
    ArrayNode changes = ((ObjectNode) narrowed.get("metadata")).putArray("delta.typeChanges");
    changes.addObject().put("fromType", "long").put("toType", "integer");
    DeltaTable table =
        DeltaTable.forPath(new DirectoryTestStorage(temp), table("t", "name", schema(narrowed)));
    assertThatThrownBy(table::snapshot)
        .isInstanceOf(UnsupportedTableFeatureException.class)
        .hasMessage(
            "Cannot read table t: column a changed type from long to integer, a type change this"
                + " library does not support")
        .extracting(e -> ((UnsupportedTableFeatureException) e).feature())
        .isEqualTo("typeWidening");
  }

  @Test
  void writesToAnIdModeTableStayRefused() throws Exception {
    String schema = schema(field("a", "integer", 1, "x_file"));
    DeltaTable table = DeltaTable.forPath(new DirectoryTestStorage(temp), table("t", "id", schema));
    assertThat(table.snapshot().columnMapping().mode()).isEqualTo(ColumnMapping.Mode.ID);
    assertThatThrownBy(() -> table.startTransaction().commit())
        .isInstanceOf(UnsupportedTableFeatureException.class)
        .hasMessage(
            "Cannot write table t: it uses table feature columnMapping in mode id, which this"
                + " library does not support");
  }

  /** Our rows and delta-kernel's, which must be equal; ours returned. */
  private List<String> readBothWays(String name) throws Exception {
    DirectoryTestStorage storage = new DirectoryTestStorage(temp);
    Snapshot snapshot = DeltaTable.forPath(storage, name).snapshot();
    List<String> ours = new ArrayList<>();
    for (TableRow row : TableReader.of(storage, snapshot).rows()) {
      ours.add(TableRowText.of(row));
    }
    io.delta.kernel.Snapshot kernel =
        io.delta.kernel.Table.forPath(ENGINE, temp.resolve(name).toString())
            .getLatestSnapshot(ENGINE);
    assertThat(ours)
        .containsExactlyInAnyOrderElementsOf(KernelTableRows.rows(ENGINE, kernel, new HashMap<>()));
    return ours;
  }

  /** Writes the data file and a first commit in {@code mode}; returns the table's name. */
  private String table(String name, String mode, String schemaString) throws Exception {
    DirectoryTestStorage storage = new DirectoryTestStorage(temp);
    try (ParquetWriter<Group> writer =
        ParquetFiles.groupWriter(
            storage, name + "/" + FILE, FILE_SCHEMA, ParquetWriteOptions.defaults())) {
      writer.write(row(7, "seven", 70L));
      writer.write(row(8, "eight", 80L));
      writer.write(new SimpleGroup(FILE_SCHEMA));
    }
    long size = Files.size(temp.resolve(name).resolve(FILE));
    Protocol protocol = new Protocol(2, 5, null, null);
    Metadata metadata =
        new Metadata(
            "id-" + name,
            null,
            null,
            null,
            schemaString,
            List.of(),
            Map.of("delta.columnMapping.mode", mode, "delta.columnMapping.maxColumnId", "5"),
            0L);
    AddFile add = new AddFile(FILE, Map.of(), size, 0L, true, null, null, null, null, null, null);
    storage.writeIfAbsent(
        name + "/_delta_log/00000000000000000000.json",
        ActionCodec.encode(List.of(protocol, metadata, add)));
    return name;
  }

  private static Group row(int x, String y, long c) {
    SimpleGroup group = new SimpleGroup(FILE_SCHEMA);
    group.add("x_file", x);
    group.add("y_file", y);
    group.addGroup("s_file").add("c_file", c);
    return group;
  }

  private static ObjectNode field(String name, String type, int id, String physical) {
    ObjectNode field = JSON.createObjectNode().put("name", name).put("type", type);
    field.put("nullable", true);
    field
        .putObject("metadata")
        .put("delta.columnMapping.id", id)
        .put("delta.columnMapping.physicalName", physical);
    return field;
  }

  private static ObjectNode struct(String name, int id, String physical, ObjectNode... fields) {
    ObjectNode field = field(name, "struct", id, physical);
    ObjectNode type = field.putObject("type").put("type", "struct");
    ArrayNode list = type.putArray("fields");
    for (ObjectNode nested : fields) {
      list.add(nested);
    }
    return field;
  }

  private static String schema(ObjectNode... fields) {
    ObjectNode schema = JSON.createObjectNode().put("type", "struct");
    ArrayNode list = schema.putArray("fields");
    for (ObjectNode field : fields) {
      list.add(field);
    }
    return schema.toString();
  }
}
