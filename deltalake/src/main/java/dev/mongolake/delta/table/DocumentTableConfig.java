package dev.mongolake.delta.table;

import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.DocumentWriteOptions;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.parquet.ParquetWriteOptions;
import java.util.Objects;

/**
 * How a document table stores its documents. The {@code _id} encoding is chosen when the table is
 * created and changes only by {@link DocumentTable#changeIdEncoding}, which rewrites every file;
 * the promoted columns may grow with {@link AutoPromote}, each change recorded in the Delta
 * metadata (schema and {@code mongolake.promotedColumns}).
 *
 * @param idEncoding the {@code _id} column's encoding in every file ({@link IdEncoding#KEY} stores
 *     any BSON value)
 * @param schema the promoted columns
 * @param targetFileSizeBytes data files roll over at this size
 * @param changeDataFeed whether commits record Delta's change data feed ({@code
 *     delta.enableChangeDataFeed})
 * @param autoPromote automatic promotion of consistently typed fields, or {@link AutoPromote#OFF}
 * @param rowGroupSizeBytes the target Parquet row group size: smaller groups let statistics skip
 *     more of a file, larger ones compress and scan a little better
 * @param deletionVectors whether replacements and deletes of stored documents mark their rows in a
 *     Delta deletion vector instead of rewriting the file ({@code delta.enableDeletionVectors}, the
 *     {@code deletionVectors} table feature). Readers that ignore vectors (such as DuckDB's {@code
 *     read_parquet} over the table folder) then see the old rows too.
 * @param purgeDeletedShare {@link DocumentTable#optimize()} also rewrites, without their deleted
 *     rows, the files whose deletion vector deletes more than this share of their rows (default
 *     {@value #DEFAULT_PURGE_DELETED_SHARE}; {@code mongolake.purgeDeletedShare})
 * @param partitionColumns the columns whose values split the files (Delta's {@code
 *     partitionColumns}), fixed when the table is created; none of them is a promoted column
 */
