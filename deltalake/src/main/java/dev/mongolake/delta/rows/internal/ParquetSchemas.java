package dev.mongolake.delta.rows.internal;

import dev.mongolake.delta.ColumnMapping;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.schema.DataType;
import dev.mongolake.delta.log.schema.DecimalType;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import java.util.List;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * The Parquet schema of a data file for a Delta schema: columns named by their physical names,
 * carrying their column mapping ids as Parquet field ids (as PROTOCOL.md asks of writers), types as
 * Spark writes them (timestamps as INT64 microseconds, decimals as INT32, INT64 or a 16-byte fixed
 * array by precision).
 */
public final class ParquetSchemas {
  /** 16 bytes hold any 38-digit unscaled decimal in two's complement. */
  static final int DECIMAL_BYTES = 16;

  private ParquetSchemas() {}

  /**
   * The message type of the data columns (those not in {@code partitionColumns}).
   *
   * @throws DeltaException naming a column whose type is not written (arrays, maps, variants)
   */
  public static MessageType of(
      StructType schema, ColumnMapping mapping, List<String> partitionColumns) {
    Types.MessageTypeBuilder message = Types.buildMessage();
    for (StructField field : schema.fields()) {
      if (!partitionColumns.contains(field.name())) {
        message.addField(type(field, mapping, field.name()));
      }
    }
    return message.named("spark_schema");
  }

  private static Type type(StructField field, ColumnMapping mapping, String path) {
    Type.Repetition repetition =
        field.nullable() ? Type.Repetition.OPTIONAL : Type.Repetition.REQUIRED;
    String name = mapping.physicalName(field);
    Object id = field.metadata().get(ColumnMapping.ID_KEY);
    Type type =
        switch (field.type()) {
          case StructType struct -> {
            Types.GroupBuilder<org.apache.parquet.schema.GroupType> group =
                Types.buildGroup(repetition);
            for (StructField nested : struct.fields()) {
              group.addField(type(nested, mapping, path + "." + nested.name()));
            }
            yield group.named(name);
          }
          case DecimalType decimal -> decimal(repetition, decimal).named(name);
          case PrimitiveType primitive -> primitive(repetition, primitive, path).named(name);
          default -> throw notWritten(path, field.type());
        };
    return mapping.active() && id instanceof Number number ? type.withId(number.intValue()) : type;
  }

  private static Types.PrimitiveBuilder<org.apache.parquet.schema.PrimitiveType> decimal(
      Type.Repetition repetition, DecimalType decimal) {
    PrimitiveTypeName physical =
        decimal.precision() <= 9
            ? PrimitiveTypeName.INT32
            : decimal.precision() <= 18
                ? PrimitiveTypeName.INT64
                : PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
    Types.PrimitiveBuilder<org.apache.parquet.schema.PrimitiveType> builder =
        Types.primitive(physical, repetition)
            .as(LogicalTypeAnnotation.decimalType(decimal.scale(), decimal.precision()));
    return physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
        ? builder.length(DECIMAL_BYTES)
        : builder;
  }

  private static Types.PrimitiveBuilder<org.apache.parquet.schema.PrimitiveType> primitive(
      Type.Repetition repetition, PrimitiveType type, String path) {
    return switch (type.name()) {
      case "byte" ->
          Types.primitive(PrimitiveTypeName.INT32, repetition)
              .as(LogicalTypeAnnotation.intType(8, true));
      case "short" ->
          Types.primitive(PrimitiveTypeName.INT32, repetition)
              .as(LogicalTypeAnnotation.intType(16, true));
      case "integer" -> Types.primitive(PrimitiveTypeName.INT32, repetition);
      case "long" -> Types.primitive(PrimitiveTypeName.INT64, repetition);
      case "float" -> Types.primitive(PrimitiveTypeName.FLOAT, repetition);
      case "double" -> Types.primitive(PrimitiveTypeName.DOUBLE, repetition);
      case "boolean" -> Types.primitive(PrimitiveTypeName.BOOLEAN, repetition);
      case "string" ->
          Types.primitive(PrimitiveTypeName.BINARY, repetition)
              .as(LogicalTypeAnnotation.stringType());
      case "binary" -> Types.primitive(PrimitiveTypeName.BINARY, repetition);
      case "date" ->
          Types.primitive(PrimitiveTypeName.INT32, repetition).as(LogicalTypeAnnotation.dateType());
      case "timestamp" ->
          Types.primitive(PrimitiveTypeName.INT64, repetition)
              .as(LogicalTypeAnnotation.timestampType(true, TimeUnit.MICROS));
      case "timestamp_ntz" ->
          Types.primitive(PrimitiveTypeName.INT64, repetition)
              .as(LogicalTypeAnnotation.timestampType(false, TimeUnit.MICROS));
      default -> throw notWritten(path, type);
    };
  }

  static DeltaException notWritten(String path, DataType type) {
    return new DeltaException(
        "Cannot write column " + path + ": type " + type + " is not written by TableWriter");
  }
}
