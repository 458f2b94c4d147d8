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
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;

/**
 * Brings an Iceberg schema to a newer Delta schema by name through Iceberg's own schema update, so
 * that existing fields keep their ids and a column promoted later gets the next unused id (Iceberg
 * never reuses one). Added columns are added, dropped ones deleted, widened primitives ({@code int}
 * to {@code long}, {@code float} to {@code double}) updated, and a column that became nullable made
 * optional; a primitive column retyped otherwise (a string {@code _id} re-encoded as binary) is
 * replaced by a new column of the same name; any other type change cannot be expressed and fails.
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
    String previous = null;
    for (StructField field : delta.fields()) {
      present.add(field.name());
      String path = parent == null ? field.name() : parent + "." + field.name();
      Types.NestedField existing = iceberg.field(field.name());
      Type wanted = IcebergSchemas.type(field.type(), new AtomicInteger(1_000_000));
      String before = previous;
      previous = path;
      if (existing == null) {
        update.addColumn(parent, field.name(), wanted);
        continue;
      }
      if (existing.type().isPrimitiveType()
          && wanted.isPrimitiveType()
          && !existing.type().equals(wanted)
          && !TypeUtil.isPromotionAllowed(existing.type(), wanted.asPrimitiveType())) {
        replace(update, parent, path, before, field, wanted);
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

  /**
   * A primitive column whose new type Iceberg cannot promote to (a string {@code _id} re-encoded as
   * binary keys): the column is dropped and added again under a new field id, where it was. The
   * Delta table rewrote every file holding it in the same version, so no live file keeps the old
   * type.
   */
  private static void replace(
      UpdateSchema update,
      String parent,
      String path,
      String before,
      StructField field,
      Type wanted) {
    update.deleteColumn(path);
    if (field.nullable()) {
      update.addColumn(parent, field.name(), wanted);
    } else {
      update.allowIncompatibleChanges().addRequiredColumn(parent, field.name(), wanted);
    }
    if (before == null) {
      update.moveFirst(path);
    } else {
      update.moveAfter(path, before);
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
