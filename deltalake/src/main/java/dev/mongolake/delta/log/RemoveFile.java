package dev.mongolake.delta.log;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * The {@code remove} action: a logical file no longer in the table. Kept in the snapshot as a
 * tombstone until vacuum's retention expires.
 *
 * @param deletionTimestamp milliseconds since the epoch, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RemoveFile(
    String path,
    Long deletionTimestamp,
    boolean dataChange,
    Boolean extendedFileMetadata,
    Map<String, String> partitionValues,
    Long size,
    String stats,
    Map<String, String> tags,
    DeletionVectorDescriptor deletionVector,
    Long baseRowId,
    Long defaultRowCommitVersion)
    implements FileAction {

  public RemoveFile {
    partitionValues = Maps.copyOrNull(partitionValues);
    tags = Maps.copyOrNull(tags);
  }
}
