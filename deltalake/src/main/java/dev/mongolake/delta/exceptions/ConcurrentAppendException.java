package dev.mongolake.delta.exceptions;

/** A concurrent commit added files to data this transaction read. */
public class ConcurrentAppendException extends ConcurrentModificationException {
  private static final long serialVersionUID = 1L;

  public ConcurrentAppendException(String message) {
    super(message);
  }
}
