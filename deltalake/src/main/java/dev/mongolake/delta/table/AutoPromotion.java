package dev.mongolake.delta.table;

import dev.mongolake.delta.parquet.ColumnType;
import dev.mongolake.delta.parquet.DocumentFileLayout;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.PromotedColumn;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Chooses the fields {@link AutoPromote} promotes: top-level fields, not yet promoted and not
 * overlapping a promoted path, whose values fit one column type in at least the threshold share of
 * the documents being written. Among the types that reach the threshold the narrowest wins (string,
 * bool, timestamp, int, long, double), so all-Int32 fields become int columns and fields mixing
 * Int32 and Int64 become long columns. Nested documents and arrays are never promoted
 * automatically.
 */
final class AutoPromotion {
  private static final List<ColumnType> PREFERENCE =
      List.of(
          ColumnType.STRING,
          ColumnType.BOOL,
          ColumnType.TIMESTAMP,
          ColumnType.INT,
          ColumnType.LONG,
          ColumnType.DOUBLE);

  private AutoPromotion() {}

  /** {@code schema} plus the columns the documents qualify for (the same schema if none). */
  static DocumentSchema extend(DocumentSchema schema, List<BsonDocument> documents, double share) {
    if (documents.isEmpty()) {
      return schema;
    }
    Map<String, Map<ColumnType, Integer>> fits = new LinkedHashMap<>();
    for (BsonDocument document : documents) {
      for (Map.Entry<String, BsonValue> field : document.entrySet()) {
        String name = field.getKey();
        if (!candidate(name, schema)) {
          continue;
        }
        Map<ColumnType, Integer> counts = fits.computeIfAbsent(name, k -> new HashMap<>());
        for (ColumnType type : PREFERENCE) {
          if (type.fits(field.getValue())) {
            counts.merge(type, 1, Integer::sum);
          }
        }
      }
    }
    double needed = share * documents.size();
    List<PromotedColumn> columns = new ArrayList<>(schema.columns());
    fits.forEach(
        (name, counts) -> {
          for (ColumnType type : PREFERENCE) {
            if (counts.getOrDefault(type, 0) >= needed) {
              columns.add(new PromotedColumn(name, type, false));
              return;
            }
          }
        });
    return columns.size() == schema.columns().size() ? schema : new DocumentSchema(columns);
  }

  private static boolean candidate(String name, DocumentSchema schema) {
    if (name.equals(DocumentFileLayout.ID_COLUMN)
        || name.equals(DocumentFileLayout.DOCUMENT_COLUMN)
        || name.isEmpty()
        || name.startsWith("$")
        || name.contains(".")
        || name.indexOf('\0') >= 0) {
      return false;
    }
    for (PromotedColumn column : schema.columns()) {
      if (column.path().equals(name) || column.path().startsWith(name + ".")) {
        return false;
      }
    }
    return true;
  }
}
