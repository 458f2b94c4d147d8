package dev.mongolake.delta.table;

import dev.mongolake.bson.BoundedJson;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.DocumentWriteOptions;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.parquet.ParquetWriteOptions;
import java.util.HashMap;
import java.util.Map;

/**
 * A {@link DocumentTableConfig} as Delta table properties ({@code metaData.configuration}), so that
 * every version records how its files were written.
 */
final class TableProperties {
  static final String ID_ENCODING = DocumentTable.ID_ENCODING_PROPERTY;
  static final String PROMOTED_COLUMNS = DocumentTable.PROMOTED_COLUMNS_PROPERTY;
  static final String TARGET_FILE_SIZE = DocumentTable.TARGET_FILE_SIZE_PROPERTY;
  static final String CHANGE_DATA_FEED = "delta.enableChangeDataFeed";
  static final String AUTO_PROMOTE_THRESHOLD = "mongolake.autoPromote.threshold";
  static final String ROW_GROUP_SIZE = "mongolake.rowGroupSize";
  static final String DELETION_VECTORS = "delta.enableDeletionVectors";
  static final String PURGE_DELETED_SHARE = "mongolake.purgeDeletedShare";
  static final String PARTITION_COLUMNS = DocumentTable.PARTITION_COLUMNS_PROPERTY;

  private TableProperties() {}

  static Map<String, String> of(DocumentTableConfig config) {
    Map<String, String> properties = new HashMap<>();
    properties.put(ID_ENCODING, config.idEncoding().name());
    properties.put(PROMOTED_COLUMNS, config.schema().toConfig().toJson());
    properties.put(TARGET_FILE_SIZE, Long.toString(config.targetFileSizeBytes()));
    properties.put(ROW_GROUP_SIZE, Long.toString(config.rowGroupSizeBytes()));
    if (config.changeDataFeed()) {
      properties.put(CHANGE_DATA_FEED, "true");
    }
    if (config.deletionVectors()) {
      properties.put(DELETION_VECTORS, "true");
    }
    if (config.purgeDeletedShare() != DocumentTableConfig.DEFAULT_PURGE_DELETED_SHARE) {
      properties.put(PURGE_DELETED_SHARE, Double.toString(config.purgeDeletedShare()));
    }
    if (!config.partitionColumns().isEmpty()) {
      properties.put(PARTITION_COLUMNS, config.partitionColumns().toConfig().toJson());
    }
    if (config.autoPromote().enabled()) {
      properties.put(AUTO_PROMOTE_THRESHOLD, Double.toString(config.autoPromote().threshold()));
    }
    return properties;
  }

  /**
   * The config a table's Delta metadata records.
   *
   * @throws DeltaException if the metadata is not a document table's
   */
  static DocumentTableConfig configOf(Metadata metadata, String path) {
    String encoding = metadata.configuration(ID_ENCODING, null);
    if (encoding == null) {
      throw new DeltaException(
          "Cannot open " + path + " as a document table: it has no " + ID_ENCODING);
    }
    String threshold = metadata.configuration(AUTO_PROMOTE_THRESHOLD, null);
    PartitionColumns partitioning =
        PartitionColumns.parse(
            BoundedJson.parseDocument(metadata.configuration(PARTITION_COLUMNS, "{}")));
    if (!partitioning.names().equals(metadata.partitionColumns())) {
      throw new DeltaException(
          "Cannot open "
              + path
              + " as a document table: its partition columns "
              + metadata.partitionColumns()
              + " are not those "
              + PARTITION_COLUMNS
              + " describes ("
              + partitioning.names()
              + ")");
    }
    return new DocumentTableConfig(
        IdEncoding.valueOf(encoding),
        DocumentSchema.parse(
            BoundedJson.parseDocument(metadata.configuration(PROMOTED_COLUMNS, "{}"))),
        Long.parseLong(
            metadata.configuration(
                TARGET_FILE_SIZE, Long.toString(DocumentWriteOptions.DEFAULT_TARGET_FILE_SIZE))),
        Boolean.parseBoolean(metadata.configuration(CHANGE_DATA_FEED, "false")),
        threshold == null
            ? AutoPromote.OFF
            : AutoPromote.atThreshold(Double.parseDouble(threshold)),
        Long.parseLong(
            metadata.configuration(
                ROW_GROUP_SIZE, Long.toString(ParquetWriteOptions.DEFAULT_ROW_GROUP_SIZE))),
        Boolean.parseBoolean(metadata.configuration(DELETION_VECTORS, "false")),
        Double.parseDouble(
            metadata.configuration(
                PURGE_DELETED_SHARE,
                Double.toString(DocumentTableConfig.DEFAULT_PURGE_DELETED_SHARE))),
        partitioning);
  }

  /** {@code metadata} with the schema and promoted-column property of {@code config}. */
  static Metadata withSchema(Metadata metadata, DocumentTableConfig config) {
    Map<String, String> configuration = new HashMap<>(metadata.configuration());
    configuration.put(PROMOTED_COLUMNS, config.schema().toConfig().toJson());
    return metadata.withSchema(DocumentTableSchema.of(config)).withConfiguration(configuration);
  }
}
