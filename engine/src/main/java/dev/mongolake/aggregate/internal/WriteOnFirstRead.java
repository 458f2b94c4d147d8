package dev.mongolake.aggregate.internal;

import java.util.Iterator;
import java.util.NoSuchElementException;
import org.bson.BsonDocument;

/**
 * The output of a stage that writes ({@code $out}, {@code $merge}): no documents, the write running
 * on the first {@code hasNext}, as a MongoDB cursor runs its pipeline when first read. Opening a
 * pipeline without reading it (explain's query plan) writes nothing.
 */
final class WriteOnFirstRead implements Iterator<BsonDocument> {

  private Runnable write;

  WriteOnFirstRead(Runnable write) {
    this.write = write;
  }

  @Override
  public boolean hasNext() {
    if (write != null) {
      Runnable pending = write;
      write = null;
      pending.run();
    }
    return false;
  }

  @Override
  public BsonDocument next() {
    hasNext();
    throw new NoSuchElementException();
  }
}
