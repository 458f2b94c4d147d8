package dev.mongolake.delta.exceptions;

/** A concurrent commit changed the table protocol. */
public class ProtocolChangedException extends ConcurrentModificationException {
  private static final long serialVersionUID = 1L;

  public ProtocolChangedException(String message) {
    super(message);
  }
}
