package dev.mongolake.delta.rows.internal;

import dev.mongolake.delta.ColumnMapping;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.schema.ArrayType;
import dev.mongolake.delta.log.schema.DataType;
import dev.mongolake.delta.log.schema.DecimalType;
import dev.mongolake.delta.log.schema.MapType;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import dev.mongolake.delta.log.schema.VariantType;
import dev.mongolake.delta.rows.TableRow;
import dev.mongolake.delta.variant.EncodedVariant;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DateLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.OriginalType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * Values of a Parquet {@link Group} as the Java values of {@link TableRow}, by the logical schema:
 * columns resolved by physical name or field id ({@link ColumnMapping}), each value converted from
 * the type the file stored to the column's current type. A file written before a column was widened
 * stores the narrower type; any other mismatch between the file and the schema is refused.
 *
 * <p>One instance reads one file (it remembers where each struct's columns are in the file's
 * Parquet types); not thread-safe.
 */
public final class ParquetValues {
  private static final long JULIAN_DAY_OF_EPOCH = 2_440_588L;
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private final ColumnMapping mapping;
  private final String file;
  private final Map<GroupType, int[]> resolved = new IdentityHashMap<>();

  /**
   * @param mapping how the schema's columns are found in the file
   * @param file the file's name, for messages
   */
  public ParquetValues(ColumnMapping mapping, String file) {
    this.mapping = mapping;
    this.file = file;
  }

  /**
   * The row of {@code group} by {@code schema}; a column the file does not hold reads as null (it
   * was added after the file was written).
   */
  public TableRow row(Group group, StructType schema) {
    return new TableRow(schema, values(group, schema));
  }

  /**
   * The values of {@code schema}'s columns in {@code group}, in schema order; a column the file
   * does not hold reads as null (it was added after the file was written).
   */
  public List<Object> values(Group group, StructType schema) {
    GroupType type = group.getType();
    // Every row of a file shares its Parquet types: resolve each struct's columns once.
    int[] indexes = resolved.computeIfAbsent(type, t -> resolve(t, schema));
    List<StructField> fields = schema.fields();
    List<Object> values = new ArrayList<>(fields.size());
    for (int i = 0; i < fields.size(); i++) {
      int index = indexes[i];
      values.add(
          index < 0 || group.getFieldRepetitionCount(index) == 0
              ? null
              : value(
                  group,
                  index,
                  0,
                  type.getType(index),
                  fields.get(i).type(),
                  fields.get(i).name()));
    }
    return values;
  }

  private int[] resolve(GroupType type, StructType schema) {
    int[] indexes = new int[schema.fields().size()];
    for (int i = 0; i < indexes.length; i++) {
      indexes[i] = fieldIndex(type, schema.fields().get(i));
    }
    return indexes;
  }

  /** The index of a column in a Parquet group, or -1 when the file does not hold it. */
  int fieldIndex(GroupType type, StructField field) {
    OptionalInt id = mapping.fieldId(field);
    if (id.isPresent()) {
      for (int i = 0; i < type.getFieldCount(); i++) {
        Type.ID fieldId = type.getType(i).getId();
        if (fieldId != null && fieldId.intValue() == id.getAsInt()) {
          return i;
        }
      }
      return -1;
    }
    String name = mapping.physicalName(field);
    if (type.containsField(name)) {
      return type.getFieldIndex(name);
    }
    if (!mapping.active()) {
      for (int i = 0; i < type.getFieldCount(); i++) {
        if (type.getType(i).getName().equalsIgnoreCase(name)) {
          return i; // Spark resolves unmapped columns case-insensitively
        }
      }
    }
    return -1;
  }

  private Object value(Group group, int index, int r, Type parquet, DataType type, String path) {
    return switch (type) {
      case StructType struct -> {
        if (parquet.isPrimitive()) {
          throw mismatch(path, parquet, type);
        }
        yield row(group.getGroup(index, r), struct);
      }
      case ArrayType array -> array(group, index, r, parquet, array, path);
      case MapType map -> map(group.getGroup(index, r), parquet, map, path);
      case DecimalType decimal -> decimal(group, index, r, parquet, decimal, path);
      case PrimitiveType primitive -> primitive(group, index, r, parquet, primitive, path);
      case VariantType variant -> variant(group, index, r, parquet, variant, path);
    };
  }

