package dev.mongolake;

import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.internal.engine.CappedTail;
import dev.mongolake.internal.read.Projection;
import dev.mongolake.internal.read.QueryErrors;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Function;
import org.bson.BsonDocument;

/**
 * A {@link MongoLakeTailableCursor}: the find's first results ({@code initial}, in natural order,
 * skip and limit applied), then what each poll of its {@link CappedTail} brings, filtered and
 * projected as the find says.
 */
final class TailingCursor<T> implements MongoLakeTailableCursor<T> {

  private final MongoLakeCursor<T> initial;
  private final CappedTail tail;
  private final Filter filter;
  private final Projection projection;
  private final Variables projectionVariables;
  private final Function<BsonDocument, T> decoder;
  private final boolean awaitData;
  private final int limit;
  private final Deque<BsonDocument> pending = new ArrayDeque<>();
  private int returned;
  private boolean closed;

  TailingCursor(
      MongoLakeCursor<T> initial,
      CappedTail tail,
      Filter filter,
      Projection projection,
      Variables projectionVariables,
      Function<BsonDocument, T> decoder,
      boolean awaitData,
      int limit) {
    this.initial = initial;
    this.tail = tail;
    this.filter = filter;
    this.projection = projection;
    this.projectionVariables = projectionVariables;
    this.decoder = decoder;
    this.awaitData = awaitData;
    this.limit = limit;
  }

  @Override
  public boolean hasNext() {
    if (exhausted()) {
      return false;
    }
    if (initial.hasNext()) {
      return true;
    }
    if (pending.isEmpty()) {
      for (BsonDocument inserted : tail.poll()) {
        if (QueryErrors.matches(filter, inserted)) {
          pending.add(inserted);
        }
      }
    }
    return !pending.isEmpty();
  }

  @Override
  public T next() {
    if (!hasNext()) {
      throw new java.util.NoSuchElementException();
    }
    returned++;
    if (initial.hasNext()) {
      return initial.next();
    }
    BsonDocument document = pending.poll();
    return decoder.apply(
        projection == null ? document : projection.apply(document, projectionVariables));
  }

  @Override
  public boolean await(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      // The mark before the poll: an insert that becomes durable after it wakes the wait.
      long mark = tail.insertMark();
      if (hasNext() || !awaitData || exhausted()) {
        return hasNext();
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      try {
        tail.await(mark, left);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new MongoLakeException(ErrorCode.INTERRUPTED, "Tailable cursor wait interrupted");
      }
    }
  }

  @Override
  public boolean awaitsData() {
    return awaitData;
  }

  @Override
  public boolean exhausted() {
    return closed || (limit > 0 && returned >= limit);
  }

  @Override
  public boolean startedEmpty() {
    return tail.startedEmpty();
  }

  @Override
  public void close() {
    closed = true;
    initial.close();
    pending.clear();
  }
}
