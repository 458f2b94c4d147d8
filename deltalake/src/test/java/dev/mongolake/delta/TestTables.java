package dev.mongolake.delta;

import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import java.util.List;
import java.util.Map;

/** Table definitions and file actions shared by the log tests. */
final class TestTables {
  static final StructType SCHEMA =
      StructType.of(
          StructField.of("_id", PrimitiveType.STRING),
          StructField.of("n", PrimitiveType.LONG),
          StructField.of("day", PrimitiveType.STRING));

  static final TableDefinition PARTITIONED =
      new TableDefinition(SCHEMA, List.of("day"), Map.of(), "events");

  private TestTables() {}

  static AddFile file(String name, String day, long size) {
    return AddFile.of(
        dev.mongolake.delta.log.FilePaths.encode("day=" + day + "/" + name),
        Map.of("day", day),
        size,
        1_700_000_000_000L,
        "{\"numRecords\":" + size / 10 + "}");
  }
}
