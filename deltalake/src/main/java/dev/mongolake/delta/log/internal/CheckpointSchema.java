package dev.mongolake.delta.log.internal;

import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * The Parquet schema of a classic checkpoint as the protocol's appendix (and Spark) define it: one
 * optional struct per action type; maps are {@code map<string,string>} and lists {@code
 * array<string>} in the standard three-level layouts; {@code add.stats} is a JSON string.
 */
final class CheckpointSchema {
  private static final String MAP =
      "(MAP) { repeated group key_value { required binary key (STRING); optional binary value (STRING); } }";
  private static final String LIST =
      "(LIST) { repeated group list { optional binary element (STRING); } }";
  private static final String DV =
      """
      optional group deletionVector {
        optional binary storageType (STRING);
        optional binary pathOrInlineDv (STRING);
        optional int32 offset;
        optional int32 sizeInBytes;
        optional int64 cardinality;
        optional int64 maxRowIndex;
      }
      """;

  static final MessageType V1 =
      MessageTypeParser.parseMessageType(
          """
          message spark_schema {
            optional group txn {
              optional binary appId (STRING);
              optional int64 version;
              optional int64 lastUpdated;
            }
            optional group add {
              optional binary path (STRING);
              optional group partitionValues %1$s
              optional int64 size;
              optional int64 modificationTime;
              optional boolean dataChange;
              optional group tags %1$s
              %3$s
              optional int64 baseRowId;
              optional int64 defaultRowCommitVersion;
              optional binary stats (STRING);
            }
            optional group remove {
              optional binary path (STRING);
              optional int64 deletionTimestamp;
              optional boolean dataChange;
              optional boolean extendedFileMetadata;
              optional group partitionValues %1$s
              optional int64 size;
              %3$s
              optional int64 baseRowId;
              optional int64 defaultRowCommitVersion;
            }
            optional group metaData {
              optional binary id (STRING);
              optional binary name (STRING);
              optional binary description (STRING);
              optional group format {
                optional binary provider (STRING);
                optional group options %1$s
              }
              optional binary schemaString (STRING);
              optional group partitionColumns %2$s
              optional group configuration %1$s
              optional int64 createdTime;
            }
            optional group protocol {
              optional int32 minReaderVersion;
              optional int32 minWriterVersion;
              optional group readerFeatures %2$s
              optional group writerFeatures %2$s
            }
            optional group domainMetadata {
              optional binary domain (STRING);
              optional binary configuration (STRING);
              optional boolean removed;
            }
            optional group checkpointMetadata {
              optional int64 version;
              optional group tags %1$s
            }
          }
          """
              .formatted(MAP, LIST, DV));

  private CheckpointSchema() {}
}
