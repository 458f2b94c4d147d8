package dev.mongolake.delta;

import dev.mongolake.delta.log.schema.StructType;
import java.util.List;
import java.util.Map;

/**
 * What {@link DeltaTable#create} writes as version 0.
 *
 * @param schema the table schema
 * @param partitionColumns names of top-level schema columns to partition by, in order
 * @param configuration table properties such as {@code delta.appendOnly}, {@code
 *     delta.checkpointInterval}, {@code delta.enableInCommitTimestamps}, {@code
 *     delta.enableChangeDataFeed}
 * @param name optional user-facing table name, or null
 */
public record TableDefinition(
    StructType schema,
    List<String> partitionColumns,
    Map<String, String> configuration,
    String name) {

  public TableDefinition {
    partitionColumns = partitionColumns == null ? List.of() : List.copyOf(partitionColumns);
    configuration = configuration == null ? Map.of() : Map.copyOf(configuration);
    for (String column : partitionColumns) {
      if (schema.field(column).isEmpty()) {
        throw new IllegalArgumentException(
            "Cannot define table: partition column " + column + " is not in the schema");
      }
    }
  }

  /** An unpartitioned table with default properties. */
  public static TableDefinition of(StructType schema) {
    return new TableDefinition(schema, List.of(), Map.of(), null);
  }
}
