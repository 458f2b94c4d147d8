package dev.mongolake.delta.table;

import dev.mongolake.delta.log.schema.ArrayType;
import dev.mongolake.delta.log.schema.DataType;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import dev.mongolake.delta.log.schema.VariantType;
import dev.mongolake.delta.parquet.ColumnType;
import dev.mongolake.delta.parquet.DocumentFileLayout;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.parquet.PromotedColumn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Delta schema of a document table, matching the Parquet layout of its files: {@code _id},
 * {@code doc} (VARIANT) and the promoted columns, nested by path.
 */
final class DocumentTableSchema {

  private DocumentTableSchema() {}

  static StructType of(DocumentTableConfig config) {
    List<StructField> fields = new ArrayList<>();
    fields.add(
        new StructField(
            DocumentFileLayout.ID_COLUMN, idType(config.idEncoding()), false, Map.of()));
    fields.add(
        new StructField(DocumentFileLayout.DOCUMENT_COLUMN, VariantType.INSTANCE, false, Map.of()));
    fields.addAll(promoted(config.schema().columns()));
    // Partition columns are in the table's schema but not in its files (PROTOCOL.md).
    fields.addAll(promoted(config.partitionColumns().columns()));
    return new StructType(fields);
  }

  private static DataType idType(IdEncoding encoding) {
    return switch (encoding) {
      case OBJECT_ID, STRING -> PrimitiveType.STRING;
      case INT32 -> PrimitiveType.INTEGER;
      case INT64 -> PrimitiveType.LONG;
      case KEY -> PrimitiveType.BINARY;
    };
  }

  /** Promoted columns as fields, grouping dotted paths under shared struct parents. */
  private static List<StructField> promoted(List<PromotedColumn> columns) {
    Map<String, Object> tree = new LinkedHashMap<>();
    for (PromotedColumn column : columns) {
      List<String> segments = column.segments();
      Map<String, Object> node = tree;
      for (int i = 0; i < segments.size() - 1; i++) {
        @SuppressWarnings("unchecked")
        Map<String, Object> child =
            (Map<String, Object>) node.computeIfAbsent(segments.get(i), k -> new LinkedHashMap<>());
        node = child;
      }
      node.put(segments.getLast(), column);
    }
    return fields(tree);
  }

  private static List<StructField> fields(Map<String, Object> tree) {
    List<StructField> fields = new ArrayList<>();
    tree.forEach(
        (name, node) -> {
          if (node instanceof PromotedColumn column) {
            DataType scalar = scalarType(column.type());
            fields.add(StructField.of(name, column.list() ? new ArrayType(scalar, true) : scalar));
          } else {
            @SuppressWarnings("unchecked")
            Map<String, Object> children = (Map<String, Object>) node;
            fields.add(StructField.of(name, new StructType(fields(children))));
          }
        });
    return fields;
  }

  private static DataType scalarType(ColumnType type) {
    return switch (type) {
      case STRING -> PrimitiveType.STRING;
      case INT -> PrimitiveType.INTEGER;
      case LONG -> PrimitiveType.LONG;
      case DOUBLE -> PrimitiveType.DOUBLE;
      case BOOL -> PrimitiveType.BOOLEAN;
      case TIMESTAMP -> PrimitiveType.TIMESTAMP;
    };
  }
}
