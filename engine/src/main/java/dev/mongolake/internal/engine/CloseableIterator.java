package dev.mongolake.internal.engine;

import java.util.Iterator;

/**
 * An iterator over resources (open files, pinned versions) that must be closed or read to the end.
 */
public interface CloseableIterator<T> extends Iterator<T>, AutoCloseable {
  @Override
  void close();
}
