package dev.mongolake.delta.exceptions;

/**
 * A commit lost the race for its version to a commit it logically conflicts with; retrying on a
 * fresh snapshot may succeed. The subtype says which rule was violated.
 */
public class ConcurrentModificationException extends DeltaException {
  private static final long serialVersionUID = 1L;

  public ConcurrentModificationException(String message) {
    super(message);
  }
}
