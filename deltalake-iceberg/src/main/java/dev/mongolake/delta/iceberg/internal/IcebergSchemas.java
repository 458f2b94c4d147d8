package dev.mongolake.delta.iceberg.internal;

import dev.mongolake.delta.iceberg.IcebergMetadataException;
import dev.mongolake.delta.log.schema.ArrayType;
import dev.mongolake.delta.log.schema.DataType;
import dev.mongolake.delta.log.schema.DecimalType;
import dev.mongolake.delta.log.schema.MapType;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import dev.mongolake.delta.log.schema.VariantType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Delta schemas as Iceberg schemas: the same names, nesting and nullability, with the Delta types'
 * Iceberg counterparts ({@code variant} as Iceberg v3's variant, {@code timestamp} as {@code
 * timestamptz}, {@code byte} and {@code short} as {@code int}). The field ids given here are only
 * provisional: a new table's metadata and a schema update assign the real ones (see {@link
 * SchemaSync}).
 */
final class IcebergSchemas {
  private IcebergSchemas() {}

  /** The Iceberg schema of a Delta schema, with ids from 1 in depth-first order. */
  static Schema of(StructType delta) {
    return new Schema(fields(delta, new AtomicInteger()));
  }

  /** The Iceberg type of a Delta type, with provisional ids from {@code ids}. */
  static Type type(DataType delta, AtomicInteger ids) {
    return switch (delta) {
      case StructType struct -> Types.StructType.of(fields(struct, ids));
      case ArrayType array -> {
        int elementId = ids.incrementAndGet();
        Type element = type(array.elementType(), ids);
        yield array.containsNull()
            ? Types.ListType.ofOptional(elementId, element)
            : Types.ListType.ofRequired(elementId, element);
      }
      case MapType map -> {
        int keyId = ids.incrementAndGet();
        int valueId = ids.incrementAndGet();
        Type key = type(map.keyType(), ids);
        Type value = type(map.valueType(), ids);
        yield map.valueContainsNull()
            ? Types.MapType.ofOptional(keyId, valueId, key, value)
            : Types.MapType.ofRequired(keyId, valueId, key, value);
      }
      case DecimalType decimal -> Types.DecimalType.of(decimal.precision(), decimal.scale());
      case VariantType variant -> Types.VariantType.get();
      case PrimitiveType primitive -> primitive(primitive);
      default ->
          throw new IcebergMetadataException(
              "Cannot describe Delta type " + delta + " in Iceberg: no counterpart");
    };
  }

  private static List<Types.NestedField> fields(StructType struct, AtomicInteger ids) {
    List<Types.NestedField> fields = new ArrayList<>();
    for (StructField field : struct.fields()) {
      int id = ids.incrementAndGet();
      Type type = type(field.type(), ids);
      fields.add(
          field.nullable()
              ? Types.NestedField.optional(id, field.name(), type)
              : Types.NestedField.required(id, field.name(), type));
    }
    return fields;
  }

  private static Type primitive(PrimitiveType primitive) {
    return switch (primitive.name()) {
      case "string" -> Types.StringType.get();
      case "long" -> Types.LongType.get();
      case "integer", "short", "byte" -> Types.IntegerType.get();
      case "float" -> Types.FloatType.get();
      case "double" -> Types.DoubleType.get();
      case "boolean" -> Types.BooleanType.get();
      case "binary" -> Types.BinaryType.get();
      case "date" -> Types.DateType.get();
      case "timestamp" -> Types.TimestampType.withZone();
      case "timestamp_ntz" -> Types.TimestampType.withoutZone();
      default ->
          throw new IcebergMetadataException(
              "Cannot describe Delta type " + primitive.name() + " in Iceberg: no counterpart");
    };
  }
}
