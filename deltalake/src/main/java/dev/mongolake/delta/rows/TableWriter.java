package dev.mongolake.delta.rows;

import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.TableFeatures;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import dev.mongolake.delta.parquet.ParquetFileException;
import dev.mongolake.delta.parquet.ParquetFiles;
import dev.mongolake.delta.parquet.ParquetWriteOptions;
import dev.mongolake.delta.rows.internal.FileStatistics;
import dev.mongolake.delta.rows.internal.ParquetSchemas;
import dev.mongolake.delta.rows.internal.PartitionValues;
import dev.mongolake.delta.rows.internal.RowGroups;
import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import java.io.IOException;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.schema.MessageType;

/**
 * Writes {@link TableRow}s of a Delta table's schema to a new Parquet data file the way the
 * protocol asks of writers, and returns the {@code add} action to commit: columns named by their
 * physical names and carrying their column mapping ids as Parquet field ids when the table maps
 * columns, partition columns left out of the file and recorded as partition values, and {@code
 * stats} ({@code numRecords}, {@code minValues}, {@code maxValues}, {@code nullCount}), both keyed
 * by physical name.
 *
 * <p>Columns of scalar types and structs of them are written; arrays, maps and variants are refused
 * by name. The caller commits the returned action (and may discard the file if it does not).
 * Immutable and thread-safe.
 */
public final class TableWriter {
  private final Storage storage;
  private final Snapshot snapshot;
  private final ParquetWriteOptions options;
  private final Clock clock;

  private TableWriter(
      Storage storage, Snapshot snapshot, ParquetWriteOptions options, Clock clock) {
    this.storage = storage;
    this.snapshot = snapshot;
    this.options = options;
    this.clock = clock;
  }

  /**
   * A writer of data files for {@code snapshot}'s schema (zstd, the default Parquet options).
   *
   * @throws dev.mongolake.delta.exceptions.UnsupportedTableFeatureException if the table cannot be
   *     written
   */
  public static TableWriter of(Storage storage, Snapshot snapshot, Clock clock) {
    TableFeatures.checkWritable(snapshot.tablePath(), snapshot.protocol(), snapshot.metadata());
    return new TableWriter(storage, snapshot, ParquetWriteOptions.defaults(), clock);
  }

  /**
   * Writes one data file holding {@code rows}, which all have the snapshot's schema and share their
   * partition values, and returns its {@code add} action (path relative to the table).
   *
   * @throws DeltaException naming the column when a value does not fit its column's type, rows
   *     differ in their partition values, or a column's type is not written
   */
  public AddFile write(List<TableRow> rows) {
    StructType schema = snapshot.schema();
    List<String> partitionColumns = snapshot.partitionColumns();
    Map<String, String> partitionValues = partitionValues(rows, schema, partitionColumns);
    MessageType message = ParquetSchemas.of(schema, snapshot.columnMapping(), partitionColumns);
    FileStatistics statistics =
        new FileStatistics(schema, snapshot.columnMapping(), partitionColumns);
    RowGroups groups =
        new RowGroups(message, snapshot.columnMapping(), partitionColumns, statistics);
    String name = "part-" + UUID.randomUUID() + ".zstd.parquet";
    String path = snapshot.tablePath().isEmpty() ? name : snapshot.tablePath() + "/" + name;
    try (ParquetWriter<Group> writer = ParquetFiles.groupWriter(storage, path, message, options)) {
      for (TableRow row : rows) {
        if (!row.schema().equals(schema)) {
          throw new DeltaException(
              "Cannot write a row to table "
                  + snapshot.tablePath()
                  + ": its schema is not the table's");
        }
        writer.write(groups.group(row));
      }
    } catch (IOException e) {
      throw new ParquetFileException("Cannot write Parquet file " + path + ": " + e, e);
    }
    long size = storage.stat(path).map(FileEntry::size).orElseThrow();
    return new AddFile(
        name,
        partitionValues,
        size,
        clock.millis(),
        true,
        statistics.toJson(),
        null,
        null,
        null,
        null,
        null);
  }

  /** The rows' shared partition values, serialized and keyed by physical name. */
  private Map<String, String> partitionValues(
      List<TableRow> rows, StructType schema, List<String> partitionColumns) {
    Map<String, String> values = new LinkedHashMap<>();
    Map<String, Object> first = new HashMap<>();
    for (String column : partitionColumns) {
      StructField field = schema.field(column).orElseThrow();
      for (TableRow row : rows) {
        Object value = row.get(column);
        if (!first.containsKey(column)) {
          first.put(column, value);
        } else if (!Objects.deepEquals(first.get(column), value)) {
          throw new DeltaException(
              "Cannot write rows to one file of table "
                  + snapshot.tablePath()
                  + ": they differ in partition column "
                  + column
                  + " ("
                  + first.get(column)
                  + " and "
                  + value
                  + ")");
        }
      }
      values.put(
          snapshot.columnMapping().physicalName(field),
          PartitionValues.serialize(column, first.get(column), field.type()));
    }
    return values;
  }
}
