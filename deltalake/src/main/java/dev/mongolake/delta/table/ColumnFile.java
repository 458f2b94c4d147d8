package dev.mongolake.delta.table;

import dev.mongolake.delta.Cancellation;
import dev.mongolake.delta.dv.DeletedRows;
import dev.mongolake.delta.parquet.ColumnBatch;
import dev.mongolake.delta.parquet.DocumentColumnReader;
import dev.mongolake.delta.parquet.FileMetadataCache;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.storage.Storage;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongPredicate;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * One data file of a snapshot, for a read that needs only the values at some paths of each document
 * (see {@link DocumentSnapshot#columnFiles}): its rows come as column batches ({@link
 * DocumentColumnReader}), each path from its exact promoted column or else from the document's
 * Variant bytes, a row whose path crosses an array with its whole document. The rows are a superset
 * of those matching the scan's filter (statistics and indexes skip row groups and pages, nothing
 * else), so the consumer applies the filter. Rows the file's deletion vector deletes are never
 * returned.
 *
 * <p>Files of one scan may be read in parallel, each by one thread; a file is read once.
 *
 * @param storage the table's storage
 * @param path the file's storage path
 * @param size the file's length
 * @param columns the paths a batch holds
 * @param parquetFilter what skips row groups and pages
 * @param idEncoding how the table's files store {@code _id}, for reading documents by {@code _id}
 * @param deletedRows the rows the file's Delta deletion vector deletes ({@link DeletedRows#none()}
 *     for none)
 */
public record ColumnFile(
    Storage storage,
    String path,
    long size,
    List<String> columns,
    FilterCompat.Filter parquetFilter,
    IdEncoding idEncoding,
    DeletedRows deletedRows) {

  public ColumnFile {
    deletedRows = deletedRows == null ? DeletedRows.none() : deletedRows;
  }

  /** A file without a deletion vector. */
  public ColumnFile(
      Storage storage,
      String path,
      long size,
      List<String> columns,
      FilterCompat.Filter parquetFilter,
      IdEncoding idEncoding) {
    this(storage, path, size, columns, parquetFilter, idEncoding, DeletedRows.none());
  }

  private LongPredicate skipped() {
    return deletedRows.isEmpty() ? null : deletedRows::contains;
  }

  /**
   * How a file was read.
   *
   * @param fromColumns whether every path came from exact columns (no document's bytes were read)
   */
  public record Read(boolean fromColumns, int rowGroups, int rowGroupsRead, long rows) {}

  /**
   * Reads the file on the calling thread, handing each batch to {@code batches} and checking for
   * {@link Cancellation} between them.
   *
   * @param ids whether batches hold each row's {@code _id} (reading them costs their column)
   * @throws dev.mongolake.delta.parquet.ParquetFileException if the file cannot be read
   */
  public Read read(Consumer<ColumnBatch> batches, boolean ids) {
    try (DocumentColumnReader reader =
        DocumentColumnReader.open(
            storage,
            path,
            size,
            columns,
            ids,
            parquetFilter,
            skipped(),
            FileMetadataCache.shared())) {
      long count = 0;
      for (ColumnBatch batch = reader.next(); batch != null; batch = reader.next()) {
        Cancellation.checkpoint();
        count += batch.size();
        batches.accept(batch);
      }
      return new Read(
          reader.fromColumnsAlone(), reader.rowGroupCount(), reader.rowGroupsRead(), count);
    }
  }

  /**
   * The file's documents whose {@code _id} is one of {@code ids}, in file order: only the pages
   * that may hold them are read (the {@code _id} statistics, column index and bloom filter rule the
   * others out) and only their documents decoded. For ids a {@link #read} of this file returned.
   */
  public List<BsonDocument> documents(Set<BsonValue> ids) {
    BsonArray in = new BsonArray(List.copyOf(ids));
    FilterCompat.Filter byId =
        IdPushdown.of(
                Filter.parse(new BsonDocument("_id", new BsonDocument("$in", in))).root(),
                idEncoding)
            .map(FilterCompat::get)
            .orElse(FilterCompat.NOOP);
    return DocumentColumnReader.documents(
        storage, path, size, ids, byId, skipped(), FileMetadataCache.shared());
  }
}
