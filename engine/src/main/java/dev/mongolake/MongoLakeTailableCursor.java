package dev.mongolake;

import java.time.Duration;

/**
 * A tailable cursor on a capped collection ({@link MongoLakeFindIterable#cursorType} {@code
 * Tailable} or {@code TailableAwait}): it returns the documents the collection held when it opened,
 * in natural order, and then stays open at their end, returning the documents inserted later as
 * they become durable. {@link #hasNext()} never waits: false means nothing new yet, not the end;
 * {@link #await} waits for the next insert.
 *
 * <p>A cursor whose last document was removed by the cap before it read on has lost its place:
 * {@link #hasNext()} then fails with CappedPositionLost, and the cursor is dead, as in MongoDB. Not
 * thread-safe; close it to release it.
 */
public interface MongoLakeTailableCursor<T> extends MongoLakeCursor<T> {

  /**
   * Whether a document is available now (never waits).
   *
   * @throws MongoLakeException CappedPositionLost when the cursor lost its place, QueryPlanKilled
   *     when the collection was dropped
   */
  @Override
  boolean hasNext();

  /**
   * For a {@code TailableAwait} cursor, waits up to {@code timeout} until a document is available,
   * returning as soon as an insert makes one durable; a {@code Tailable} cursor does not wait.
   *
   * @return {@link #hasNext()} at the end of the wait
   * @throws MongoLakeException as {@link #hasNext()}, or Interrupted when the thread is
   */
  boolean await(Duration timeout);

  /** Whether it waits for data ({@code TailableAwait}). */
  boolean awaitsData();

  /** Whether it can return nothing more: its limit is reached, or it is closed. */
  boolean exhausted();

  /** Whether the collection held no document when the cursor opened (MongoDB then closes it). */
  boolean startedEmpty();
}
