package dev.mongolake.delta;

import dev.mongolake.delta.exceptions.InvalidSchemaMetadataException;
import dev.mongolake.delta.exceptions.UnsupportedTableFeatureException;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.Protocol;
import dev.mongolake.delta.log.schema.ArrayType;
import dev.mongolake.delta.log.schema.DataType;
import dev.mongolake.delta.log.schema.MapType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A table's Delta column mapping (PROTOCOL.md "Column Mapping"): how the logical column names of
 * the schema map to the physical names the data files, partition values and statistics use.
 *
 * <p>In mode {@link Mode#NONE} (no {@code delta.columnMapping.mode}, or a protocol that does not
 * support the {@code columnMapping} feature) a column's physical name is its logical name. In modes
 * {@link Mode#NAME} and {@link Mode#ID} every column at every depth carries {@code
 * delta.columnMapping.physicalName} and {@code delta.columnMapping.id}; data files are read by
 * physical name (name mode) or by Parquet field id (id mode), partition values and statistics are
 * keyed by physical name in both.
 *
 * <p>Immutable and thread-safe.
 */
public final class ColumnMapping {
  /** The table property naming the mode. */
  public static final String MODE_PROPERTY = "delta.columnMapping.mode";

  /** The table property holding the largest column id assigned so far. */
  public static final String MAX_COLUMN_ID_PROPERTY = "delta.columnMapping.maxColumnId";

  /** The column metadata key of a column's physical name. */
  public static final String PHYSICAL_NAME_KEY = "delta.columnMapping.physicalName";

  /** The column metadata key of a column's id (the Parquet field id in id mode). */
  public static final String ID_KEY = "delta.columnMapping.id";

  /** The column mapping modes. */
  public enum Mode {
    NONE,
    NAME,
    ID
  }

  private static final ColumnMapping NONE_MAPPING = new ColumnMapping(Mode.NONE);

  private final Mode mode;

  private ColumnMapping(Mode mode) {
    this.mode = mode;
  }

  /** No column mapping: physical names are logical names. */
  public static ColumnMapping none() {
    return NONE_MAPPING;
  }

  /**
   * The column mapping of a table version, after checking that the schema carries what the mode
   * needs.
   *
   * @throws UnsupportedTableFeatureException for an unknown mode
   * @throws InvalidSchemaMetadataException naming the column when a column lacks its physical name
   *     or id, or two columns share an id or (among siblings) a physical name
   */
  public static ColumnMapping of(String table, Protocol protocol, Metadata metadata) {
    if (!supported(protocol)) {
      return NONE_MAPPING;
    }
    String value = metadata.configuration().get(MODE_PROPERTY);
    Mode mode =
        switch (value == null ? "none" : value.toLowerCase(Locale.ROOT)) {
          case "none" -> Mode.NONE;
          case "name" -> Mode.NAME;
          case "id" -> Mode.ID;
          default ->
              throw new UnsupportedTableFeatureException(
                  "columnMapping",
                  "Cannot read table "
                      + table
                      + ": it uses column mapping mode "
                      + value
                      + ", which this library does not support (only none, name and id)");
        };
    if (mode == Mode.NONE) {
      return NONE_MAPPING;
    }
    check(table, mode, metadata.schema(), "", new HashMap<>());
    return new ColumnMapping(mode);
  }

  /** Whether the protocol lets the mode property take effect. */
  private static boolean supported(Protocol protocol) {
    return switch (protocol.minReaderVersion()) {
      case 2 -> true;
      case 3 ->
          protocol.readerFeatures() != null && protocol.readerFeatures().contains("columnMapping");
      default -> false;
    };
  }

  public Mode mode() {
    return mode;
  }

  /** Whether columns are mapped (mode name or id). */
  public boolean active() {
    return mode != Mode.NONE;
  }

  /** The name the data files, partition values and statistics use for this column. */
  public String physicalName(StructField field) {
    if (mode == Mode.NONE) {
      return field.name();
    }
    return (String) field.metadata().get(PHYSICAL_NAME_KEY);
  }

  /** The Parquet field id to resolve this column by: present only in id mode. */
  public OptionalInt fieldId(StructField field) {
    if (mode != Mode.ID) {
      return OptionalInt.empty();
    }
    return OptionalInt.of(((Number) field.metadata().get(ID_KEY)).intValue());
  }

  /**
   * The physical path of a dotted logical path through nested structs ({@code "a.b"} to {@code
   * ["col-1", "col-2"]}), or empty when the path names no column of {@code schema} or passes
   * through an array or map.
   */
  public Optional<List<String>> physicalPath(StructType schema, String logicalPath) {
    List<String> physical = new ArrayList<>();
    DataType type = schema;
    for (String segment : logicalPath.split("\\.", -1)) {
      if (!(type instanceof StructType struct)) {
        return Optional.empty();
      }
      Optional<StructField> field = struct.field(segment);
      if (field.isEmpty()) {
        return Optional.empty();
      }
      physical.add(physicalName(field.get()));
      type = field.get().type();
    }
    return Optional.of(List.copyOf(physical));
  }

  /**
   * A file's partition values keyed by the logical names of the partition columns (in the order of
   * {@code partitionColumns}); a column the action leaves out maps to null.
   */
  public Map<String, String> partitionValues(
      StructType schema, List<String> partitionColumns, AddFile file) {
    Map<String, String> values = new LinkedHashMap<>();
    Map<String, String> stored = file.partitionValues() == null ? Map.of() : file.partitionValues();
    for (String column : partitionColumns) {
      String physical =
          schema.field(column).map(this::physicalName).orElse(column); // unknown: as written
      values.put(column, stored.get(physical));
    }
    return java.util.Collections.unmodifiableMap(values);
  }

