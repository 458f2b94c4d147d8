package dev.mongolake.delta.parquet;

import java.util.Locale;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * How a {@link DocumentFileWriter} writes.
 *
 * @param schema the promoted columns
 * @param idEncoding the {@code _id} encoding every file must use, or {@code null} to choose per
 *     file: the first document's type, and {@link IdEncoding#KEY} from the first mismatch on
 * @param targetFileSizeBytes the writer starts a new file once the current one reaches this size
 * @param parquet codec (zstd by default), row group and page sizes; a bloom filter on {@code _id}
 *     is always added
 * @param fileIds the unique part of each file name ({@code part-<id>.zstd.parquet}); random UUIDs
 *     by default, injectable for tests
 */
public record DocumentWriteOptions(
    DocumentSchema schema,
    IdEncoding idEncoding,
    long targetFileSizeBytes,
    ParquetWriteOptions parquet,
    Supplier<String> fileIds) {

  /** 128 MiB: large enough for efficient scans, small enough to spread work. */
  public static final long DEFAULT_TARGET_FILE_SIZE = 128L * 1024 * 1024;

  public DocumentWriteOptions {
    if (schema == null || parquet == null || fileIds == null) {
      throw new IllegalArgumentException(
          "Cannot configure document writer: schema, parquet and fileIds are required");
    }
    if (targetFileSizeBytes < 1024) {
      throw new IllegalArgumentException(
          "Cannot configure document writer: target file size "
              + targetFileSizeBytes
              + " < 1024 bytes");
    }
  }

  /** No promoted columns, per-file {@code _id} encoding, 128 MiB files, zstd. */
  public static DocumentWriteOptions defaults() {
    return new DocumentWriteOptions(
        DocumentSchema.empty(),
        null,
        DEFAULT_TARGET_FILE_SIZE,
        ParquetWriteOptions.defaults(),
        () -> UUID.randomUUID().toString());
  }

  public DocumentWriteOptions withSchema(DocumentSchema value) {
    return new DocumentWriteOptions(value, idEncoding, targetFileSizeBytes, parquet, fileIds);
  }

  public DocumentWriteOptions withIdEncoding(IdEncoding value) {
    return new DocumentWriteOptions(schema, value, targetFileSizeBytes, parquet, fileIds);
  }

  public DocumentWriteOptions withTargetFileSizeBytes(long value) {
    return new DocumentWriteOptions(schema, idEncoding, value, parquet, fileIds);
  }

  public DocumentWriteOptions withParquet(ParquetWriteOptions value) {
    return new DocumentWriteOptions(schema, idEncoding, targetFileSizeBytes, value, fileIds);
  }

  public DocumentWriteOptions withFileIds(Supplier<String> value) {
    return new DocumentWriteOptions(schema, idEncoding, targetFileSizeBytes, parquet, value);
  }

  /** The file name for one file id: {@code part-<id>.<codec>.parquet}. */
  String fileName(String fileId) {
    return "part-" + fileId + "." + parquet.codec().name().toLowerCase(Locale.ROOT) + ".parquet";
  }
}
