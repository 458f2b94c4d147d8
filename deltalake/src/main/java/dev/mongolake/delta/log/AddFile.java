package dev.mongolake.delta.log;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * The {@code add} action: a logical file present in the table.
 *
 * @param path a URI (RFC 2396) relative to the table root or absolute; see {@link FilePaths}
 * @param partitionValues partition column to serialized value; a null value is a null partition
 * @param stats per-file statistics as a JSON string, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AddFile(
    String path,
    Map<String, String> partitionValues,
    long size,
    long modificationTime,
    boolean dataChange,
    String stats,
    Map<String, String> tags,
    DeletionVectorDescriptor deletionVector,
    Long baseRowId,
    Long defaultRowCommitVersion,
    String clusteringProvider)
    implements FileAction {

  public AddFile {
    partitionValues = partitionValues == null ? Map.of() : Maps.copyKeepingNulls(partitionValues);
    tags = Maps.copyOrNull(tags);
  }

  /** An add of a new data file with statistics and no tags. */
  public static AddFile of(
      String path,
      Map<String, String> partitionValues,
      long size,
      long modificationTime,
      String stats) {
    return new AddFile(
        path, partitionValues, size, modificationTime, true, stats, null, null, null, null, null);
  }

  /**
   * The remove action that retires this file at {@code deletionTimestamp}, carrying its partition
   * values and size (extended file metadata).
   */
  public RemoveFile toRemove(long deletionTimestamp, boolean dataChange) {
    return new RemoveFile(
        path,
        deletionTimestamp,
        dataChange,
        true,
        partitionValues,
        size,
        null,
        tags,
        deletionVector,
        baseRowId,
        defaultRowCommitVersion);
  }
}
