package dev.mongolake.delta;

import java.util.function.Supplier;

/**
 * Lets the operation running on a thread stop long reads cooperatively: code that may loop over
 * many rows without returning (a scan whose filter rejects most rows, a sort or group reading a
 * whole table) calls {@link #checkpoint()} between rows, and the check the caller installed for the
 * thread throws when the operation must stop (its time limit passed, or it was killed).
 *
 * <p>Threads are never interrupted for this: an interrupt closes the {@code FileChannel}s a scan
 * shares with other readers. The check runs only on the installing thread; background threads that
 * read ahead for it are stopped by the scan's {@code close()} once the exception unwinds.
 */
public final class Cancellation {

  /** Throws (an unchecked exception of the caller's choosing) when the operation must stop. */
  @FunctionalInterface
  public interface Check {
    void throwIfStopped();
  }

  private static final ThreadLocal<Check> CURRENT = new ThreadLocal<>();

  private Cancellation() {}

  /** Runs {@code work} with {@code check} installed for this thread, restoring the previous one. */
  public static <T> T with(Check check, Supplier<T> work) {
    Check previous = CURRENT.get();
    CURRENT.set(check);
    try {
      return work.get();
    } finally {
      CURRENT.set(previous);
    }
  }

  /** Throws if the operation running on this thread must stop; does nothing without a check. */
  public static void checkpoint() {
    Check check = CURRENT.get();
    if (check != null) {
      check.throwIfStopped();
    }
  }

  /**
   * The check installed for this thread (one that never throws when there is none), for work this
   * operation hands to other threads: they run it under {@link #with}.
   */
  public static Check current() {
    Check check = CURRENT.get();
    return check != null ? check : () -> {};
  }
}
