package dev.mongolake.delta.rows.internal;

import dev.mongolake.delta.ColumnMapping;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import dev.mongolake.delta.query.ParquetColumnType;
import dev.mongolake.delta.query.PushdownColumn;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * The columns of one data file a filter may push down to Parquet, by logical path: scalar columns
 * reached through structs, found in the file as the column mapping says (so the Parquet path is the
 * file's own, by name or by field id), whose stored type is the one {@link
 * dev.mongolake.delta.rows.TableRow#toDocument()} shows without conversion. A column the file holds
 * in a narrower type (written before the column was widened), a timestamp (documents show it to the
 * millisecond) or a float is left out, and so filtered only row by row.
 */
public final class PushdownColumns {
  private PushdownColumns() {}

  public static Set<PushdownColumn> of(
      GroupType file, StructType schema, ColumnMapping mapping, List<String> partitionColumns) {
    Set<PushdownColumn> columns = new HashSet<>();
    ParquetValues resolver = new ParquetValues(mapping, "");
    for (StructField field : schema.fields()) {
      if (!partitionColumns.contains(field.name())) {
        collect(file, field, field.name(), "", resolver, columns);
      }
    }
    return Set.copyOf(columns);
  }

  private static void collect(
      GroupType group,
      StructField field,
      String logicalPath,
      String parquetPrefix,
      ParquetValues resolver,
      Set<PushdownColumn> columns) {
    int index = resolver.fieldIndex(group, field);
    if (index < 0) {
      return;
    }
    Type stored = group.getType(index);
    // A dot in a name would make the dotted paths ambiguous.
    if (stored.isRepetition(Type.Repetition.REPEATED)
        || stored.getName().contains(".")
        || field.name().contains(".")) {
      return;
    }
    String parquetPath = parquetPrefix + stored.getName();
    if (field.type() instanceof StructType struct) {
      if (!stored.isPrimitive()) {
        for (StructField nested : struct.fields()) {
          collect(
              stored.asGroupType(),
              nested,
              logicalPath + "." + nested.name(),
              parquetPath + ".",
              resolver,
              columns);
        }
      }
      return;
    }
    if (field.type() instanceof PrimitiveType primitive && stored.isPrimitive()) {
      ParquetColumnType type = type(primitive, stored.asPrimitiveType());
      if (type != null) {
        columns.add(new PushdownColumn(logicalPath, parquetPath, type));
      }
    }
  }

  /** The pushdown type when the file stores exactly the table's type, else null. */
  private static ParquetColumnType type(
      PrimitiveType table, org.apache.parquet.schema.PrimitiveType stored) {
    PrimitiveTypeName name = stored.getPrimitiveTypeName();
    LogicalTypeAnnotation logical = stored.getLogicalTypeAnnotation();
    boolean plainInteger = logical == null || logical instanceof IntLogicalTypeAnnotation;
    return switch (table.name()) {
      case "string" ->
          name == PrimitiveTypeName.BINARY && logical instanceof StringLogicalTypeAnnotation
              ? ParquetColumnType.STRING
              : null;
      case "byte", "short", "integer" ->
          name == PrimitiveTypeName.INT32 && plainInteger ? ParquetColumnType.INT32 : null;
      case "long" ->
          name == PrimitiveTypeName.INT64 && plainInteger ? ParquetColumnType.INT64 : null;
      case "double" -> name == PrimitiveTypeName.DOUBLE ? ParquetColumnType.DOUBLE : null;
      case "boolean" -> name == PrimitiveTypeName.BOOLEAN ? ParquetColumnType.BOOLEAN : null;
      default -> null;
    };
  }
}
