package dev.mongolake.daktilo;

/**
 * Root of every exception daktilo throws on purpose. Unchecked: a caller that cannot handle a
 * broken log lets it propagate.
 *
 * <p>Subclasses: {@link CorruptionException} (bytes on disk are damaged), {@link
 * SequenceOutOfRangeException} (a sequence was compacted or is not written yet), {@link
 * LogClosedException} (the log or a tail was closed) and {@link LogInUseException} (another writer
 * holds the log directory). Programming errors such as a negative sequence or a record larger than
 * a segment raise {@link IllegalArgumentException} instead.
 */
public class DaktiloException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public DaktiloException(String message) {
    super(message);
  }

  public DaktiloException(String message, Throwable cause) {
    super(message, cause);
  }
}
