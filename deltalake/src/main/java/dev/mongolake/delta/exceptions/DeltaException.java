package dev.mongolake.delta.exceptions;

/**
 * Root of the deltalake error hierarchy. Every failure this library raises on purpose is a subtype,
 * so callers (the engine, which maps them to MongoDB error codes) can catch one type.
 */
public class DeltaException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public DeltaException(String message) {
    super(message);
  }

  public DeltaException(String message, Throwable cause) {
    super(message, cause);
  }
}
