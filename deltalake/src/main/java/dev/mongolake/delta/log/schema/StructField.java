package dev.mongolake.delta.log.schema;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One named column of a struct.
 *
 * @param name the column name
 * @param type the column type
 * @param nullable whether the column may hold null
 * @param metadata column metadata (for example {@code delta.columnMapping.physicalName}); values
 *     are JSON values as Jackson reads them (String, Number, Boolean, List, Map), in the order
 *     written
 */
public record StructField(
    String name, DataType type, boolean nullable, Map<String, Object> metadata) {

  public StructField {
    if (name == null) {
      throw new IllegalArgumentException("Cannot create a struct field: the name is null");
    }
    if (type == null) {
      throw new IllegalArgumentException("Cannot create struct field " + name + ": no type");
    }
    metadata =
        metadata == null || metadata.isEmpty()
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
  }

  /** A nullable field without metadata. */
  public static StructField of(String name, DataType type) {
    return new StructField(name, type, true, Map.of());
  }
}
