package dev.mongolake.bench.daktilo;

import dev.mongolake.daktilo.Daktilo;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * Reads how many device flushes a log's sync thread made, to report records per sync. The public
 * API does not expose the count, so this reaches the engine's {@code syncCount()} reflectively;
 * when that is not possible it reports {@code -1} and the harness prints no figure.
 */
final class SyncCounter {

  private final Object engine;
  private final Method syncCount;

  private SyncCounter(Object engine, Method syncCount) {
    this.engine = engine;
    this.syncCount = syncCount;
  }

  /** A counter for {@code log}. */
  static SyncCounter of(Daktilo log) {
    try {
      for (Field field : Daktilo.class.getDeclaredFields()) {
        if (field.getType().getSimpleName().equals("SegmentedLog")) {
          field.setAccessible(true);
          Object engine = field.get(log);
          return new SyncCounter(engine, engine.getClass().getMethod("syncCount"));
        }
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      // Fall through: the figure is optional.
    }
    return new SyncCounter(null, null);
  }

  /** Device flushes so far, or -1 when unknown. */
  long syncs() {
    if (engine == null) {
      return -1;
    }
    try {
      return (long) syncCount.invoke(engine);
    } catch (ReflectiveOperationException e) {
      return -1;
    }
  }

  /** {@code records} per flush made since {@code syncsBefore}, or NaN when unknown. */
  double recordsPerSync(long records, long syncsBefore) {
    long after = syncs();
    if (after < 0 || syncsBefore < 0 || after == syncsBefore) {
      return Double.NaN;
    }
    return (double) records / (after - syncsBefore);
  }
}