  /**
   * A VARIANT column's value: its group's {@code metadata} and {@code value} binaries, as the
   * Parquet Variant spec stores an unshredded one. A shredded one ({@code typed_value} beside them)
   * is refused by name: its typed columns would have to be merged back.
   */
  private EncodedVariant variant(
      Group parent, int index, int r, Type parquet, VariantType type, String path) {
    if (parquet.isPrimitive()) {
      throw mismatch(path, parquet, type);
    }
    GroupType group = parquet.asGroupType();
    if (group.containsField("typed_value")) {
      throw new DeltaException(
          "Cannot read column "
              + path
              + " of file "
              + file
              + ": it is a shredded Variant (typed_value), which is not read yet");
    }
    if (!group.containsField("metadata") || !group.containsField("value")) {
      throw mismatch(path, parquet, type);
    }
    Group variant = parent.getGroup(index, r);
    return new EncodedVariant(
        variant.getBinary("metadata", 0).getBytes(), variant.getBinary("value", 0).getBytes());
  }

  private List<Object> array(
      Group parent, int index, int r, Type parquet, ArrayType type, String path) {
    List<Object> elements = new ArrayList<>();
    String elementPath = path + ".element";
    if (parquet.isRepetition(Type.Repetition.REPEATED)) {
      // A bare repeated field is a list of required elements (no LIST wrapper).
      for (int j = 0; j < parent.getFieldRepetitionCount(index); j++) {
        elements.add(value(parent, index, j, parquet, type.elementType(), elementPath));
      }
      return elements;
    }
    if (parquet.isPrimitive()) {
      throw mismatch(path, parquet, type);
    }
    Group list = parent.getGroup(index, r);
    GroupType listType = parquet.asGroupType();
    Type repeated = listType.getType(0);
    // The Parquet list backward-compatibility rules: these repeated fields are the elements.
    boolean twoLevel =
        repeated.isPrimitive()
            || repeated.asGroupType().getFieldCount() > 1
            || repeated.getName().equals("array")
            || repeated.getName().equals(listType.getName() + "_tuple");
    for (int j = 0; j < list.getFieldRepetitionCount(0); j++) {
      if (twoLevel) {
        elements.add(value(list, 0, j, repeated, type.elementType(), elementPath));
      } else {
        Group element = list.getGroup(0, j);
        elements.add(
            element.getFieldRepetitionCount(0) == 0
                ? null
                : value(
                    element,
                    0,
                    0,
                    repeated.asGroupType().getType(0),
                    type.elementType(),
                    elementPath));
      }
    }
    return elements;
  }

  private Map<Object, Object> map(Group map, Type parquet, MapType type, String path) {
    if (parquet.isPrimitive()) {
      throw mismatch(path, parquet, type);
    }
    Map<Object, Object> entries = new LinkedHashMap<>();
    GroupType entryType = parquet.asGroupType().getType(0).asGroupType();
    for (int j = 0; j < map.getFieldRepetitionCount(0); j++) {
      Group entry = map.getGroup(0, j);
      Object key = value(entry, 0, 0, entryType.getType(0), type.keyType(), path + ".key");
      Object value =
          entryType.getFieldCount() < 2 || entry.getFieldRepetitionCount(1) == 0
              ? null
              : value(entry, 1, 0, entryType.getType(1), type.valueType(), path + ".value");
      entries.put(key, value);
    }
    return entries;
  }

  private BigDecimal decimal(
      Group group, int index, int r, Type parquet, DecimalType type, String path) {
    if (!parquet.isPrimitive()) {
      throw mismatch(path, parquet, type);
    }
    // A decimal column widened from an integral type reads the integers at scale 0.
    int fileScale =
        parquet.getLogicalTypeAnnotation() instanceof DecimalLogicalTypeAnnotation d
            ? d.getScale()
            : 0;
    BigDecimal value =
        switch (parquet.asPrimitiveType().getPrimitiveTypeName()) {
          case INT32 -> BigDecimal.valueOf(group.getInteger(index, r), fileScale);
          case INT64 -> BigDecimal.valueOf(group.getLong(index, r), fileScale);
          case BINARY, FIXED_LEN_BYTE_ARRAY ->
              new BigDecimal(new BigInteger(group.getBinary(index, r).getBytes()), fileScale);
          default -> throw mismatch(path, parquet, type);
        };
    if (fileScale > type.scale()) {
      throw mismatch(path, parquet, type);
    }
    return value.setScale(type.scale(), RoundingMode.UNNECESSARY);
  }

