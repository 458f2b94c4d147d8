package dev.mongolake;

import com.mongodb.MongoClientSettings;
import dev.mongolake.internal.changestream.ChangeEvents;
import dev.mongolake.internal.changestream.ChangeStreamPipeline;
import dev.mongolake.internal.changestream.ChangeStreamReader;
import dev.mongolake.internal.changestream.ChangeStreamScope;
import dev.mongolake.internal.changestream.ResumeToken;
import dev.mongolake.internal.engine.Engine;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.NoSuchElementException;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.conversions.Bson;

/**
 * A change stream ({@code watch()}): the change events of a collection, a database or the whole
 * deployment, read from the write-ahead log in log order, each as MongoDB's change event document
 * ({@code _id} its resume token, {@code operationType}, {@code clusterTime}, {@code wallTime},
 * {@code ns}, {@code documentKey}, {@code fullDocument}, {@code updateDescription}). It never ends
 * by itself: {@link #hasNext()} false means nothing new yet; {@link #await} waits for the next
 * write. A collection's stream ends after the {@code invalidate} event that follows the
 * collection's drop or rename.
 *
 * <p>The log is its history: a stream whose position the log no longer holds fails with
 * ChangeStreamHistoryLost instead of skipping events. Not thread-safe; close it to release it.
 */
public final class MongoLakeChangeStream implements MongoLakeTailableCursor<BsonDocument> {

  private final ChangeStreamReader reader;
  private final ChangeStreamPipeline pipeline;
  private final Deque<BsonDocument> pending = new ArrayDeque<>();
  private final Deque<ResumeToken> pendingTokens = new ArrayDeque<>();
  private BsonDocument lastReturnedToken;
  private boolean closed;

  private MongoLakeChangeStream(ChangeStreamReader reader, ChangeStreamPipeline pipeline) {
    this.reader = reader;
    this.pipeline = pipeline;
  }

  /**
   * Opens a stream on {@code scope}.
   *
   * @throws MongoLakeException ChangeStreamHistoryLost for a start the log no longer holds,
   *     InvalidResumeToken for {@code resumeAfter} an invalidate, IllegalOperation for a stage not
   *     allowed after {@code $changeStream}
   */
  static MongoLakeChangeStream open(
      Engine engine,
      ChangeStreamScope scope,
      List<? extends Bson> stageList,
      ChangeStreamOptions options) {
    List<BsonDocument> stages = new java.util.ArrayList<>(stageList.size());
    for (Bson stage : stageList) {
      stages.add(
          stage.toBsonDocument(BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry()));
    }
    ChangeStreamPipeline pipeline = new ChangeStreamPipeline(stages);
    ChangeEvents events =
        new ChangeEvents(
            scope,
            options.fullDocument(),
            options.fullDocumentBeforeChange(),
            (namespace, id) -> lookup(engine, namespace, id));
    if (options.showExpandedEvents()) {
      events.expanded();
    }
    ResumeToken after = null;
    if (options.resumeAfter() != null) {
      after = ResumeToken.parse(options.resumeAfter(), "resumeAfter");
      if (after.invalidate()) {
        throw new MongoLakeException(
            ErrorCode.INVALID_RESUME_TOKEN,
            "Cannot resume a change stream with 'resumeAfter' from an invalidate event: use"
                + " 'startAfter'");
      }
    } else if (options.startAfter() != null) {
      after = ResumeToken.parse(options.startAfter(), "startAfter");
    }
    Long startAt =
        options.startAtOperationTime() == null ? null : options.startAtOperationTime().getValue();
    return new MongoLakeChangeStream(engine.openChangeStream(events, after, startAt), pipeline);
  }

  private static BsonDocument lookup(Engine engine, Namespace namespace, BsonValue id) {
    return new MongoLakeCollection<>(namespace, BsonDocument.class, engine)
        .find(new BsonDocument("_id", id))
        .first();
  }

  /**
   * Whether an event is available now (never waits).
   *
   * @throws MongoLakeException ChangeStreamHistoryLost when the log was trimmed past the stream
   */
  @Override
  public boolean hasNext() {
    if (closed) {
      return false;
    }
    // A stage may filter out a whole poll's events: read on while the log has more.
    boolean more = true;
    while (more && pending.isEmpty() && !reader.invalidated()) {
      for (BsonDocument event : reader.poll()) {
        ResumeToken token = ResumeToken.parse(event.getDocument("_id"), "_id");
        BsonDocument shaped = pipeline.apply(event);
        if (shaped != null) {
          pending.add(shaped);
          pendingTokens.add(token);
        }
      }
      more = reader.behind();
    }
    return !pending.isEmpty();
  }

  /** The next event; see {@link #hasNext()}. */
  @Override
  public BsonDocument next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    lastReturnedToken = pendingTokens.poll().toDocument();
    return pending.poll();
  }

  /** The next event if one is available now, else null. */
  public BsonDocument tryNext() {
    return hasNext() ? next() : null;
  }

  /**
   * The token to resume after everything returned so far ({@code postBatchResumeToken}): past
   * records the stream read and filtered out too, once every event read is returned.
   */
  public BsonDocument resumeToken() {
    if (pending.isEmpty()) {
      return reader.position().toDocument();
    }
    return lastReturnedToken != null ? lastReturnedToken : reader.position().toDocument();
  }

  @Override
  public boolean await(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      // The mark before the poll: a record that becomes durable after it wakes the wait.
      long mark = reader.mark();
      if (hasNext() || exhausted()) {
        return hasNext();
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      try {
        reader.await(mark, left);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new MongoLakeException(ErrorCode.INTERRUPTED, "Change stream wait interrupted");
      }
    }
  }

  @Override
  public boolean awaitsData() {
    return true;
  }

  /** Whether it can return nothing more: it is closed, or invalidated and read to its end. */
  @Override
  public boolean exhausted() {
    return closed || (reader.invalidated() && pending.isEmpty());
  }

  @Override
  public boolean startedEmpty() {
    return false;
  }

  @Override
  public void close() {
    closed = true;
    reader.close();
    pending.clear();
    pendingTokens.clear();
  }
}
