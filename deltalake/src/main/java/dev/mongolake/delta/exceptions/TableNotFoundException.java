package dev.mongolake.delta.exceptions;

/**
 * There is no Delta table at the location: its {@code _delta_log} holds no commit or checkpoint.
 */
public class TableNotFoundException extends DeltaException {
  private static final long serialVersionUID = 1L;

  public TableNotFoundException(String message) {
    super(message);
  }
}
