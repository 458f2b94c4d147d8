package dev.mongolake.delta.exceptions;

/**
 * {@link dev.mongolake.delta.DeltaTable#create} found a table (a version 0) already at the
 * location.
 */
public class TableAlreadyExistsException extends DeltaException {
  private static final long serialVersionUID = 1L;

  public TableAlreadyExistsException(String message) {
    super(message);
  }
}
