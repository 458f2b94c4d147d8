package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.parquet.ColumnType;
import dev.mongolake.delta.parquet.DocumentFileLayout;
import dev.mongolake.delta.parquet.DocumentFileStatistics;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.parquet.PromotedColumn;
import java.util.List;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.api.Binary;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/** Derives a file's Delta statistics from the column statistics in its Parquet footer. */
public final class FooterStatistics {
  private FooterStatistics() {}

  public static DocumentFileStatistics of(
      ParquetMetadata footer, IdEncoding idEncoding, DocumentSchema schema) {
    long rows = footer.getBlocks().stream().mapToLong(BlockMetaData::getRowCount).sum();
    BsonDocument min = new BsonDocument();
    BsonDocument max = new BsonDocument();
    BsonDocument nulls = new BsonDocument();
    ColumnType idType =
        switch (idEncoding) {
          case OBJECT_ID, STRING -> ColumnType.STRING;
          case INT32 -> ColumnType.INT;
          case INT64 -> ColumnType.LONG;
          case KEY -> null;
        };
    add(footer, List.of(DocumentFileLayout.ID_COLUMN), idType, min, max, nulls);
    for (PromotedColumn column : schema.columns()) {
      if (!column.list()) {
        ColumnType statsType = column.type() == ColumnType.BOOL ? null : column.type();
        add(footer, column.segments(), statsType, min, max, nulls);
      }
    }
    return new DocumentFileStatistics(rows, min, max, nulls);
  }

  /**
   * @param type the type whose min/max to record, or null to record only the null count
   */
  private static void add(
      ParquetMetadata footer,
      List<String> path,
      ColumnType type,
      BsonDocument min,
      BsonDocument max,
      BsonDocument nulls) {
    ColumnPath columnPath = ColumnPath.get(path.toArray(String[]::new));
    Statistics<?> merged = null;
    for (BlockMetaData block : footer.getBlocks()) {
      for (ColumnChunkMetaData chunk : block.getColumns()) {
        if (chunk.getPath().equals(columnPath)) {
          Statistics<?> stats = chunk.getStatistics();
          if (merged == null) {
            merged = Statistics.createStats(chunk.getPrimitiveType());
          }
          merged.mergeStatistics(stats);
        }
      }
    }
    if (merged == null) {
      put(nulls, path, new BsonInt64(0));
      return;
    }
    put(nulls, path, new BsonInt64(merged.getNumNulls()));
    if (type != null && merged.hasNonNullValue()) {
      BsonValue low = toBson(type, merged.genericGetMin());
      BsonValue high = toBson(type, merged.genericGetMax());
      if (low != null && high != null) {
        put(min, path, low);
        put(max, path, high);
      }
    }
  }

  private static BsonValue toBson(ColumnType type, Object value) {
    return switch (type) {
      case STRING -> new BsonString(((Binary) value).toStringUsingUTF8());
      case INT -> new BsonInt32((Integer) value);
      case LONG -> new BsonInt64((Long) value);
      case DOUBLE -> {
        double d = (Double) value;
        yield Double.isFinite(d) ? new BsonDouble(d) : null;
      }
      case TIMESTAMP -> new BsonDateTime(Math.floorDiv((Long) value, 1000L));
      case BOOL -> null;
    };
  }

  private static void put(BsonDocument root, List<String> path, BsonValue value) {
    BsonDocument parent = root;
    for (String segment : path.subList(0, path.size() - 1)) {
      if (!parent.containsKey(segment)) {
        parent.put(segment, new BsonDocument());
      }
      parent = parent.getDocument(segment);
    }
    parent.put(path.getLast(), value);
  }
}
