package dev.mongolake;

import java.util.Iterator;

/**
 * Results of a query, read from one snapshot of the collection: writes that commit after the cursor
 * opened are not seen. Not thread-safe; close it (or read it to the end) to release the snapshot.
 */
public interface MongoLakeCursor<T> extends Iterator<T>, AutoCloseable {

  @Override
  void close();
}
