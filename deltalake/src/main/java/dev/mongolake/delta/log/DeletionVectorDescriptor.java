package dev.mongolake.delta.log;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Where a deletion vector lives: inline in the log ({@code storageType} {@code i}, the Z85-encoded
 * bitmap in {@code pathOrInlineDv}), in a file of the table named by a UUID ({@code u}) or at an
 * absolute path ({@code p}), with its size and the number of rows it deletes. It keys logical files
 * in log replay ({@link #uniqueId()}); {@link dev.mongolake.delta.dv.DeletionVectors} reads it.
 *
 * @param offset where the vector starts in its file (null inline; absent means 0 otherwise)
 * @param sizeInBytes the serialized bitmap's length (before Z85 encoding, when inline)
 * @param cardinality how many rows the vector deletes
 * @param maxRowIndex the largest deleted row index, when the writer recorded it, or null
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
