package dev.mongolake.delta.rows;

import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.dv.DeletedRows;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import dev.mongolake.delta.parquet.ParquetFileException;
import dev.mongolake.delta.parquet.ParquetFiles;
import dev.mongolake.delta.query.ColumnStats;
import dev.mongolake.delta.query.FileStats;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.query.ParquetPushdown;
import dev.mongolake.delta.query.PushdownColumn;
import dev.mongolake.delta.query.StatsPredicate;
import dev.mongolake.delta.rows.internal.BsonValues;
import dev.mongolake.delta.rows.internal.LogicalStats;
import dev.mongolake.delta.rows.internal.ParquetValues;
import dev.mongolake.delta.rows.internal.PartitionValues;
import dev.mongolake.delta.rows.internal.PushdownColumns;
import dev.mongolake.delta.storage.Storage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.schema.MessageType;
import org.bson.BsonValue;

/**
 * Reads the rows of one snapshot of any Delta table by its logical schema: columns found by
 * physical name or Parquet field id as the table's {@link dev.mongolake.delta.ColumnMapping} says,
 * values converted to the columns' current types (files written before a type was widened hold the
 * narrower one, see {@link dev.mongolake.delta.TypeWidening}), partition columns filled from the
 * {@code add} actions, and the rows a file's deletion vector deletes left out.
 *
 * <p>A MongoDB filter ({@link Filter}) over {@link TableRow#toDocument()} selects rows: files whose
 * statistics (keyed by physical name in the log, read here by logical path) or partition values
 * cannot match are skipped without being opened, and its conditions on scalar columns are pushed
 * down to Parquet by each file's physical columns (see {@link #scan}).
 *
 * <p>Immutable and thread-safe; each read opens its own Parquet readers and closes them before it
 * returns. Reads throw {@link dev.mongolake.delta.exceptions.DeltaException} (a {@link
 * ParquetFileException} for an unreadable file) when a file does not match the schema.
 */
public final class TableReader {
  private final Storage storage;
  private final Snapshot snapshot;

  private TableReader(Storage storage, Snapshot snapshot) {
    this.storage = storage;
    this.snapshot = snapshot;
  }

  /**
   * A reader of {@code snapshot}'s rows.
   *
   * @param storage the storage the table lives in (the one its {@link
   *     dev.mongolake.delta.DeltaTable} was opened on)
   */
  public static TableReader of(Storage storage, Snapshot snapshot) {
    return new TableReader(storage, snapshot);
  }

  public Snapshot snapshot() {
    return snapshot;
  }

  /** The logical schema of the rows. */
  public StructType schema() {
    return snapshot.schema();
  }

  /**
   * A live file's statistics by dotted logical path (scalar columns through structs, and the
   * partition columns from the file's partition values), or empty when the action has none.
   */
  public Optional<FileStats> stats(AddFile file) {
    Optional<FileStats> logged =
        LogicalStats.of(file.stats(), snapshot.schema(), snapshot.columnMapping());
    if (logged.isEmpty() || snapshot.partitionColumns().isEmpty()) {
      return logged;
    }
    Map<String, ColumnStats> columns = new HashMap<>(logged.get().columns());
    long numRecords = logged.get().numRecords();
    for (Map.Entry<String, Object> partition : partitionValues(file).entrySet()) {
      BsonValue value = BsonValues.value(partition.getValue());
      columns.put(
          partition.getKey(),
          partition.getValue() == null
              ? ColumnStats.ofTypedColumn(null, null, numRecords)
              : ColumnStats.ofTypedColumn(value, value, 0L));
    }
    return Optional.of(new FileStats(numRecords, columns));
  }

  /** The live files whose statistics may hold a row matching {@code filter} (all for null). */
  public List<AddFile> files(Filter filter) {
    if (filter == null) {
      return snapshot.files();
    }
    StatsPredicate predicate = filter.toStatsPredicate();
    List<AddFile> files = new ArrayList<>();
    for (AddFile file : snapshot.files()) {
      Optional<FileStats> stats = stats(file);
      if (stats.isEmpty() || predicate.mayMatch(stats.get())) {
        files.add(file);
      }
    }
    return files;
  }

