package dev.mongolake.delta;

import io.delta.kernel.Scan;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.engine.FileReadResult;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.data.ScanStateRow;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.types.ArrayType;
import io.delta.kernel.types.BinaryType;
import io.delta.kernel.types.BooleanType;
import io.delta.kernel.types.ByteType;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.DateType;
import io.delta.kernel.types.DecimalType;
import io.delta.kernel.types.DoubleType;
import io.delta.kernel.types.FloatType;
import io.delta.kernel.types.IntegerType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.MapType;
import io.delta.kernel.types.ShortType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructType;
import io.delta.kernel.types.TimestampNTZType;
import io.delta.kernel.types.TimestampType;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.FileStatus;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * delta-kernel's rows of a snapshot, read by its default engine (partition values, column mapping
 * and deletion vectors applied by kernel), each as {@link RowText} in schema order.
 *
 * <p>A file's rows depend only on the file, its partition values and the table schema, so the
 * caller may pass the same cache for every version of one table: each file is then read once.
 */
final class KernelTableRows {
  private KernelTableRows() {}

  static List<String> rows(
      Engine engine, io.delta.kernel.Snapshot snapshot, Map<String, List<String>> cache)
      throws IOException {
    Scan scan = snapshot.getScanBuilder().build();
    Row scanState = scan.getScanState(engine);
    StructType physicalSchema = ScanStateRow.getPhysicalDataReadSchema(scanState);
    StructType logicalSchema = ScanStateRow.getLogicalSchema(scanState);
    List<String> rows = new ArrayList<>();
    try (CloseableIterator<FilteredColumnarBatch> scanFiles = scan.getScanFiles(engine)) {
      while (scanFiles.hasNext()) {
        try (CloseableIterator<Row> files = scanFiles.next().getRows()) {
          while (files.hasNext()) {
            Row scanFile = files.next();
            FileStatus status = InternalScanFileUtils.getAddFileStatus(scanFile);
            String key =
                logicalSchema.toJson()
                    + "|"
                    + status.getPath()
                    + "|"
                    + new TreeMap<>(InternalScanFileUtils.getPartitionValues(scanFile))
                    + "|"
                    + deletionVectorId(scanFile);
            List<String> cached = cache.get(key);
            if (cached != null) {
              rows.addAll(cached);
              continue;
            }
            List<String> fileRows = new ArrayList<>();
            CloseableIterator<ColumnarBatch> physical =
                engine
                    .getParquetHandler()
                    .readParquetFiles(
                        Utils.singletonCloseableIterator(status), physicalSchema, Optional.empty())
                    .map(FileReadResult::getData);
            try (CloseableIterator<FilteredColumnarBatch> data =
                Scan.transformPhysicalData(engine, scanState, scanFile, physical)) {
              while (data.hasNext()) {
                try (CloseableIterator<Row> dataRows = data.next().getRows()) {
                  while (dataRows.hasNext()) {
                    fileRows.add(row(dataRows.next(), logicalSchema));
                  }
                }
              }
            }
            cache.put(key, fileRows);
            rows.addAll(fileRows);
          }
        }
      }
    }
    return rows;
  }

  /** The file's deletion vector's unique id, or "": a file's rows differ from one to the next. */
  private static String deletionVectorId(Row scanFile) {
    var descriptor = InternalScanFileUtils.getDeletionVectorDescriptorFromRow(scanFile);
    return descriptor == null ? "" : descriptor.getUniqueId();
  }

  private static String row(Row row, StructType schema) {
    List<String> fields = new ArrayList<>();
    for (int i = 0; i < schema.length(); i++) {
      fields.add(value(row, i, schema.at(i).getDataType()));
    }
    return RowText.struct(fields);
  }

  private static String value(Row row, int i, DataType type) {
    if (row.isNullAt(i)) {
      return RowText.NULL;
    }
    return switch (type) {
      case StringType t -> RowText.string(row.getString(i));
      case LongType t -> RowText.integral(row.getLong(i));
      case IntegerType t -> RowText.integral(row.getInt(i));
      case ShortType t -> RowText.integral(row.getShort(i));
      case ByteType t -> RowText.integral(row.getByte(i));
      case FloatType t -> RowText.floating(row.getFloat(i));
      case DoubleType t -> RowText.floating(row.getDouble(i));
      case BooleanType t -> RowText.bool(row.getBoolean(i));
      case BinaryType t -> RowText.binary(row.getBinary(i));
      case DateType t -> RowText.date(row.getInt(i));
      case TimestampType t -> RowText.timestamp(row.getLong(i));
      case TimestampNTZType t -> RowText.timestamp(row.getLong(i));
      case DecimalType t -> RowText.decimal(row.getDecimal(i));
      case StructType t -> row(row.getStruct(i), t);
      case ArrayType t -> elements(row.getArray(i).getElements(), t.getElementType());
      case MapType t -> entries(row.getMap(i).getKeys(), row.getMap(i).getValues(), t);
      default -> throw new IllegalArgumentException("Cannot render kernel type " + type);
    };
  }

  private static String elements(ColumnVector vector, DataType type) {
    List<String> elements = new ArrayList<>();
    for (int j = 0; j < vector.getSize(); j++) {
      elements.add(value(vector, j, type));
    }
    return RowText.array(elements);
  }

  private static String entries(ColumnVector keys, ColumnVector values, MapType type) {
    List<String> entries = new ArrayList<>();
    for (int j = 0; j < keys.getSize(); j++) {
      entries.add(value(keys, j, type.getKeyType()) + "=" + value(values, j, type.getValueType()));
    }
    return RowText.map(entries);
  }

  private static String value(ColumnVector vector, int j, DataType type) {
    if (vector.isNullAt(j)) {
      return RowText.NULL;
    }
    return switch (type) {
      case StringType t -> RowText.string(vector.getString(j));
      case LongType t -> RowText.integral(vector.getLong(j));
      case IntegerType t -> RowText.integral(vector.getInt(j));
      case ShortType t -> RowText.integral(vector.getShort(j));
      case ByteType t -> RowText.integral(vector.getByte(j));
      case FloatType t -> RowText.floating(vector.getFloat(j));
      case DoubleType t -> RowText.floating(vector.getDouble(j));
      case BooleanType t -> RowText.bool(vector.getBoolean(j));
      case BinaryType t -> RowText.binary(vector.getBinary(j));
      case DateType t -> RowText.date(vector.getInt(j));
      case TimestampType t -> RowText.timestamp(vector.getLong(j));
      case TimestampNTZType t -> RowText.timestamp(vector.getLong(j));
      case DecimalType t -> RowText.decimal(vector.getDecimal(j));
      case StructType t -> {
        List<String> fields = new ArrayList<>();
        for (int f = 0; f < t.length(); f++) {
          fields.add(value(vector.getChild(f), j, t.at(f).getDataType()));
        }
        yield RowText.struct(fields);
      }
      case ArrayType t -> elements(vector.getArray(j).getElements(), t.getElementType());
      case MapType t -> entries(vector.getMap(j).getKeys(), vector.getMap(j).getValues(), t);
      default -> throw new IllegalArgumentException("Cannot render kernel type " + type);
    };
  }
}
