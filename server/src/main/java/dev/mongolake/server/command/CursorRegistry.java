package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeChangeStream;
import dev.mongolake.MongoLakeException;
import dev.mongolake.MongoLakeTailableCursor;
import dev.mongolake.bson.BsonBytesEncoder;
import dev.mongolake.delta.Cancellation;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * Open server-side cursors: results of {@code find}, {@code aggregate} and {@code listCollections}
 * that did not fit in the first batch. Each keeps its query's snapshot until it is exhausted,
 * killed (by {@code killCursors}, or with its session or its exhaust stream), or idle longer than
 * the timeout (MongoDB's default: 10 minutes) when {@link #reapIdle()} runs; the server runs it
 * every few seconds ({@link CursorMonitor}). A cursor opened with {@code noCursorTimeout} never
 * times out. Idle time is measured on the injected clock. Thread-safe.
 */
public final class CursorRegistry {

  /** MongoDB's default {@code cursorTimeoutMillis}. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);

  /** Documents in a first batch when the client does not say ({@code find}'s default). */
  public static final int DEFAULT_FIRST_BATCH = 101;

  /**
   * The most bytes a reply batch holds, as in MongoDB: 16 MiB, its largest user document. A batch
   * stops before the document that would take its array past it, but always holds at least one.
   */
  static final int MAX_BATCH_BYTES = 16 * 1024 * 1024;

  /** How long an awaitData getMore without {@code maxTimeMS} waits, as MongoDB: 1 second. */
  static final long DEFAULT_AWAIT_MILLIS = 1_000;

  /** How often a waiting awaitData getMore checks that its cursor is still wanted. */
  private static final Duration AWAIT_SLICE = Duration.ofMillis(250);

  private final ConcurrentMap<Long, OpenCursor> cursors = new ConcurrentHashMap<>();
  private final SecureRandom random = new SecureRandom();
  private final Clock clock;
  private final Duration timeout;
  private final AtomicLong opened = new AtomicLong();
  private final AtomicLong timedOut = new AtomicLong();

  public CursorRegistry(Clock clock, Duration timeout) {
    this.clock = clock;
    this.timeout = timeout;
  }

  /**
   * Builds the reply of a cursor-returning command: the first batch, and a cursor id if more
   * results remain (0 when exhausted or {@code singleBatch}). The cursor times out when idle.
   *
   * @param batchSize documents in the first batch; negative or absent uses the default
   * @param owner who may continue the cursor, and the session it belongs to (see {@link
   *     CommandRequest#cursorOwner})
   */
  public BsonDocument firstBatch(
      String namespace,
      Iterator<BsonDocument> results,
      int batchSize,
      boolean singleBatch,
      CursorOwner owner) {
    return firstBatch(namespace, results, batchSize, singleBatch, owner, false);
  }

  /**
   * Builds the reply of a cursor-returning command as {@link #firstBatch(String, Iterator, int,
   * boolean, CursorOwner)} does.
   *
   * @param noTimeout the cursor stays open however long it is idle ({@code find}'s {@code
   *     noCursorTimeout}), until it is exhausted or killed
   */
  public BsonDocument firstBatch(
      String namespace,
      Iterator<BsonDocument> results,
      int batchSize,
      boolean singleBatch,
      CursorOwner owner,
      boolean noTimeout) {
    BsonArray batch;
    boolean more;
    ReplyDocuments documents = ReplyDocuments.of(results);
    try {
      batch = take(documents, batchSize < 0 ? DEFAULT_FIRST_BATCH : batchSize);
      more = !singleBatch && documents.hasNext();
    } catch (RuntimeException e) {
      OpenCursor.release(documents);
      throw e;
    }
    long id = 0;
    if (more) {
      id = newId();
      cursors.put(
          id,
          new OpenCursor(
              namespace, documents, owner, noTimeout, clock.millis(), remainingOfCommand()));
      opened.incrementAndGet();
    } else {
      OpenCursor.release(documents);
    }
    return cursorReply(id, namespace, "firstBatch", batch);
  }

  /**
   * The reply of a tailable {@code find}: its first batch, and a cursor that stays open at the end
   * of the data (later batches return what is inserted meanwhile) unless the collection was empty
   * when the find read it, as MongoDB keeps it only then, or the cursor's limit is reached.
   *
   * @param batchSize documents in the first batch; negative uses the default
   */
  public BsonDocument firstTailableBatch(
      String namespace,
      MongoLakeTailableCursor<BsonDocument> results,
      int batchSize,
      CursorOwner owner,
      boolean noTimeout) {
    ReplyDocuments documents = ReplyDocuments.of(results);
    BsonArray batch;
    try {
      batch = take(documents, batchSize < 0 ? DEFAULT_FIRST_BATCH : batchSize);
    } catch (RuntimeException e) {
      OpenCursor.release(documents);
      throw e;
    }
    long id = 0;
    if (!results.startedEmpty() && !results.exhausted()) {
      id = newId();
      // A tailable cursor's later batches are not bounded by the find's maxTimeMS: an awaitData
      // getMore's own maxTimeMS is how long it waits.
      cursors.put(
          id,
          new OpenCursor(
              namespace, documents, owner, noTimeout, clock.millis(), Long.MAX_VALUE, results));
      opened.incrementAndGet();
    } else {
      OpenCursor.release(documents);
    }
    return withResumeToken(cursorReply(id, namespace, "firstBatch", batch), results);
  }

  /**
   * A change stream's batch carries the token to resume after it ({@code postBatchResumeToken}),
   * which drivers keep instead of the last event's.
   */
  private static BsonDocument withResumeToken(
      BsonDocument reply, MongoLakeTailableCursor<BsonDocument> results) {
    if (results instanceof MongoLakeChangeStream stream) {
      reply.getDocument("cursor").put("postBatchResumeToken", stream.resumeToken());
    }
    return reply;
  }

  /** The time the running command's {@code maxTimeMS} leaves for its cursor's later batches. */
  private static long remainingOfCommand() {
    OperationsInProgress.Operation operation = OperationsInProgress.current();
    if (operation == null || operation.deadlineNanos() == MaxTimeMS.NO_DEADLINE) {
      return Long.MAX_VALUE;
    }
    return Math.max(0, operation.deadlineNanos() - System.nanoTime());
  }

  /**
   * The next batch of cursor {@code id} ({@code getMore}).
   *
   * @param users the caller's users (see {@link CommandRequest#cursorOwners})
   * @throws MongoLakeException CursorNotFound for an unknown, exhausted, killed or timed-out id,
   *     CursorKilled when it is killed during the batch, or Unauthorized when the namespace differs
   *     from the cursor's or other users opened it
   */
  /**
   * A cursor continues in the transaction it was opened in, and only there, as in MongoDB: its
   * documents are that transaction's snapshot.
   */
  private static void checkTransaction(long id, Long opened, Long current) {
    if (opened == null && current != null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_50739,
          "Cannot run getMore on cursor "
              + id
              + ", which was not created in a transaction, in transaction "
              + current);
    }
    if (opened != null && current == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_50740,
          "Cannot run getMore on cursor "
              + id
              + ", which was created in transaction "
              + opened
              + ", without a txnNumber");
    }
    if (opened != null && !opened.equals(current)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_50741,
          "Cannot run getMore on cursor "
              + id
              + ", which was created in transaction "
              + opened
              + ", in transaction "
              + current);
    }
  }

  public BsonDocument nextBatch(long id, String namespace, int batchSize, Set<String> users) {
    return nextBatch(id, namespace, batchSize, users, null);
  }

  /**
   * The next batch of cursor {@code id}, as {@link #nextBatch(long, String, int, Set)}; for a
   * tailable cursor, what was inserted since its last batch (an empty batch keeps it open), and for
   * an awaitData one, when nothing was, what an insert brings within {@code maxTimeMS} (default 1
   * second), returned as soon as it is durable.
   *
   * @param maxTimeMS the getMore's {@code maxTimeMS}, or null when it has none
   * @throws MongoLakeException as {@link #nextBatch(long, String, int, Set)}; BadValue for a {@code
   *     maxTimeMS} on a cursor that is not awaitData, as MongoDB answers; CappedPositionLost when a
   *     tailable cursor lost its place (the cursor is then closed)
   */
  public BsonDocument nextBatch(
      long id, String namespace, int batchSize, Set<String> users, Long maxTimeMS) {
    OpenCursor cursor = cursors.get(id);
    if (cursor == null) {
      throw notFound(id);
    }
    if (!cursor.usableBy(users)) {
      throw new MongoLakeException(
          ErrorCode.UNAUTHORIZED, "cursor id " + id + " was not created by the authenticated user");
    }
    if (!cursor.namespace.equals(namespace)) {
      throw new MongoLakeException(
          ErrorCode.UNAUTHORIZED,
          "Requested getMore on namespace '"
              + namespace
              + "', but cursor belongs to a different namespace "
              + cursor.namespace);
    }
    checkTransaction(id, cursor.owner.txnNumber(), TransactionContext.txnNumber());
    if (maxTimeMS != null && (cursor.tail == null || !cursor.tail.awaitsData())) {
      // Only an awaitData cursor's getMore takes one: how long it waits for new documents. The
      // time limit of the command that opened another cursor covers all of its batches.
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "cannot set maxTimeMS on getMore command for a non-awaitData cursor");
    }
    if (!cursor.lock.tryLock()) {
      throw new MongoLakeException(
          ErrorCode.OPERATION_FAILED, "cursor id " + id + " is already in use");
    }
    try {
      if (cursor.killed) {
        // Killed since the lookup; whoever killed it may not have been able to release it.
        cursor.release();
        throw notFound(id);
      }
      int limit = batchSize <= 0 ? Integer.MAX_VALUE : batchSize;
      BsonArray batch = timedBatch(id, cursor, limit);
      if (batch.isEmpty() && cursor.tail != null && cursor.tail.awaitsData()) {
        awaitInsert(id, cursor, maxTimeMS == null ? DEFAULT_AWAIT_MILLIS : maxTimeMS);
        batch = timedBatch(id, cursor, limit);
      }
      cursor.lastUsedMillis = clock.millis();
      long next = id;
      boolean done = cursor.tail == null ? !cursor.source.hasNext() : cursor.tail.exhausted();
      if (done) {
        cursors.remove(id, cursor);
        cursor.release();
        next = 0;
      }
      return withResumeToken(cursorReply(next, namespace, "nextBatch", batch), cursor.tail);
    } finally {
      cursor.lock.unlock();
    }
  }

  /**
   * A later batch within what is left of the cursor's {@code maxTimeMS} (MongoDB counts the time of
   * every batch against it). A cursor that fails, runs out of time or is killed mid-batch ({@code
   * killOp}, or a kill of the cursor itself) is closed, as MongoDB's is.
   */
  private BsonArray timedBatch(long id, OpenCursor cursor, int limit) {
    long started = System.nanoTime();
    long deadline =
        cursor.remainingNanos == Long.MAX_VALUE
            ? MaxTimeMS.NO_DEADLINE
            : started + cursor.remainingNanos;
    OperationsInProgress.Operation operation = OperationsInProgress.current();
    Cancellation.Check check =
        () -> {
          if (operation != null) {
            operation.throwIfStopped();
          }
          if (MaxTimeMS.passed(deadline)) {
            throw MaxTimeMS.expired();
          }
          if (cursor.killed) {
            throw new MongoLakeException(
                ErrorCode.CURSOR_KILLED, "cursor id " + id + " was killed during getMore");
          }
        };
    try {
      BsonArray batch = Cancellation.with(check, () -> take(cursor.source, limit));
      if (cursor.killed) {
        throw new MongoLakeException(
            ErrorCode.CURSOR_KILLED, "cursor id " + id + " was killed during getMore");
      }
      if (deadline != MaxTimeMS.NO_DEADLINE) {
        cursor.remainingNanos = Math.max(0, deadline - System.nanoTime());
      }
      return batch;
    } catch (RuntimeException e) {
      cursors.remove(id, cursor);
      cursor.release();
      throw e;
    }
  }

  /**
   * An awaitData getMore's wait for an insert, up to {@code millis}: woken by the insert once it is
   * durable. It runs on the request's own (virtual) thread, never on an event loop, and checks in
   * slices whether the cursor was killed or the operation stopped.
   */
  private void awaitInsert(long id, OpenCursor cursor, long millis) {
    long deadline = System.nanoTime() + Duration.ofMillis(Math.max(0, millis)).toNanos();
    OperationsInProgress.Operation operation = OperationsInProgress.current();
    try {
      while (!cursor.killed) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return;
        }
        if (operation != null) {
          operation.throwIfStopped();
        }
        if (cursor.tail.await(Duration.ofNanos(Math.min(left, AWAIT_SLICE.toNanos())))) {
          return;
        }
      }
    } catch (RuntimeException e) {
      cursors.remove(id, cursor);
      cursor.release();
      throw e;
    }
  }

  /**
   * Whether {@code users} may continue or kill cursor {@code id}; true for a cursor that is not
   * open, as there is nothing of it to protect.
   */
  public boolean usableBy(long id, Set<String> users) {
    OpenCursor cursor = cursors.get(id);
    return cursor == null || cursor.usableBy(users);
  }

  /** Kills a cursor. @return whether it was open */
  public boolean kill(long id) {
    OpenCursor cursor = cursors.get(id);
    return cursor != null && kill(id, cursor);
  }

  /**
   * Kills the cursors opened in {@code sessions} that {@code users} may use ({@code endSessions},
   * {@code killSessions}: a client ends its own sessions).
   *
   * @return how many were open
   */
  public int killSessions(Collection<LogicalSessionId> sessions, Set<String> users) {
    Set<LogicalSessionId> ended = new HashSet<>(sessions);
    return killIf(c -> c.inSession(ended) && c.usableBy(users));
  }

  /**
   * Kills every cursor opened in {@code sessions}, whoever owns it: the sessions expired.
   *
   * @return how many were open
   */
  public int killCursorsOfExpired(Collection<LogicalSessionId> sessions) {
    Set<LogicalSessionId> expired = new HashSet<>(sessions);
    return killIf(c -> c.inSession(expired));
  }

  /**
   * Kills the cursors of every session that {@code users} may use ({@code killSessions} with an
   * empty list: all the caller's sessions); cursors opened outside a session stay.
   *
   * @return how many were open
   */
  public int killSessionsOf(Set<String> users) {
    return killIf(c -> c.owner.session() != null && c.usableBy(users));
  }

  /**
   * Kills the cursors of every session whose owners {@code ownedBy} accepts ({@code
   * killAllSessions}); cursors opened outside a session stay.
   *
   * @return how many were open
   */
  public int killAllSessions(Predicate<Set<String>> ownedBy) {
    return killIf(c -> c.owner.session() != null && ownedBy.test(c.owner.users()));
  }

  /**
   * Kills the cursors opened in a session that {@code matches} accepts, given the session and the
   * cursor's owners ({@code killAllSessionsByPattern}); cursors opened outside a session stay.
   *
   * @return how many were open
   */
  public int killSessionsMatching(BiPredicate<LogicalSessionId, Set<String>> matches) {
    return killIf(
        c -> c.owner.session() != null && matches.test(c.owner.session(), c.owner.users()));
  }

  private int killIf(Predicate<OpenCursor> condition) {
    int killed = 0;
    for (Map.Entry<Long, OpenCursor> entry : cursors.entrySet()) {
      if (condition.test(entry.getValue()) && kill(entry.getKey(), entry.getValue())) {
        killed++;
      }
    }
    return killed;
  }

  /**
   * Takes the cursor out of the registry and releases it, or, while a batch is being read from it,
   * leaves the release to that batch, which stops at its next document (as MongoDB interrupts the
   * operation using a killed cursor).
   */
  private boolean kill(long id, OpenCursor cursor) {
    if (!cursors.remove(id, cursor)) {
      return false;
    }
    cursor.killed = true;
    if (cursor.lock.tryLock()) {
      try {
        cursor.release();
      } finally {
        cursor.lock.unlock();
      }
    }
    return true;
  }

  /** Number of open cursors ({@code serverStatus.metrics.cursor.open.total}). */
  public int openCount() {
    return cursors.size();
  }

  /** Open cursors that never time out ({@code serverStatus.metrics.cursor.open.noTimeout}). */
  public int openWithoutTimeoutCount() {
    return (int) cursors.values().stream().filter(c -> c.noTimeout).count();
  }

  /** Cursors opened since start ({@code serverStatus.metrics.cursor.totalOpened}). */
  public long openedCount() {
    return opened.get();
  }

  /** Cursors closed for being idle too long ({@code serverStatus.metrics.cursor.timedOut}). */
  public long timedOutCount() {
    return timedOut.get();
  }

  /**
   * Closes every cursor idle longer than the timeout, except {@code noCursorTimeout} ones and those
   * in the middle of a batch. Idle time is that of the injected clock since the cursor's last
   * batch.
   *
   * @return how many it closed
   */
  public int reapIdle() {
    long cutoff = clock.millis() - timeout.toMillis();
    int reaped = 0;
    for (Map.Entry<Long, OpenCursor> entry : cursors.entrySet()) {
      OpenCursor cursor = entry.getValue();
      // A cursor busy with a batch is not idle: skipped, not waited for.
      if (cursor.noTimeout || cursor.lastUsedMillis >= cutoff || !cursor.lock.tryLock()) {
        continue;
      }
      try {
        if (cursor.lastUsedMillis < cutoff && cursors.remove(entry.getKey(), cursor)) {
          cursor.killed = true;
          cursor.release();
          reaped++;
        }
      } finally {
        cursor.lock.unlock();
      }
    }
    timedOut.addAndGet(reaped);
    return reaped;
  }

  private static MongoLakeException notFound(long id) {
    return new MongoLakeException(ErrorCode.CURSOR_NOT_FOUND, "cursor id " + id + " not found");
  }

  private long newId() {
    long id;
    do {
      id = random.nextLong() & Long.MAX_VALUE;
    } while (id == 0 || cursors.containsKey(id));
    return id;
  }

  /**
   * Up to {@code limit} documents of {@code source}, as many as fit in {@link #MAX_BATCH_BYTES} (at
   * least one). Each is encoded here once, for the wire encoder to copy.
   */
  private static BsonArray take(ReplyDocuments source, int limit) {
    BsonArray batch = new BsonArray();
    BsonBytesEncoder scratch = new BsonBytesEncoder();
    // The batch array's encoded length so far, as MongoDB's reply builder counts it: its length
    // prefix, then per document a type byte, the index as a name and the document.
    long bytes = 4;
    while (batch.size() < limit && source.hasNext()) {
      // Between documents: killOp and maxTimeMS (the scan itself checks between rows it skips).
      Cancellation.checkpoint();
      int size = ReplyDocuments.size(source.peek(scratch));
      if (!batch.isEmpty() && bytes + size > MAX_BATCH_BYTES) {
        // The document starts the next batch.
        break;
      }
      bytes += 1 + decimalDigits(batch.size()) + 1 + size;
      batch.add(source.next());
    }
    return batch;
  }

  private static int decimalDigits(int index) {
    int digits = 1;
    for (int rest = index / 10; rest > 0; rest /= 10) {
      digits++;
    }
    return digits;
  }

  private static BsonDocument cursorReply(
      long id, String namespace, String field, BsonArray batch) {
    return new BsonDocument(
        "cursor",
        new BsonDocument(field, batch)
            .append("id", new BsonInt64(id))
            .append("ns", new BsonString(namespace)));
  }
}
