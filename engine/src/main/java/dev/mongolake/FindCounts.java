package dev.mongolake;

import dev.mongolake.internal.engine.ReadCounters;
import java.util.Iterator;

/**
 * What a find's run returned at each stage, for explain's {@code executionStats}. Confined to the
 * thread that runs the find.
 */
final class FindCounts {

  /** What the read examined (keys, documents, the table's files). */
  final ReadCounters examined = new ReadCounters();

  /** Documents that passed the filter. */
  long matched;

  /** Documents taken out of the sort (or the matches, unsorted): the skipped and the returned. */
  long ordered;

  /** Documents the find returned. */
  long returned;

  /** Whether the run chose its documents from column batches. */
  boolean byColumns;

  /** {@code matches}, counting each document into {@link #matched}. */
  <T> Iterator<T> matched(Iterator<T> matches) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return matches.hasNext();
      }

      @Override
      public T next() {
        T next = matches.next();
        matched++;
        return next;
      }
    };
  }
}