public record DocumentTableConfig(
    IdEncoding idEncoding,
    DocumentSchema schema,
    long targetFileSizeBytes,
    boolean changeDataFeed,
    AutoPromote autoPromote,
    long rowGroupSizeBytes,
    boolean deletionVectors,
    double purgeDeletedShare,
    PartitionColumns partitionColumns) {

  /** The default share of deleted rows above which compaction rewrites a file. */
  public static final double DEFAULT_PURGE_DELETED_SHARE = 0.3;

  public DocumentTableConfig {
    Objects.requireNonNull(idEncoding, "idEncoding");
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(autoPromote, "autoPromote");
    Objects.requireNonNull(partitionColumns, "partitionColumns");
    for (dev.mongolake.delta.parquet.PromotedColumn column : schema.columns()) {
      if (partitionColumns.overlaps(column)) {
        throw new IllegalArgumentException(
            "Cannot configure a document table: promoted column '"
                + column.path()
                + "' overlaps a partition column, which its files do not hold");
      }
    }
    if (rowGroupSizeBytes < 1024) {
      throw new IllegalArgumentException(
          "Cannot configure a document table: row group size " + rowGroupSizeBytes + " < 1024");
    }
    if (!(purgeDeletedShare > 0 && purgeDeletedShare <= 1)) {
      throw new IllegalArgumentException(
          "Cannot configure a document table: purge share "
              + purgeDeletedShare
              + " is not in (0, 1]");
    }
  }

  /** Unpartitioned. */
  public DocumentTableConfig(
      IdEncoding idEncoding,
      DocumentSchema schema,
      long targetFileSizeBytes,
      boolean changeDataFeed,
      AutoPromote autoPromote,
      long rowGroupSizeBytes,
      boolean deletionVectors,
      double purgeDeletedShare) {
    this(
        idEncoding,
        schema,
        targetFileSizeBytes,
        changeDataFeed,
        autoPromote,
        rowGroupSizeBytes,
        deletionVectors,
        purgeDeletedShare,
        PartitionColumns.none());
  }

  /** The default purge share. */
  public DocumentTableConfig(
      IdEncoding idEncoding,
      DocumentSchema schema,
      long targetFileSizeBytes,
      boolean changeDataFeed,
      AutoPromote autoPromote,
      long rowGroupSizeBytes,
      boolean deletionVectors) {
    this(
        idEncoding,
        schema,
        targetFileSizeBytes,
        changeDataFeed,
        autoPromote,
        rowGroupSizeBytes,
        deletionVectors,
        DEFAULT_PURGE_DELETED_SHARE);
  }

  /** No deletion vectors. */
  public DocumentTableConfig(
      IdEncoding idEncoding,
      DocumentSchema schema,
      long targetFileSizeBytes,
      boolean changeDataFeed,
      AutoPromote autoPromote,
      long rowGroupSizeBytes) {
    this(
        idEncoding,
        schema,
        targetFileSizeBytes,
        changeDataFeed,
        autoPromote,
        rowGroupSizeBytes,
        false);
  }

  /** The default row group size. */
  public DocumentTableConfig(
      IdEncoding idEncoding,
      DocumentSchema schema,
      long targetFileSizeBytes,
      boolean changeDataFeed,
      AutoPromote autoPromote) {
    this(
        idEncoding,
        schema,
        targetFileSizeBytes,
        changeDataFeed,
        autoPromote,
        ParquetWriteOptions.DEFAULT_ROW_GROUP_SIZE);
  }

  /** No change data feed, no automatic promotion. */
  public DocumentTableConfig(
      IdEncoding idEncoding, DocumentSchema schema, long targetFileSizeBytes) {
    this(idEncoding, schema, targetFileSizeBytes, false, AutoPromote.OFF);
  }

  /** Any {@code _id}, no promoted columns, the default file size. */
  public static DocumentTableConfig defaults() {
    return new DocumentTableConfig(
        IdEncoding.KEY, DocumentSchema.empty(), DocumentWriteOptions.DEFAULT_TARGET_FILE_SIZE);
  }

  public DocumentTableConfig withPartitionColumns(PartitionColumns value) {
    return new DocumentTableConfig(
        idEncoding,
        schema,
        targetFileSizeBytes,
        changeDataFeed,
        autoPromote,
        rowGroupSizeBytes,
        deletionVectors,
        purgeDeletedShare,
        value);
  }

  /**
   * Files below this size (three quarters of the target) are small: {@link
   * DocumentTable#optimize()} merges them.
   */
  public long smallFileBytes() {
    return targetFileSizeBytes / 4 * 3;
  }

  public DocumentTableConfig withIdEncoding(IdEncoding value) {
    return new DocumentTableConfig(
        value,
        schema,
        targetFileSizeBytes,
        changeDataFeed,
        autoPromote,
        rowGroupSizeBytes,
        deletionVectors,
        purgeDeletedShare,
        partitionColumns);
  }

  public DocumentTableConfig withSchema(DocumentSchema value) {
    return new DocumentTableConfig(
        idEncoding,
        value,
        targetFileSizeBytes,
        changeDataFeed,
        autoPromote,
        rowGroupSizeBytes,
        deletionVectors,
        purgeDeletedShare,
        partitionColumns);
  }

  public DocumentTableConfig withTargetFileSizeBytes(long value) {
    return new DocumentTableConfig(
        idEncoding,
        schema,
        value,
        changeDataFeed,
        autoPromote,
        rowGroupSizeBytes,
        deletionVectors,
        purgeDeletedShare,
        partitionColumns);
  }

  public DocumentTableConfig withChangeDataFeed(boolean value) {
    return new DocumentTableConfig(
        idEncoding,
        schema,
        targetFileSizeBytes,
        value,
        autoPromote,
        rowGroupSizeBytes,
        deletionVectors,
        purgeDeletedShare,
        partitionColumns);
  }

  public DocumentTableConfig withAutoPromote(AutoPromote value) {
    return new DocumentTableConfig(
        idEncoding,
        schema,
        targetFileSizeBytes,
        changeDataFeed,
        value,
        rowGroupSizeBytes,
        deletionVectors,
        purgeDeletedShare,
        partitionColumns);
  }

  public DocumentTableConfig withRowGroupSizeBytes(long value) {
    return new DocumentTableConfig(
        idEncoding,
        schema,
        targetFileSizeBytes,
        changeDataFeed,
        autoPromote,
        value,
        deletionVectors,
        purgeDeletedShare,
        partitionColumns);
  }

  public DocumentTableConfig withDeletionVectors(boolean value) {
    return new DocumentTableConfig(
        idEncoding,
        schema,
        targetFileSizeBytes,
        changeDataFeed,
        autoPromote,
        rowGroupSizeBytes,
        value,
        purgeDeletedShare,
        partitionColumns);
  }

  public DocumentTableConfig withPurgeDeletedShare(double value) {
    return new DocumentTableConfig(
        idEncoding,
        schema,
        targetFileSizeBytes,
        changeDataFeed,
        autoPromote,
        rowGroupSizeBytes,
        deletionVectors,
        value,
        partitionColumns);
  }

  /**
   * Whether the deletion vector of {@code file} deletes more than {@link #purgeDeletedShare()} of
   * its rows (false for a file without a vector or without a row count in its statistics).
   */
  public boolean deletesEnoughToPurge(dev.mongolake.delta.log.AddFile file) {
    if (file.deletionVector() == null) {
      return false;
    }
    long deleted = file.deletionVector().cardinality();
    return AddFileStats.of(file, this)
        .map(stats -> stats.numRecords() > 0 && deleted > purgeDeletedShare * stats.numRecords())
        .orElse(false);
  }
}
