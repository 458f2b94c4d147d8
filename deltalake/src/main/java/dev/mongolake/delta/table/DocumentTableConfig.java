package dev.mongolake.delta.table;

import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.DocumentWriteOptions;
import dev.mongolake.delta.parquet.IdEncoding;

/**
 * How a document table stores its documents: fixed when the table is created, because the Delta
 * schema (which other engines read) follows from it.
 *
 * @param idEncoding the {@code _id} column's encoding in every file ({@link IdEncoding#KEY} stores
 *     any BSON value)
 * @param schema the promoted columns
 * @param targetFileSizeBytes data files roll over at this size
 */
public record DocumentTableConfig(
    IdEncoding idEncoding, DocumentSchema schema, long targetFileSizeBytes) {

  /** Any {@code _id}, no promoted columns, the default file size. */
  public static DocumentTableConfig defaults() {
    return new DocumentTableConfig(
        IdEncoding.KEY, DocumentSchema.empty(), DocumentWriteOptions.DEFAULT_TARGET_FILE_SIZE);
  }

  public DocumentTableConfig withIdEncoding(IdEncoding value) {
    return new DocumentTableConfig(value, schema, targetFileSizeBytes);
  }

  public DocumentTableConfig withSchema(DocumentSchema value) {
    return new DocumentTableConfig(idEncoding, value, targetFileSizeBytes);
  }

  public DocumentTableConfig withTargetFileSizeBytes(long value) {
    return new DocumentTableConfig(idEncoding, schema, value);
  }
}
