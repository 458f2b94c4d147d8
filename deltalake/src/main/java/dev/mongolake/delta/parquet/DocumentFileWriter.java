package dev.mongolake.delta.parquet;

import dev.mongolake.delta.parquet.internal.DocumentWriteSupport;
import dev.mongolake.delta.parquet.internal.FooterStatistics;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import dev.mongolake.delta.variant.BsonVariantCodec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.hadoop.ParquetWriter;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;

/**
 * Streams documents into Parquet document files (layout: {@link DocumentFileLayout}) in one
 * directory of a {@link Storage}, starting a new file whenever the current one reaches the target
 * size. Memory stays bounded by one row group of the current file.
 *
 * <p>Single-threaded. The caller closes the writer (or calls {@link #finish()}); each file becomes
 * visible in storage only once complete, and files of a writer that failed are left for the caller
 * to delete (their paths are not returned, they are never committed, and vacuum removes them).
 * Failures are thrown as {@link ParquetFileException} or the storage's exceptions.
 */
public final class DocumentFileWriter implements AutoCloseable {
  private final Storage storage;
  private final String directory;
  private final DocumentWriteOptions options;
  private final List<WrittenDocumentFile> written = new ArrayList<>();

  private ParquetWriter<BsonDocument> current;
  private DocumentWriteSupport currentSupport;
  private String currentPath;
  private IdEncoding currentEncoding;
  private IdBounds currentIdBounds;
  private boolean mixedIds;
  private boolean finished;

  private DocumentFileWriter(Storage storage, String directory, DocumentWriteOptions options) {
    this.storage = storage;
    this.directory = directory;
    this.options = options;
  }

  /**
   * A writer of files under {@code directory} (for example {@code "db/users"}; empty for the
   * storage root). No file is created before the first document.
   */
  public static DocumentFileWriter open(
      Storage storage, String directory, DocumentWriteOptions options) {
    return new DocumentFileWriter(storage, directory, options);
  }

  /**
   * Appends a document.
   *
   * @throws ParquetFileException if the document has no {@code _id}, or an {@code _id} the
   *     configured encoding cannot store, or a key twice, or the write fails
   */
  public void write(BsonDocument input) {
    // Materialize raw BSON once: the Variant encoder, _id and every promoted column read it.
    BsonDocument document =
        input instanceof RawBsonDocument raw ? BsonVariantCodec.materialize(raw) : input;
    if (finished) {
      throw new IllegalStateException("Cannot write document: the writer is finished");
    }
    BsonValue id = document.get(DocumentFileLayout.ID_COLUMN);
    if (id == null) {
      throw new ParquetFileException("Cannot write document: it has no _id");
    }
    if (id.isArray()) {
      // As in MongoDB: an array _id would match queries by its elements, which no _id index,
      // statistic or pushed-down predicate accounts for.
      throw new ParquetFileException("Cannot write document with _id " + id + ": _id is an array");
    }
    if (options.idEncoding() != null && !options.idEncoding().fits(id)) {
      throw new ParquetFileException(
          "Cannot write document with _id "
              + id
              + ": the files store _id as "
              + options.idEncoding());
    }
    if (current != null && !currentEncoding.fits(id)) {
      mixedIds = true;
      closeCurrent();
    }
    if (current == null) {
      openNext(id);
    }
    try {
      current.write(document);
    } catch (IOException e) {
      throw new ParquetFileException("Cannot write document to " + currentPath + ": " + e, e);
    }
    currentIdBounds = IdBounds.widen(currentIdBounds, id);
    if (current.getDataSize() >= options.targetFileSizeBytes()) {
      closeCurrent();
    }
  }

  /**
   * Completes the current file and returns every file written, in order. Idempotent.
   *
   * @throws ParquetFileException if the last file cannot be completed
   */
  public List<WrittenDocumentFile> finish() {
    if (!finished) {
      finished = true;
      closeCurrent();
    }
    return List.copyOf(written);
  }

  @Override
  public void close() {
    finish();
  }

  private void openNext(BsonValue firstId) {
    currentEncoding =
        options.idEncoding() != null
            ? options.idEncoding()
            : mixedIds ? IdEncoding.KEY : IdEncoding.forValue(firstId);
    String name = options.fileName(options.fileIds().get());
    currentPath = directory.isEmpty() ? name : directory + "/" + name;
    currentSupport = new DocumentWriteSupport(currentEncoding, options.schema());
    Set<String> bloom = new HashSet<>(options.parquet().bloomFilterColumns());
    bloom.add(DocumentFileLayout.ID_COLUMN);
    current =
        ParquetFiles.writer(
            storage,
            currentPath,
            currentSupport,
            options
                .parquet()
                .withBloomFilterColumns(bloom)
                .withColumnsWithoutStatistics(DocumentFileLayout.VARIANT_COLUMNS));
  }

  private void closeCurrent() {
    if (current == null) {
      return;
    }
    ParquetWriter<BsonDocument> closing = current;
    current = null;
    try {
      closing.close();
    } catch (IOException e) {
      throw new ParquetFileException("Cannot complete Parquet file " + currentPath + ": " + e, e);
    }
    long size =
        storage
            .stat(currentPath)
            .orElseThrow(() -> new StorageFileNotFoundException(currentPath))
            .size();
    written.add(
        new WrittenDocumentFile(
            currentPath,
            size,
            currentEncoding,
            FooterStatistics.of(closing.getFooter(), currentEncoding, options.schema()),
            currentIdBounds));
    currentIdBounds = null;
  }
}
