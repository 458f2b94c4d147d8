package dev.mongolake.delta.table;

import dev.mongolake.delta.CommitResult;
import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.TableFeatures;
import dev.mongolake.delta.Transaction;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.Protocol;
import dev.mongolake.delta.parquet.PromotedColumn;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One metadata-only commit that changes how a document table writes its next files: promoted
 * columns added, the target file size, the change data feed, deletion vectors, automatic promotion.
 * The files already written stay as they are (see {@link DocumentTable#changeLayout}); turning
 * deletion vectors off leaves the vectors files have, which readers keep applying, and makes later
 * changes rewrite files again.
 */
final class LayoutChange {

  private static final String CHANGE_DATA_FEED_FEATURE = "changeDataFeed";

  private LayoutChange() {}

  /**
   * Commits {@code next} as the layout of the table after {@code base}, or nothing when it is the
   * layout already.
   *
   * @return the commit, or empty when nothing changed
   * @throws DeltaException naming what cannot change: the {@code _id} encoding, the row-group size
   *     or purge share, or a promoted column removed or retyped
   */
  static Optional<CommitResult> commit(
      DeltaTable delta, Snapshot base, DocumentTableConfig current, DocumentTableConfig next) {
    if (next.equals(current)) {
      return Optional.empty();
    }
    checkChangeable(delta.tablePath(), current, next);
    Map<String, String> configuration = new HashMap<>(base.metadata().configuration());
    for (String managed :
        List.of(
            TableProperties.PROMOTED_COLUMNS,
            TableProperties.TARGET_FILE_SIZE,
            TableProperties.AUTO_PROMOTE_THRESHOLD)) {
      configuration.remove(managed);
    }
    Map<String, String> wanted = TableProperties.of(next);
    putFlag(configuration, wanted, TableProperties.CHANGE_DATA_FEED, next.changeDataFeed());
    putFlag(configuration, wanted, TableProperties.DELETION_VECTORS, next.deletionVectors());
    configuration.putAll(wanted);
    Metadata metadata =
        base.metadata().withSchema(DocumentTableSchema.of(next)).withConfiguration(configuration);
    Transaction transaction = delta.startTransaction(base);
    Protocol protocol = withChangeDataFeed(base.protocol(), next.changeDataFeed());
    if (next.deletionVectors()) {
      // Files may carry vectors from now on: readers must know the feature.
      protocol = TableFeatures.withReaderWriterFeature(protocol, "deletionVectors");
    }
    if (!protocol.equals(base.protocol())) {
      transaction.updateProtocol(protocol);
    }
    transaction.updateMetadata(metadata);
    List<String> changed = new ArrayList<>();
    if (!next.schema().equals(current.schema())) {
      changed.add(TableProperties.PROMOTED_COLUMNS + "=" + next.schema().toConfig().toJson());
    }
    if (next.targetFileSizeBytes() != current.targetFileSizeBytes()) {
      changed.add(TableProperties.TARGET_FILE_SIZE + "=" + next.targetFileSizeBytes());
    }
    if (next.changeDataFeed() != current.changeDataFeed()) {
      changed.add(TableProperties.CHANGE_DATA_FEED + "=" + next.changeDataFeed());
    }
    if (next.deletionVectors() != current.deletionVectors()) {
      changed.add(TableProperties.DELETION_VECTORS + "=" + next.deletionVectors());
    }
    if (!next.autoPromote().equals(current.autoPromote())) {
      changed.add(
          TableProperties.AUTO_PROMOTE_THRESHOLD
              + "="
              + (next.autoPromote().enabled() ? next.autoPromote().threshold() : "off"));
    }
    transaction.operation("SET TBLPROPERTIES", Map.of("properties", String.join(", ", changed)));
    return Optional.of(transaction.commit());
  }

  private static void checkChangeable(
      String path, DocumentTableConfig current, DocumentTableConfig next) {
    String refusal = null;
    if (next.idEncoding() != current.idEncoding()) {
      refusal =
          "its _id encoding changes only by DocumentTable#changeIdEncoding, which rewrites its files";
    } else if (!next.partitionColumns().equals(current.partitionColumns())) {
      refusal = "its partition columns are fixed when it is created (repartitioning rewrites it)";
    } else if (next.rowGroupSizeBytes() != current.rowGroupSizeBytes()
        || next.purgeDeletedShare() != current.purgeDeletedShare()) {
      refusal = "its row-group size and purge share are fixed when it is created";
    } else {
      for (PromotedColumn column : current.schema().columns()) {
        if (!next.schema().columns().contains(column)) {
          refusal =
              "its promoted column '"
                  + column.path()
                  + "' is in its files; a column can be added, not removed or retyped";
          break;
        }
      }
    }
    if (refusal != null) {
      throw new DeltaException("Cannot change the layout of table " + path + ": " + refusal);
    }
  }

  /**
   * Sets a Delta boolean property the table had or now turns on to {@code value}, in place of the
   * {@code wanted} properties' entry (which holds only a true one): Delta readers take an explicit
   * false as off, and writing it keeps the change visible.
   */
  private static void putFlag(
      Map<String, String> configuration,
      Map<String, String> wanted,
      String property,
      boolean value) {
    wanted.remove(property);
    if (configuration.containsKey(property) || value) {
      configuration.put(property, Boolean.toString(value));
    }
  }

  /** {@code protocol} with the change data feed writer feature when {@code enabled} needs it. */
  private static Protocol withChangeDataFeed(Protocol protocol, boolean enabled) {
    if (!enabled || TableFeatures.supportsWriterFeature(protocol, CHANGE_DATA_FEED_FEATURE)) {
      return protocol;
    }
    if (protocol.minWriterVersion() < 7) {
      return new Protocol(protocol.minReaderVersion(), 4, null, null);
    }
    List<String> writer = new ArrayList<>(protocol.writerFeatures());
    writer.add(CHANGE_DATA_FEED_FEATURE);
    return new Protocol(protocol.minReaderVersion(), 7, protocol.readerFeatures(), writer);
  }
}
