package dev.mongolake.daktilo;

/**
 * The log was closed (or failed) before or during the call. A {@link LogTail} whose log is closed
 * throws this from {@code hasNext()}, {@code next()} and {@code poll()}.
 */
public final class LogClosedException extends DaktiloException {
  private static final long serialVersionUID = 1L;

  public LogClosedException(String message) {
    super(message);
  }

  public LogClosedException(String message, Throwable cause) {
    super(message, cause);
  }
}