  private Object primitive(
      Group group, int index, int r, Type parquet, PrimitiveType type, String path) {
    if (!parquet.isPrimitive()) {
      throw mismatch(path, parquet, type);
    }
    PrimitiveTypeName stored = parquet.asPrimitiveType().getPrimitiveTypeName();
    return switch (type.name()) {
      case "string" -> {
        requireStored(stored, PrimitiveTypeName.BINARY, path, parquet, type);
        yield group.getString(index, r);
      }
      case "binary" -> {
        if (stored != PrimitiveTypeName.BINARY
            && stored != PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
          throw mismatch(path, parquet, type);
        }
        yield group.getBinary(index, r).getBytes();
      }
      case "boolean" -> {
        requireStored(stored, PrimitiveTypeName.BOOLEAN, path, parquet, type);
        yield group.getBoolean(index, r);
      }
      case "byte" -> (byte) integer(group, index, r, parquet, type, path);
      case "short" -> (short) integer(group, index, r, parquet, type, path);
      case "integer" -> integer(group, index, r, parquet, type, path);
      case "long" ->
          stored == PrimitiveTypeName.INT64
              ? group.getLong(index, r)
              : (long) integer(group, index, r, parquet, type, path);
      case "float" -> {
        requireStored(stored, PrimitiveTypeName.FLOAT, path, parquet, type);
        yield group.getFloat(index, r);
      }
      case "double" ->
          switch (stored) {
            case DOUBLE -> group.getDouble(index, r);
            case FLOAT -> (double) group.getFloat(index, r);
            case INT32 -> (double) integer(group, index, r, parquet, type, path);
            default -> throw mismatch(path, parquet, type);
          };
      case "date" -> {
        requireStored(stored, PrimitiveTypeName.INT32, path, parquet, type);
        yield LocalDate.ofEpochDay(group.getInteger(index, r));
      }
      case "timestamp" ->
          Instant.EPOCH.plus(micros(group, index, r, parquet, type, path), ChronoUnit.MICROS);
      case "timestamp_ntz" ->
          LocalDateTime.ofEpochSecond(0, 0, ZoneOffset.UTC)
              .plus(micros(group, index, r, parquet, type, path), ChronoUnit.MICROS);
      default ->
          throw new DeltaException(
              "Cannot read column "
                  + path
                  + " of file "
                  + file
                  + ": type "
                  + type.name()
                  + " is not supported");
    };
  }

  /** An INT32 value; a decimal or date annotation means the file holds another type. */
  private int integer(Group group, int index, int r, Type parquet, DataType type, String path) {
    LogicalTypeAnnotation logical = parquet.getLogicalTypeAnnotation();
    if (parquet.asPrimitiveType().getPrimitiveTypeName() != PrimitiveTypeName.INT32
        || logical instanceof DecimalLogicalTypeAnnotation
        || logical instanceof DateLogicalTypeAnnotation) {
      throw mismatch(path, parquet, type);
    }
    return group.getInteger(index, r);
  }

  private long micros(Group group, int index, int r, Type parquet, DataType type, String path) {
    switch (parquet.asPrimitiveType().getPrimitiveTypeName()) {
      case INT96 -> {
        // Spark's legacy timestamps: nanoseconds of the day, then the Julian day, little-endian.
        ByteBuffer bytes =
            ByteBuffer.wrap(group.getInt96(index, r).getBytes()).order(ByteOrder.LITTLE_ENDIAN);
        long nanosOfDay = bytes.getLong();
        long julianDay = bytes.getInt();
        return (julianDay - JULIAN_DAY_OF_EPOCH) * MICROS_PER_DAY + nanosOfDay / 1000;
      }
      case INT32 -> {
        // A date column widened to timestamp_ntz: midnight of that day.
        if (!(parquet.getLogicalTypeAnnotation() instanceof DateLogicalTypeAnnotation)
            || !(type instanceof PrimitiveType p && p.name().equals("timestamp_ntz"))) {
          throw mismatch(path, parquet, type);
        }
        return group.getInteger(index, r) * MICROS_PER_DAY;
      }
      case INT64 -> {
        long value = group.getLong(index, r);
        if (parquet.getLogicalTypeAnnotation() instanceof TimestampLogicalTypeAnnotation t) {
          return switch (t.getUnit()) {
            case MILLIS -> value * 1000;
            case MICROS -> value;
            case NANOS -> Math.floorDiv(value, 1000);
          };
        }
        return parquet.getOriginalType() == OriginalType.TIMESTAMP_MILLIS ? value * 1000 : value;
      }
      default -> throw mismatch(path, parquet, type);
    }
  }

  private void requireStored(
      PrimitiveTypeName stored,
      PrimitiveTypeName wanted,
      String path,
      Type parquet,
      DataType type) {
    if (stored != wanted) {
      throw mismatch(path, parquet, type);
    }
  }

  private DeltaException mismatch(String path, Type parquet, DataType type) {
    return new DeltaException(
        "Cannot read column "
            + path
            + " of file "
            + file
            + ": the file stores "
            + parquet.toString().strip()
            + ", which does not convert to the table type "
            + type);
  }
}
