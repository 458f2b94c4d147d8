package dev.mongolake.delta.parquet;

import dev.mongolake.delta.parquet.internal.DocumentReadSupport;
import dev.mongolake.delta.parquet.internal.RowGroupRecordReader;
import dev.mongolake.delta.storage.Storage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.io.InputFile;
import org.bson.BsonDocument;

/**
 * Reads a document file written by {@link DocumentFileWriter}, with column projection and
 * row-group, page and bloom-filter pruning by the options' filter.
 *
 * <p>Single-threaded; the caller closes it. Failures are thrown as {@link ParquetFileException} (or
 * a {@code VariantCodecException} for a corrupt document, or the storage's exceptions). Reading
 * several files in parallel takes one reader per file.
 */
public final class DocumentFileReader implements AutoCloseable {
  private final String path;
  private final RowGroupRecordReader<DocumentRow> reader;
  private final DocumentReadSupport support;

  private DocumentFileReader(
      String path, RowGroupRecordReader<DocumentRow> reader, DocumentReadSupport support) {
    this.path = path;
    this.reader = reader;
    this.support = support;
  }

  /**
   * The promoted columns exact in this file ({@link ColumnExactness}), in schema order; empty for a
   * file written before exactness was recorded.
   */
  public Set<String> exactColumns() {
    return support.exactColumns();
  }

  /**
   * Whether this file's rows carry the decoded document: false when the options asked for none, or
   * for {@link DocumentReadOptions#documentUnlessExact()} and every requested column is exact here.
   */
  public boolean readsDocument() {
    return support.readsDocument();
  }

  /** Opens {@code path}, asking the storage for its length. */
  public static DocumentFileReader open(Storage storage, String path, DocumentReadOptions options) {
    return open(ParquetFiles.inputFile(storage, path), options);
  }

  /** Opens a file whose length the caller knows (from a Delta {@code add} action). */
  public static DocumentFileReader open(
      Storage storage, String path, long length, DocumentReadOptions options) {
    return open(ParquetFiles.inputFile(storage, path, length), options);
  }

  /**
   * Opens a Delta data file (immutable: never rewritten under its name) whose length the caller
   * knows, taking its footer, indexes and bloom filters from {@code cache} when it holds them.
   */
  public static DocumentFileReader open(
      Storage storage,
      String path,
      long length,
      DocumentReadOptions options,
      FileMetadataCache cache) {
    InputFile file = ParquetFiles.inputFile(storage, path, length);
    DocumentReadSupport support = new DocumentReadSupport(options);
    RowGroupRecordReader<DocumentRow> reader =
        RowGroupRecordReader.open(file, support, options.filter(), cache);
    reader.skipRows(options.deletedRows());
    return new DocumentFileReader(file.toString(), reader, support);
  }

  private static DocumentFileReader open(InputFile file, DocumentReadOptions options) {
    DocumentReadSupport support = new DocumentReadSupport(options);
    RowGroupRecordReader<DocumentRow> reader =
        RowGroupRecordReader.open(file, support, options.filter());
    reader.skipRows(options.deletedRows());
    return new DocumentFileReader(file.toString(), reader, support);
  }

  /**
   * Opens a Delta data file to read the one document at row {@code row} (0-based over all row
   * groups, as {@link #rowIndex()} and Delta deletion vectors number rows): of the document's
   * columns only the page holding the row is read and decompressed, the {@code _id} column not at
   * all (the document holds the {@code _id}), and only that row is decoded.
   */
  public static DocumentFileReader openRow(
      Storage storage, String path, long length, long row, FileMetadataCache cache) {
    InputFile file = ParquetFiles.inputFile(storage, path, length);
    DocumentReadSupport support = new DocumentReadSupport(DocumentReadOptions.documents(), false);
    RowGroupRecordReader<DocumentRow> reader =
        RowGroupRecordReader.open(file, support, FilterCompat.NOOP, cache);
    reader.onlyRow(row);
    return new DocumentFileReader(file.toString(), reader, support);
  }

  /**
   * Reads only the row at this physical index (0-based over all row groups; as {@link #rowIndex()}
   * and Delta deletion vectors number rows): of each column only the page holding it is read and
   * decompressed, and only that row is decoded. Call before the first {@link #next()}, on a reader
   * opened without a filter.
   */
  public void onlyRow(long row) {
    reader.onlyRow(row);
  }

  /**
   * The next row that passes the filter, or {@code null} at the end of the file.
   *
   * @throws ParquetFileException if the file cannot be read
   */
  public DocumentRow next() {
    try {
      return reader.next();
    } catch (IOException e) {
      throw new ParquetFileException("Cannot read document file " + path + ": " + e, e);
    }
  }

  /**
   * The physical index (0-based over all row groups) of the row {@link #next()} returned last, or
   * -1 before the first: the position a Delta deletion vector names the row by.
   */
  public long rowIndex() {
    return reader.rowIndex();
  }

  /** The row groups in the file. */
  public int rowGroupCount() {
    return reader.rowGroupCount();
  }

  /**
   * The row groups read so far: those that the filter's statistics, dictionary, bloom filter and
   * column index checks did not exclude. Complete once {@link #next()} has returned null.
   */
  public int rowGroupsRead() {
    return reader.rowGroupsRead();
  }

  /**
   * The data pages read so far: in each row group read, the most pages any one column decoded.
   * Pages the column index excluded are never read; a lookup by {@code _id} in a file sorted by
   * {@code _id} reads one.
   */
  public long pagesRead() {
    return reader.pagesRead();
  }

  /** Reads every document of a file, in file order. */
  public static List<BsonDocument> readAll(Storage storage, String path) {
    List<BsonDocument> documents = new ArrayList<>();
    try (DocumentFileReader reader = open(storage, path, DocumentReadOptions.documents())) {
      for (DocumentRow row = reader.next(); row != null; row = reader.next()) {
        documents.add(row.document());
      }
    }
    return documents;
  }

  @Override
  public void close() {
    try {
      reader.close();
    } catch (IOException e) {
      throw new ParquetFileException("Cannot close document file " + path + ": " + e, e);
    }
  }
}
