package dev.mongolake;

import java.time.Duration;
import java.util.NoSuchElementException;

/** The tailable cursor of a collection that does not exist: empty, and already exhausted. */
record EmptyTail<T>(boolean awaitsData) implements MongoLakeTailableCursor<T> {

  @Override
  public boolean hasNext() {
    return false;
  }

  @Override
  public T next() {
    throw new NoSuchElementException();
  }

  @Override
  public boolean await(Duration timeout) {
    return false;
  }

  @Override
  public boolean exhausted() {
    return true;
  }

  @Override
  public boolean startedEmpty() {
    return true;
  }

  @Override
  public void close() {}
}
