package dev.mongolake.delta.rows.internal;

import dev.mongolake.delta.ColumnMapping;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.schema.DataType;
import dev.mongolake.delta.log.schema.DecimalType;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import dev.mongolake.delta.rows.TableRow;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroup;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;

/**
 * {@link TableRow}s as Parquet example {@link Group}s of a {@link ParquetSchemas} message type (the
 * data columns, by physical name), each value checked against its column's type; the values seen
 * are handed to a {@link FileStatistics}.
 */
public final class RowGroups {
  private final MessageType message;
  private final ColumnMapping mapping;
  private final List<String> partitionColumns;
  private final FileStatistics statistics;

  public RowGroups(
      MessageType message,
      ColumnMapping mapping,
      List<String> partitionColumns,
      FileStatistics statistics) {
    this.message = message;
    this.mapping = mapping;
    this.partitionColumns = partitionColumns;
    this.statistics = statistics;
  }

  /** The group of one row's data columns. */
  public Group group(TableRow row) {
    SimpleGroup group = new SimpleGroup(message);
    statistics.countRecord();
    List<StructField> fields = row.schema().fields();
    for (int i = 0; i < fields.size(); i++) {
      StructField field = fields.get(i);
      if (!partitionColumns.contains(field.name())) {
        add(group, field, row.values().get(i), field.name(), List.of(mapping.physicalName(field)));
      }
    }
    return group;
  }

  private void add(Group group, StructField field, Object value, String path, List<String> key) {
    if (value == null) {
      if (!field.nullable()) {
        throw new DeltaException("Cannot write column " + path + ": null in a non-nullable column");
      }
      statistics.nulls(field.type(), key, mapping);
      return;
    }
    String name = mapping.physicalName(field);
    DataType type = field.type();
    switch (type) {
      case StructType struct -> {
        if (!(value instanceof TableRow nested) || !nested.schema().equals(struct)) {
          throw mismatch(path, value, type);
        }
        Group child = group.addGroup(name);
        for (int i = 0; i < struct.fields().size(); i++) {
          StructField nestedField = struct.fields().get(i);
          add(
              child,
              nestedField,
              nested.values().get(i),
              path + "." + nestedField.name(),
              append(key, mapping.physicalName(nestedField)));
        }
      }
      case DecimalType decimal -> {
        if (!(value instanceof BigDecimal number)) {
          throw mismatch(path, value, type);
        }
        BigDecimal scaled;
        try {
          scaled = number.setScale(decimal.scale(), RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
          throw mismatch(path, value, type);
        }
        if (scaled.precision() - scaled.scale() > decimal.precision() - decimal.scale()) {
          throw mismatch(path, value, type);
        }
        long digits = decimal.precision();
        if (digits <= 9) {
          group.add(name, scaled.unscaledValue().intValueExact());
        } else if (digits <= 18) {
          group.add(name, scaled.unscaledValue().longValueExact());
        } else {
          group.add(name, Binary.fromConstantByteArray(fixed(scaled)));
        }
        statistics.value(key, scaled);
      }
      case PrimitiveType primitive -> {
        primitive(group, name, primitive, value, path);
        statistics.value(key, value);
      }
      default -> throw ParquetSchemas.notWritten(path, type);
    }
  }

  private static void primitive(
      Group group, String name, PrimitiveType type, Object value, String path) {
    switch (type.name()) {
      case "byte" -> group.add(name, (int) cast(value, Byte.class, path, type));
      case "short" -> group.add(name, (int) cast(value, Short.class, path, type));
      case "integer" -> group.add(name, cast(value, Integer.class, path, type));
      case "long" -> group.add(name, cast(value, Long.class, path, type));
      case "float" -> group.add(name, cast(value, Float.class, path, type));
      case "double" -> group.add(name, cast(value, Double.class, path, type));
      case "boolean" -> group.add(name, cast(value, Boolean.class, path, type));
      case "string" -> group.add(name, Binary.fromString(cast(value, String.class, path, type)));
      case "binary" ->
          group.add(name, Binary.fromConstantByteArray(cast(value, byte[].class, path, type)));
      case "date" -> group.add(name, (int) cast(value, LocalDate.class, path, type).toEpochDay());
      case "timestamp" ->
          group.add(
              name,
              ChronoUnit.MICROS.between(Instant.EPOCH, cast(value, Instant.class, path, type)));
      case "timestamp_ntz" ->
          group.add(
              name,
              ChronoUnit.MICROS.between(
                  Instant.EPOCH,
                  cast(value, LocalDateTime.class, path, type).toInstant(ZoneOffset.UTC)));
      default -> throw ParquetSchemas.notWritten(path, type);
    }
  }

  private static <T> T cast(Object value, Class<T> expected, String path, DataType type) {
    if (!expected.isInstance(value)) {
      throw mismatch(path, value, type);
    }
    return expected.cast(value);
  }

  /**
   * The unscaled value as a big-endian two's complement of {@link ParquetSchemas#DECIMAL_BYTES}.
   */
  private static byte[] fixed(BigDecimal value) {
    byte[] minimal = value.unscaledValue().toByteArray();
    byte[] fixed = new byte[ParquetSchemas.DECIMAL_BYTES];
    Arrays.fill(fixed, 0, fixed.length - minimal.length, (byte) (value.signum() < 0 ? -1 : 0));
    System.arraycopy(minimal, 0, fixed, fixed.length - minimal.length, minimal.length);
    return fixed;
  }

  private static List<String> append(List<String> key, String name) {
    return java.util.stream.Stream.concat(key.stream(), java.util.stream.Stream.of(name)).toList();
  }

  static DeltaException mismatch(String path, Object value, DataType type) {
    return new DeltaException(
        "Cannot write column "
            + path
            + ": "
            + value.getClass().getSimpleName()
            + " value "
            + (value instanceof byte[] ? "(bytes)" : value)
            + " is not a "
            + type);
  }

  /** The message type, for the writer. */
  public GroupType message() {
    return message;
  }
}
