package dev.mongolake.internal.engine;

import java.util.Iterator;

/**
 * An iterator over resources (open files, pinned versions) that must be closed or read to the end.
 */
public interface CloseableIterator<T> extends Iterator<T>, AutoCloseable {
  @Override
  void close();

  /** An iterator over values already in memory: closing it does nothing. */
  static <T> CloseableIterator<T> of(Iterator<T> values) {
    return of(values, () -> {});
  }

  /** {@code values}, running {@code onClose} when closed. */
  static <T> CloseableIterator<T> of(Iterator<T> values, Runnable onClose) {
    return new CloseableIterator<>() {
      @Override
      public boolean hasNext() {
        return values.hasNext();
      }

      @Override
      public T next() {
        return values.next();
      }

      @Override
      public void close() {
        onClose.run();
      }
    };
  }
}
