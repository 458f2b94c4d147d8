package dev.mongolake.delta.exceptions;

/** A concurrent commit removed a file this transaction read. */
public class ConcurrentDeleteReadException extends ConcurrentModificationException {
  private static final long serialVersionUID = 1L;

  public ConcurrentDeleteReadException(String message) {
    super(message);
  }
}
