package dev.mongolake;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * Lets a caller that answers its client later take over a write's wait for durability.
 *
 * <p>Every write returns only once its change is durable. A server that multiplexes many clients on
 * one thread cannot block that thread for a group commit: it runs the write inside {@link
 * #collect}, the write then returns as soon as its change is in the log's queue and the buffer, and
 * the server sends the acknowledgement when {@link Collected#durable()} completes. The promise to
 * the client is unchanged: no acknowledgement before the change is durable, and a reader never sees
 * a change before it is durable (reads snapshot at the durable watermark).
 *
 * <p>Only the thread that called {@link #collect} is affected, and only for the duration of the
 * call.
 */
public final class DeferredDurability {

  private static final ScopedValue<DeferredDurability> CURRENT = ScopedValue.newInstance();

  private final List<CompletableFuture<Void>> waits = new ArrayList<>(1);
  private final List<Runnable> whenDurable = new ArrayList<>(1);

  private DeferredDurability() {}

  /** What {@link #collect} returns: the work's result and when its writes are durable. */
  public record Collected<T>(T result, CompletableFuture<Void> durable) {

    /** Whether the work made no write that was not yet durable when it returned. */
    public boolean alreadyDurable() {
      return durable.isDone() && !durable.isCompletedExceptionally();
    }
  }

  /**
   * Runs {@code work}, collecting instead of awaiting the durability of the writes it makes. The
   * returned future fails with a {@link MongoLakeException} if one of them cannot be made durable.
   */
  public static <T> Collected<T> collect(Supplier<T> work) {
    DeferredDurability collector = new DeferredDurability();
    T result = ScopedValue.where(CURRENT, collector).call(work::get);
    return new Collected<>(result, collector.durable());
  }

  /**
   * Called by the engine where a write would wait for durability: hands {@code durable} to the
   * caller of {@link #collect}, if there is one on this thread.
   *
   * @return false if nobody collects, and the engine must wait itself
   */
  public static boolean deferIfCollecting(CompletableFuture<Void> durable) {
    if (!CURRENT.isBound()) {
      return false;
    }
    CURRENT.get().waits.add(durable);
    return true;
  }

  /**
   * Runs {@code action} once the writes made so far on this thread are durable: now if nobody
   * collects their waits (the writes have then waited already), else when the collected waits
   * complete, on the thread that completes them (keep it short). For measurements that should cover
   * the whole write.
   */
  public static void whenDurable(Runnable action) {
    if (CURRENT.isBound()) {
      CURRENT.get().whenDurable.add(action);
    } else {
      action.run();
    }
  }

  private CompletableFuture<Void> durable() {
    CompletableFuture<Void> all = allWaits();
    if (!whenDurable.isEmpty()) {
      all.whenComplete((ignored, error) -> whenDurable.forEach(Runnable::run));
    }
    return all;
  }

  private CompletableFuture<Void> allWaits() {
    CompletableFuture<Void> all =
        switch (waits.size()) {
          case 0 -> CompletableFuture.completedFuture(null);
          case 1 -> waits.getFirst();
          default -> CompletableFuture.allOf(waits.toArray(CompletableFuture[]::new));
        };
    return all.exceptionallyCompose(error -> CompletableFuture.failedFuture(unwrapped(error)));
  }

  private static Throwable unwrapped(Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    return cause instanceof MongoLakeException
        ? cause
        : new MongoLakeException(
            ErrorCode.INTERNAL_ERROR,
            "Cannot make a write durable: the write-ahead log failed: " + cause.getMessage(),
            cause);
  }
}
