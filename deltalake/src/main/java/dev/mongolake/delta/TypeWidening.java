package dev.mongolake.delta;

import dev.mongolake.delta.exceptions.InvalidSchemaMetadataException;
import dev.mongolake.delta.exceptions.UnsupportedTableFeatureException;
import dev.mongolake.delta.log.schema.ArrayType;
import dev.mongolake.delta.log.schema.DataType;
import dev.mongolake.delta.log.schema.DecimalType;
import dev.mongolake.delta.log.schema.MapType;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.SchemaJson;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import java.util.List;
import java.util.Map;

/**
 * Delta type widening (PROTOCOL.md "Type Widening", features {@code typeWidening} and {@code
 * typeWidening-preview}): a column's type may have been widened after some data files were written,
 * so those files hold the narrower type and a reader converts their values to the current one. Each
 * change is recorded in the {@code delta.typeChanges} metadata of the nearest struct field.
 *
 * <p>The changes a reader must accept: {@code byte -> short -> integer -> long}; {@code float ->
 * double}; {@code byte}, {@code short} or {@code integer -> double}; {@code date -> timestamp_ntz};
 * {@code decimal(p, s) -> decimal(p + k1, s + k2)} with {@code k1 >= k2 >= 0}; {@code byte}, {@code
 * short} or {@code integer -> decimal(10 + k1, k2)} and {@code long -> decimal(20 + k1, k2)}.
 *
 * <p>Stateless and thread-safe.
 */
public final class TypeWidening {
  /** The column metadata key holding a field's type changes. */
  public static final String TYPE_CHANGES_KEY = "delta.typeChanges";

  private static final List<String> INTEGRAL = List.of("byte", "short", "integer", "long");

  private TypeWidening() {}

  /** Whether a reader converts values of type {@code from} to type {@code to}. */
  public static boolean isSupported(DataType from, DataType to) {
    if (from instanceof DecimalType f && to instanceof DecimalType t) {
      int k1 = t.precision() - f.precision();
      int k2 = t.scale() - f.scale();
      return k1 >= k2 && k2 >= 0 && !f.equals(t);
    }
    if (!(from instanceof PrimitiveType f)) {
      return false;
    }
    int fromRank = INTEGRAL.indexOf(f.name());
    if (to instanceof DecimalType t) {
      // An integral type holds at most 10 (long: 20) digits left of the point.
      int digits = fromRank < 0 ? -1 : fromRank == 3 ? 20 : 10;
      return digits > 0 && t.precision() - t.scale() >= digits;
    }
    if (!(to instanceof PrimitiveType t)) {
      return false;
    }
    int toRank = INTEGRAL.indexOf(t.name());
    if (fromRank >= 0 && toRank >= 0) {
      return fromRank < toRank;
    }
    return switch (t.name()) {
      case "double" -> f.name().equals("float") || (fromRank >= 0 && fromRank < 3);
      case "timestamp_ntz" -> f.name().equals("date");
      default -> false;
    };
  }

  /**
   * Checks every {@code delta.typeChanges} entry of the schema.
   *
   * @throws UnsupportedTableFeatureException naming {@code typeWidening} for a type change this
   *     library does not read
   * @throws InvalidSchemaMetadataException naming the column for a malformed entry
   */
  public static void check(String table, StructType schema) {
    check(table, schema, "");
  }

  private static void check(String table, DataType type, String prefix) {
    switch (type) {
      case StructType struct -> {
        for (StructField field : struct.fields()) {
          String path = prefix.isEmpty() ? field.name() : prefix + "." + field.name();
          Object changes = field.metadata().get(TYPE_CHANGES_KEY);
          if (changes != null) {
            checkChanges(table, path, changes);
          }
          check(table, field.type(), path);
        }
      }
      case ArrayType array -> check(table, array.elementType(), prefix);
      case MapType map -> {
        check(table, map.keyType(), prefix);
        check(table, map.valueType(), prefix);
      }
      default -> {}
    }
  }

  private static void checkChanges(String table, String path, Object changes) {
    if (!(changes instanceof List<?> list)) {
      throw malformed(table, path, "is not a list");
    }
    for (Object entry : list) {
      if (!(entry instanceof Map<?, ?> change)
          || !(change.get("fromType") instanceof String fromName)
          || !(change.get("toType") instanceof String toName)) {
        throw malformed(table, path, "has an entry without fromType and toType: " + entry);
      }
      DataType from = SchemaJson.parsePrimitive(fromName);
      DataType to = SchemaJson.parsePrimitive(toName);
      if (!isSupported(from, to)) {
        Object fieldPath = change.get("fieldPath");
        throw new UnsupportedTableFeatureException(
            "typeWidening",
            "Cannot read table "
                + table
                + ": column "
                + path
                + (fieldPath == null ? "" : " (" + fieldPath + ")")
                + " changed type from "
                + fromName
                + " to "
                + toName
                + ", a type change this library does not support");
      }
    }
  }

  private static InvalidSchemaMetadataException malformed(
      String table, String path, String problem) {
    return new InvalidSchemaMetadataException(
        path,
        "Cannot read table "
            + table
            + ": "
            + TYPE_CHANGES_KEY
            + " of column "
            + path
            + " "
            + problem);
  }
}