  /**
   * A schema with mapping metadata assigned, and the largest column id it uses.
   *
   * @param schema the schema, every column carrying a physical name and an id
   * @param maxColumnId the value of {@link #MAX_COLUMN_ID_PROPERTY}
   */
  public record Assigned(StructType schema, int maxColumnId) {}

  /**
   * {@code schema} with a physical name ({@code col-} and a random UUID) and a column id assigned
   * to every column at every depth that has neither, the ids counting on from the largest id in use
   * or {@code maxColumnId}, whichever is larger. Columns that have both keep them.
   *
   * @throws IllegalArgumentException naming a column that has one of the two but not the other
   */
  public static Assigned assign(StructType schema, int maxColumnId) {
    int[] next = {Math.max(maxColumnId, largestId(schema))};
    StructType assigned = (StructType) assign(schema, "", next);
    return new Assigned(assigned, next[0]);
  }

  private static DataType assign(DataType type, String prefix, int[] next) {
    return switch (type) {
      case StructType struct -> {
        List<StructField> fields = new ArrayList<>();
        for (StructField field : struct.fields()) {
          String path = prefix.isEmpty() ? field.name() : prefix + "." + field.name();
          boolean named = field.metadata().containsKey(PHYSICAL_NAME_KEY);
          boolean numbered = field.metadata().containsKey(ID_KEY);
          if (named != numbered) {
            throw new IllegalArgumentException(
                "Cannot assign column mapping to column "
                    + path
                    + ": it has "
                    + (named
                        ? PHYSICAL_NAME_KEY + " but no " + ID_KEY
                        : ID_KEY + " but no " + PHYSICAL_NAME_KEY));
          }
          Map<String, Object> metadata = new LinkedHashMap<>(field.metadata());
          if (!named) {
            metadata.put(ID_KEY, ++next[0]);
            metadata.put(PHYSICAL_NAME_KEY, "col-" + java.util.UUID.randomUUID());
          }
          fields.add(
              new StructField(
                  field.name(), assign(field.type(), path, next), field.nullable(), metadata));
        }
        yield new StructType(fields);
      }
      case ArrayType array ->
          new ArrayType(assign(array.elementType(), prefix, next), array.containsNull());
      case MapType map ->
          new MapType(
              assign(map.keyType(), prefix, next),
              assign(map.valueType(), prefix, next),
              map.valueContainsNull());
      default -> type;
    };
  }

  private static int largestId(DataType type) {
    return switch (type) {
      case StructType struct -> {
        int largest = 0;
        for (StructField field : struct.fields()) {
          if (field.metadata().get(ID_KEY) instanceof Number id) {
            largest = Math.max(largest, id.intValue());
          }
          largest = Math.max(largest, largestId(field.type()));
        }
        yield largest;
      }
      case ArrayType array -> largestId(array.elementType());
      case MapType map -> Math.max(largestId(map.keyType()), largestId(map.valueType()));
      default -> 0;
    };
  }

  private static void check(
      String table, Mode mode, DataType type, String prefix, Map<Integer, String> ids) {
    switch (type) {
      case StructType struct -> {
        Set<String> physicalNames = new HashSet<>();
        for (StructField field : struct.fields()) {
          String path = prefix.isEmpty() ? field.name() : prefix + "." + field.name();
          String physical = physicalName(table, mode, field, path);
          if (!physicalNames.add(physical.toLowerCase(Locale.ROOT))) {
            throw invalid(table, mode, path, "shares its physical name " + physical);
          }
          int id = id(table, mode, field, path);
          String other = ids.putIfAbsent(id, path);
          if (other != null) {
            throw invalid(table, mode, path, "shares its column id " + id + " with " + other);
          }
          check(table, mode, field.type(), path, ids);
        }
      }
      case ArrayType array -> check(table, mode, array.elementType(), prefix + ".element", ids);
      case MapType map -> {
        check(table, mode, map.keyType(), prefix + ".key", ids);
        check(table, mode, map.valueType(), prefix + ".value", ids);
      }
      default -> {}
    }
  }

  private static String physicalName(String table, Mode mode, StructField field, String path) {
    Object physical = field.metadata().get(PHYSICAL_NAME_KEY);
    if (!(physical instanceof String name) || name.isEmpty()) {
      throw invalid(
          table,
          mode,
          path,
          physical == null ? "has no " + PHYSICAL_NAME_KEY : "has an invalid " + PHYSICAL_NAME_KEY);
    }
    return name;
  }

  private static int id(String table, Mode mode, StructField field, String path) {
    Object id = field.metadata().get(ID_KEY);
    if (!(id instanceof Number number)
        || number.longValue() != number.intValue()
        || number.doubleValue() != number.longValue()) {
      throw invalid(
          table, mode, path, id == null ? "has no " + ID_KEY : "has an invalid " + ID_KEY);
    }
    return number.intValue();
  }

  private static InvalidSchemaMetadataException invalid(
      String table, Mode mode, String path, String problem) {
    return new InvalidSchemaMetadataException(
        path,
        "Cannot read table "
            + table
            + " in column mapping mode "
            + mode.name().toLowerCase(Locale.ROOT)
            + ": column "
            + path
            + " "
            + problem);
  }

  @Override
  public String toString() {
    return "ColumnMapping[" + mode.name().toLowerCase(Locale.ROOT) + "]";
  }
}
