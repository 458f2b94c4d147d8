package dev.mongolake.delta.log;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.mongolake.delta.log.schema.SchemaJson;
import dev.mongolake.delta.log.schema.StructType;
import java.util.List;
import java.util.Map;

/**
 * The {@code metaData} action: table id, schema, partition columns and configuration. A later
 * {@code metaData} replaces the earlier one entirely.
 *
 * @param schemaString the schema in the protocol's JSON serialization (see {@link #schema()})
 * @param createdTime milliseconds since the epoch, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Metadata(
    String id,
    String name,
    String description,
    Format format,
    String schemaString,
    List<String> partitionColumns,
    Map<String, String> configuration,
    Long createdTime)
    implements Action {

  public Metadata {
    format = format == null ? Format.PARQUET : format;
    partitionColumns = partitionColumns == null ? List.of() : List.copyOf(partitionColumns);
    configuration = configuration == null ? Map.of() : Maps.copyKeepingNulls(configuration);
  }

  /** The parsed schema. */
  @JsonIgnore
  public StructType schema() {
    return SchemaJson.parse(schemaString);
  }

  /** The configuration value of {@code key}, or {@code fallback} when absent. */
  public String configuration(String key, String fallback) {
    String value = configuration.get(key);
    return value == null ? fallback : value;
  }

  /** A copy with another configuration. */
  public Metadata withConfiguration(Map<String, String> newConfiguration) {
    return new Metadata(
        id,
        name,
        description,
        format,
        schemaString,
        partitionColumns,
        newConfiguration,
        createdTime);
  }

  /** A copy with another schema. */
  public Metadata withSchema(StructType schema) {
    return new Metadata(
        id,
        name,
        description,
        format,
        SchemaJson.write(schema),
        partitionColumns,
        configuration,
        createdTime);
  }
}
