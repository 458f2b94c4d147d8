package dev.mongolake.daktilo;

import java.lang.reflect.Field;
import java.util.ArrayDeque;

/** Test-only look at how many records a tail holds in memory. */
final class BufferPeek {
  private BufferPeek() {}

  static int buffered(LogTail tail) {
    try {
      Field f = tail.getClass().getDeclaredField("buffer");
      f.setAccessible(true);
      return ((ArrayDeque<?>) f.get(tail)).size();
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
