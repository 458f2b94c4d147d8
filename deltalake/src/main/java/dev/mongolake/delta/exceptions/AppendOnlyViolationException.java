package dev.mongolake.delta.exceptions;

/**
 * A commit would remove or change data of a table whose {@code delta.appendOnly} property is true.
 */
public class AppendOnlyViolationException extends DeltaException {
  private static final long serialVersionUID = 1L;

  public AppendOnlyViolationException(String message) {
    super(message);
  }
}
