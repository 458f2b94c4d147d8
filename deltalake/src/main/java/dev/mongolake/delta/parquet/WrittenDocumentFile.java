package dev.mongolake.delta.parquet;

/**
 * A document file a {@link DocumentFileWriter} completed: everything a Delta {@code add} action
 * needs.
 *
 * @param path the file's storage path
 * @param sizeBytes the file's length
 * @param idEncoding how the file stores {@code _id}
 * @param statistics numRecords and per-column min/max/null counts ({@link
 *     DocumentFileStatistics#toDeltaJson()} is the {@code stats} string)
 * @param idBounds the smallest and largest {@code _id} in MongoDB's order
 */
public record WrittenDocumentFile(
    String path,
    long sizeBytes,
    IdEncoding idEncoding,
    DocumentFileStatistics statistics,
    IdBounds idBounds) {}