  /** Every live row of the snapshot. */
  public List<TableRow> rows() {
    return scan(null).rows();
  }

  /** The live rows matching {@code filter} (every live row for null). */
  public List<TableRow> rows(Filter filter) {
    return scan(filter).rows();
  }

  /**
   * The live rows matching {@code filter} (every live row for null), file by file, and what the
   * read cost. Files the statistics rule out are not opened; in a file without a deletion vector
   * the filter's conditions on scalar columns the file stores in the table's type are pushed down
   * to Parquet (row groups skipped by their statistics, dictionaries and bloom filters, then rows
   * one by one); every row left is then matched against the whole filter.
   */
  public TableScan scan(Filter filter) {
    List<AddFile> files = files(filter);
    List<TableRow> rows = new ArrayList<>();
    long rowsRead = 0;
    for (AddFile file : files) {
      List<TableRow> read = read(file, parquetFilter(file, filter));
      rowsRead += read.size();
      for (TableRow row : read) {
        if (filter == null || filter.matches(row.toDocument())) {
          rows.add(row);
        }
      }
    }
    return new TableScan(rows, files.size(), snapshot.fileCount() - files.size(), rowsRead);
  }

  /** The live rows of one live file, in file order. */
  public List<TableRow> fileRows(AddFile file) {
    return read(file, FilterCompat.NOOP);
  }

  /**
   * The Parquet filter for one file: none for a file with a deletion vector, whose rows must keep
   * their positions, or when nothing pushes down.
   */
  private FilterCompat.Filter parquetFilter(AddFile file, Filter filter) {
    if (filter == null || file.deletionVector() != null) {
      return FilterCompat.NOOP;
    }
    String path = snapshot.storagePath(file);
    MessageType fileSchema =
        ParquetFiles.footer(ParquetFiles.inputFile(storage, path, file.size()))
            .getFileMetaData()
            .getSchema();
    Set<PushdownColumn> columns =
        PushdownColumns.of(
            fileSchema, snapshot.schema(), snapshot.columnMapping(), snapshot.partitionColumns());
    ParquetPushdown pushdown = filter.toParquetPredicate(columns);
    return pushdown.predicate().map(FilterCompat::get).orElse(FilterCompat.NOOP);
  }

  private List<TableRow> read(AddFile file, FilterCompat.Filter parquetFilter) {
    StructType schema = snapshot.schema();
    Map<String, Object> partitions = partitionValues(file);
    String path = snapshot.storagePath(file);
    ParquetValues values = new ParquetValues(snapshot.columnMapping(), path);
    // Without a Parquet filter every row is read, so the count is the row's position in the file.
    DeletedRows deleted =
        parquetFilter == FilterCompat.NOOP ? snapshot.deletedRows(file) : DeletedRows.none();
    List<TableRow> rows = new ArrayList<>();
    try (ParquetReader<Group> reader =
        ParquetFiles.groupReader(storage, path, null, parquetFilter)) {
      long position = -1;
      for (Group group = reader.read(); group != null; group = reader.read()) {
        if (deleted.contains(++position)) {
          continue;
        }
        List<Object> row = values.values(group, schema);
        // The log's partition value wins over a copy the file may also hold.
        for (int i = 0; i < schema.fields().size(); i++) {
          String name = schema.fields().get(i).name();
          if (partitions.containsKey(name)) {
            row.set(i, partitions.get(name));
          }
        }
        rows.add(new TableRow(schema, row));
      }
    } catch (IOException e) {
      throw new ParquetFileException("Cannot read Parquet file " + path + ": " + e, e);
    }
    return rows;
  }

  private Map<String, Object> partitionValues(AddFile file) {
    Map<String, Object> parsed = new HashMap<>();
    for (Map.Entry<String, String> value : snapshot.partitionValues(file).entrySet()) {
      StructField field =
          snapshot
              .schema()
              .field(value.getKey())
              .orElseThrow(
                  () ->
                      new DeltaException(
                          "Cannot read table "
                              + snapshot.tablePath()
                              + ": partition column "
                              + value.getKey()
                              + " is not in the schema"));
      parsed.put(
          value.getKey(), PartitionValues.parse(field.name(), value.getValue(), field.type()));
    }
    return parsed;
  }
}
