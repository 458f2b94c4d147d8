package dev.mongolake.daktilo;

import java.lang.reflect.Field;

/** Reads the sync thread's flush count (a test-only peek at the engine). */
final class SyncCounter {
  private SyncCounter() {}

  static long of(Daktilo log) {
    try {
      Field f = Daktilo.class.getDeclaredField("log");
      f.setAccessible(true);
      return ((dev.mongolake.daktilo.internal.SegmentedLog) f.get(log)).syncCount();
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
