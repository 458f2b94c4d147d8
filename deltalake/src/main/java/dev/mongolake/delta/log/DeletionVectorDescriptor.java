package dev.mongolake.delta.log;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Where a deletion vector lives. This library reads the descriptor to key logical files correctly
 * but does not apply deletion vectors (the {@code deletionVectors} feature is not supported).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DeletionVectorDescriptor(
    String storageType,
    String pathOrInlineDv,
    Integer offset,
    int sizeInBytes,
    long cardinality,
    Long maxRowIndex) {

  /** The protocol's {@code uniqueId}: {@code <storageType><pathOrInlineDv>[@<offset>]}. */
  @JsonIgnore
  public String uniqueId() {
    return offset == null
        ? storageType + pathOrInlineDv
        : storageType + pathOrInlineDv + "@" + offset;
  }
}
