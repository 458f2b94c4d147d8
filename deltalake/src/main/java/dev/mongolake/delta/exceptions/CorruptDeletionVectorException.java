package dev.mongolake.delta.exceptions;

/**
 * A deletion vector cannot be trusted: its file or inline bytes do not have the format the Delta
 * protocol describes, its checksum does not match, or it holds a different number of rows than its
 * descriptor's {@code cardinality} says. Reading the file's rows is refused rather than returning
 * rows that may have been deleted. The message names the deletion vector's file (or, for an inline
 * one, the data file it belongs to) and what is wrong.
 */
public class CorruptDeletionVectorException extends DeltaException {
  private static final long serialVersionUID = 1L;

  public CorruptDeletionVectorException(String message) {
    super(message);
  }

  public CorruptDeletionVectorException(String message, Throwable cause) {
    super(message, cause);
  }
}
