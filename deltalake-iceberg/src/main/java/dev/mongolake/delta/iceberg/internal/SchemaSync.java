package dev.mongolake.delta.iceberg.internal;

import dev.mongolake.delta.iceberg.IcebergMetadataException;
import dev.mongolake.delta.log.schema.DataType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.iceberg.Schema;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Brings an Iceberg schema to a newer Delta schema by name through Iceberg's own schema update, so
 * that existing fields keep their ids and a column promoted later gets the next unused id (Iceberg
 * never reuses one). Added columns are added, dropped ones deleted, widened primitives ({@code int}
 * to {@code long}, {@code float} to {@code double}) updated, and a column that became nullable made
 * optional; any other type change cannot be expressed and fails.
 */
final class SchemaSync {
  private SchemaSync() {}

  /** Whether {@code iceberg} already describes {@code delta}. */
  static boolean matches(Schema iceberg, StructType delta) {
    return sameIgnoringIds(iceberg.asStruct(), IcebergSchemas.of(delta).asStruct());
  }

  /** Records in {@code update} the changes from {@code iceberg} to {@code delta}. */
  static void apply(UpdateSchema update, Schema iceberg, StructType delta) {
    struct(update, null, iceberg.asStruct(), delta);
  }

  private static void struct(
      UpdateSchema update, String parent, Types.StructType iceberg, StructType delta) {
    Set<String> present = new HashSet<>();
    for (StructField field : delta.fields()) {
      present.add(field.name());
      String path = parent == null ? field.name() : parent + "." + field.name();
      Types.NestedField existing = iceberg.field(field.name());
      Type wanted = IcebergSchemas.type(field.type(), new AtomicInteger(1_000_000));
      if (existing == null) {
        update.addColumn(parent, field.name(), wanted);
        continue;
      }
      if (field.nullable() && existing.isRequired()) {
        update.makeColumnOptional(path);
      }
      changeType(update, path, existing.type(), wanted, field.type());
    }
    for (Types.NestedField field : iceberg.fields()) {
      if (!present.contains(field.name())) {
        update.deleteColumn(parent == null ? field.name() : parent + "." + field.name());
      }
    }
  }

  private static void changeType(
      UpdateSchema update, String path, Type existing, Type wanted, DataType delta) {
    if (existing.isStructType() && delta instanceof StructType nested) {
      struct(update, path, existing.asStructType(), nested);
    } else if (existing.isPrimitiveType() && wanted.isPrimitiveType()) {
      if (!existing.equals(wanted)) {
        update.updateColumn(path, wanted.asPrimitiveType());
      }
    } else if (!sameIgnoringIds(existing, wanted)) {
      throw new IcebergMetadataException(
          "Cannot change Iceberg column " + path + " from " + existing + " to " + wanted);
    }
  }

  /** Structural equality that ignores field ids (lists and maps are compared by shape). */
  private static boolean sameIgnoringIds(Type a, Type b) {
    if (a.isPrimitiveType() || b.isPrimitiveType()) {
      return a.equals(b);
    }
    if (a.typeId() != b.typeId()) {
      return false;
    }
    if (a.isVariantType()) {
      return true;
    }
    var aFields = a.asNestedType().fields();
    var bFields = b.asNestedType().fields();
    if (aFields.size() != bFields.size()) {
      return false;
    }
    for (int i = 0; i < aFields.size(); i++) {
      Types.NestedField x = aFields.get(i);
      Types.NestedField y = bFields.get(i);
      if (!x.name().equals(y.name())
          || x.isOptional() != y.isOptional()
          || !sameIgnoringIds(x.type(), y.type())) {
        return false;
      }
    }
    return true;
  }
}
