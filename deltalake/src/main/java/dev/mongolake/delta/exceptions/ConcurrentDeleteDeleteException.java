package dev.mongolake.delta.exceptions;

/** A concurrent commit removed a file this transaction also removes. */
public class ConcurrentDeleteDeleteException extends ConcurrentModificationException {
  private static final long serialVersionUID = 1L;

  public ConcurrentDeleteDeleteException(String message) {
    super(message);
  }
}
