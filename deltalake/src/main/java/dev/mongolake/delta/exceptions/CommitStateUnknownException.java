package dev.mongolake.delta.exceptions;

/**
 * A commit failed with a storage error and the log could not be read back to tell whether it took
 * effect; the caller must re-read the table before retrying.
 */
public class CommitStateUnknownException extends DeltaException {
  private static final long serialVersionUID = 1L;

  public CommitStateUnknownException(String message) {
    super(message);
  }
}
