package dev.mongolake.internal.engine;

import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Counts open readers per table floor, so that buffer versions a reader of an older table version
 * still needs are not released after a flush. Thread-safe.
 */
final class ReaderPins {

  private final ConcurrentSkipListMap<Long, Integer> counts = new ConcurrentSkipListMap<>();

  void pin(long floor) {
    counts.merge(floor, 1, Integer::sum);
  }

  void unpin(long floor) {
    counts.computeIfPresent(floor, (f, n) -> n == 1 ? null : n - 1);
  }

  /** The lowest floor any open reader uses, or {@code ceiling} if none is lower. */
  long lowestPinned(long ceiling) {
    Long lowest = counts.isEmpty() ? null : counts.firstKey();
    return lowest == null ? ceiling : Math.min(lowest, ceiling);
  }
}
