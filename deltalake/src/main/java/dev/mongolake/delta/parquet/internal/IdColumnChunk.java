package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.parquet.DocumentFileLayout;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.schema.PrimitiveType;

/** The {@code _id} column chunk of a document file's row group, and what its footer tells. */
public final class IdColumnChunk {

  private IdColumnChunk() {}

  /** The row group's {@code _id} column chunk, or null for a file without one. */
  public static ColumnChunkMetaData of(BlockMetaData block) {
    for (ColumnChunkMetaData column : block.getColumns()) {
      if (column.getPath().size() == 1
          && column.getPath().toArray()[0].equals(DocumentFileLayout.ID_COLUMN)) {
        return column;
      }
    }
    return null;
  }

  /**
   * Whether a stored id ({@code Binary}, {@code Integer} or {@code Long}) has the column's physical
   * type: a hash or comparison across types would wrongly say "absent".
   */
  public static boolean sameType(PrimitiveType.PrimitiveTypeName type, Comparable<?> stored) {
    return switch (type) {
      case BINARY -> stored instanceof org.apache.parquet.io.api.Binary;
      case INT32 -> stored instanceof Integer;
      case INT64 -> stored instanceof Long;
      default -> false;
    };
  }

  /**
   * Whether the chunk's min/max statistics rule {@code stored} out; false without statistics. The
   * caller checked {@link #sameType}.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static boolean outsideBounds(Statistics statistics, Comparable<?> stored) {
    if (statistics == null || statistics.isEmpty() || !statistics.hasNonNullValue()) {
      return false;
    }
    return statistics.compareMinToValue((Comparable) stored) > 0
        || statistics.compareMaxToValue((Comparable) stored) < 0;
  }
}
