package dev.mongolake.internal.engine;

import dev.mongolake.delta.parquet.PromotedColumn;
import dev.mongolake.delta.table.ColumnProjection;
import dev.mongolake.delta.table.DocumentSnapshot;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether a read that needs only some paths of each document can take them from the table's
 * promoted columns: when every such path (other than {@code _id}, always read) is a scalar promoted
 * column of the table's current schema. Files where a column is not exact are then read whole and
 * projected to the same paths (see {@link ColumnProjection}).
 */
final class ColumnarPaths {
  private ColumnarPaths() {}

  /**
   * The projection for {@code paths} over {@code table}, or null when some path is not promoted.
   */
  static ColumnProjection projection(DocumentSnapshot table, Set<String> paths) {
    if (table == null || paths == null) {
      return null;
    }
    Set<String> scalarColumns = new HashSet<>();
    for (PromotedColumn column : table.config().schema().columns()) {
      if (!column.list()) {
        scalarColumns.add(column.path());
      }
    }
    List<String> needed =
        paths.stream()
            .filter(path -> !path.equals("_id") && !path.startsWith("_id."))
            .sorted()
            .toList();
    return scalarColumns.containsAll(needed) ? new ColumnProjection(needed) : null;
  }
}
