package dev.mongolake.aggregate.internal;

import dev.mongolake.delta.Cancellation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The threads columnar reads run on: one per core, shared by every command, so that parallel files
 * use the cores without oversubscribing them. A command's work runs under its {@link Cancellation}
 * check (a time limit or a kill stops its files too) and its results come back in the order of its
 * inputs.
 */
final class ColumnarWorkers {
  private static final AtomicInteger THREADS = new AtomicInteger();
  private static final ExecutorService POOL =
      Executors.newFixedThreadPool(
          Runtime.getRuntime().availableProcessors(),
          work -> {
            Thread thread = new Thread(work, "mongolake-columnar-" + THREADS.incrementAndGet());
            thread.setDaemon(true);
            return thread;
          });

  /**
   * Inputs of one call submitted ahead of the one the caller waits for: enough to keep every core
   * busy while a slow input is awaited, few enough that the results held (a group table each) stay
   * a small multiple of one.
   */
  private static final int IN_FLIGHT = 2 * Runtime.getRuntime().availableProcessors();

  /** How long the waiting caller goes between checks of its own {@link Cancellation}. */
  private static final long CHECK_MILLIS = 20;

  private ColumnarWorkers() {}

  /**
   * Runs {@code work} over every input in parallel and hands each result to {@code consume} on the
   * calling thread, in input order, until {@code consume} answers false.
   *
   * @return whether every result was consumed
   * @throws RuntimeException what a work item or the caller's cancellation threw (the other items
   *     are stopped)
   */
  static <I, R> boolean inOrder(List<I> inputs, Function<I, R> work, Predicate<R> consume) {
    Cancellation.Check caller = Cancellation.current();
    AtomicBoolean stopped = new AtomicBoolean();
    Cancellation.Check check =
        () -> {
          if (stopped.get()) {
            throw new CancellationException("the columnar read stopped");
          }
          caller.throwIfStopped();
        };
    List<Future<R>> futures = new ArrayList<>(inputs.size());
    try {
      int submitted = 0;
      for (int next = 0; next < inputs.size(); next++) {
        // A bounded window: results wait in order for the caller, so at most this many are held.
        while (submitted < inputs.size() && submitted < next + IN_FLIGHT) {
          I input = inputs.get(submitted++);
          futures.add(
              POOL.submit(
                  () -> {
                    check.throwIfStopped();
                    return Cancellation.with(check, () -> work.apply(input));
                  }));
        }
        if (!consume.test(await(futures.get(next)))) {
          return false;
        }
      }
      return true;
    } finally {
      stopped.set(true);
      futures.forEach(future -> future.cancel(false));
    }
  }

  private static <R> R await(Future<R> future) {
    while (true) {
      try {
        return future.get(CHECK_MILLIS, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        Cancellation.checkpoint();
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof RuntimeException runtime) {
          throw runtime;
        }
        if (cause instanceof Error error) {
          throw error;
        }
        throw new IllegalStateException("A columnar read failed: " + cause, cause);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while reading columns", e);
      }
    }
  }
}
