package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.Cancellation;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.Iterator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * Open server-side cursors: results of {@code find}, {@code aggregate} and {@code listCollections}
 * that did not fit in the first batch. Each keeps its query's snapshot until it is exhausted,
 * killed, or idle longer than the timeout (MongoDB's default: 10 minutes). Thread-safe.
 */
public final class CursorRegistry {

  /** MongoDB's default {@code cursorTimeoutMillis}. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);

  /** Documents in a first batch when the client does not say ({@code find}'s default). */
  public static final int DEFAULT_FIRST_BATCH = 101;

  /** Reply batches stop growing past this many bytes (MongoDB's 16 MiB reply budget). */
  private static final int MAX_BATCH_BYTES = 16 * 1024 * 1024 - 64 * 1024;

  private final ConcurrentMap<Long, OpenCursor> cursors = new ConcurrentHashMap<>();
  private final SecureRandom random = new SecureRandom();
  private final Clock clock;
  private final Duration timeout;

  public CursorRegistry(Clock clock, Duration timeout) {
    this.clock = clock;
    this.timeout = timeout;
  }

  private static final class OpenCursor {
    final String namespace;
    final Iterator<BsonDocument> source;
    final Set<String> owners;
    final ReentrantLock lock = new ReentrantLock();
    volatile long lastUsedMillis;

    /** What is left of the command's {@code maxTimeMS} for later batches; MAX_VALUE: no limit. */
    long remainingNanos;

    OpenCursor(
        String namespace,
        Iterator<BsonDocument> source,
        Set<String> owners,
        long now,
        long remainingNanos) {
      this.namespace = namespace;
      this.source = source;
      this.owners = Set.copyOf(owners);
      this.lastUsedMillis = now;
      this.remainingNanos = remainingNanos;
    }

    /** MongoDB's rule: the cursor's users and the caller's share one, or neither has any. */
    boolean usableBy(Set<String> users) {
      return owners.isEmpty() ? users.isEmpty() : !Collections.disjoint(owners, users);
    }
  }

  /**
   * Builds the reply of a cursor-returning command: the first batch, and a cursor id if more
   * results remain (0 when exhausted or {@code singleBatch}).
   *
   * @param batchSize documents in the first batch; negative or absent uses the default
   * @param owners the users who may continue the cursor (see {@link CommandRequest#cursorOwners})
   */
  public BsonDocument firstBatch(
      String namespace,
      Iterator<BsonDocument> results,
      int batchSize,
      boolean singleBatch,
      Set<String> owners) {
    reapIdle();
    BsonArray batch;
    boolean more;
    try {
      batch = take(results, batchSize < 0 ? DEFAULT_FIRST_BATCH : batchSize);
      more = !singleBatch && results.hasNext();
    } catch (RuntimeException e) {
      release(results);
      throw e;
    }
    long id = 0;
    if (more) {
      id = newId();
      cursors.put(
          id, new OpenCursor(namespace, results, owners, clock.millis(), remainingOfCommand()));
    } else {
      release(results);
    }
    return cursorReply(id, namespace, "firstBatch", batch);
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
   * @throws MongoLakeException CursorNotFound for an unknown, exhausted, killed or timed-out id, or
   *     Unauthorized when the namespace differs from the cursor's or other users opened it
   */
  public BsonDocument nextBatch(long id, String namespace, int batchSize, Set<String> users) {
    reapIdle();
    OpenCursor cursor = cursors.get(id);
    if (cursor == null) {
      throw new MongoLakeException(ErrorCode.CURSOR_NOT_FOUND, "cursor id " + id + " not found");
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
    if (!cursor.lock.tryLock()) {
      throw new MongoLakeException(
          ErrorCode.OPERATION_FAILED, "cursor id " + id + " is already in use");
    }
    try {
      BsonArray batch = timedBatch(id, cursor, batchSize <= 0 ? Integer.MAX_VALUE : batchSize);
      cursor.lastUsedMillis = clock.millis();
      long next = id;
      if (!cursor.source.hasNext()) {
        cursors.remove(id);
        release(cursor.source);
        next = 0;
      }
      return cursorReply(next, namespace, "nextBatch", batch);
    } finally {
      cursor.lock.unlock();
    }
  }

  /**
   * A later batch within what is left of the cursor's {@code maxTimeMS} (MongoDB counts the time of
   * every batch against it). A cursor that fails, runs out of time or is killed mid-batch is
   * closed, as MongoDB's is.
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
          if (deadline != MaxTimeMS.NO_DEADLINE && MaxTimeMS.passed(deadline, System.nanoTime())) {
            throw MaxTimeMS.expired();
          }
        };
    try {
      BsonArray batch = Cancellation.with(check, () -> take(cursor.source, limit));
      if (deadline != MaxTimeMS.NO_DEADLINE) {
        cursor.remainingNanos = Math.max(0, deadline - System.nanoTime());
      }
      return batch;
    } catch (RuntimeException e) {
      if (cursors.remove(id, cursor)) {
        release(cursor.source);
      }
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
    OpenCursor cursor = cursors.remove(id);
    if (cursor != null) {
      release(cursor.source);
    }
    return cursor != null;
  }

  /** Closes the snapshot and files behind a cursor's results. */
  private static void release(Iterator<BsonDocument> results) {
    if (results instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        throw new IllegalStateException("Cannot close cursor results: " + e.getMessage(), e);
      }
    }
  }

  /** Number of open cursors ({@code serverStatus.metrics.cursor.open.total}). */
  public int openCount() {
    return cursors.size();
  }

  private void reapIdle() {
    long cutoff = clock.millis() - timeout.toMillis();
    cursors
        .entrySet()
        .removeIf(
            e -> {
              OpenCursor c = e.getValue();
              if (c.lastUsedMillis < cutoff && !c.lock.isLocked()) {
                release(c.source);
                return true;
              }
              return false;
            });
  }

  private long newId() {
    long id;
    do {
      id = random.nextLong() & Long.MAX_VALUE;
    } while (id == 0 || cursors.containsKey(id));
    return id;
  }

  private static BsonArray take(Iterator<BsonDocument> source, int limit) {
    BsonArray batch = new BsonArray();
    long bytes = 0;
    while (batch.size() < limit && bytes < MAX_BATCH_BYTES && source.hasNext()) {
      // Between documents: killOp and maxTimeMS (the scan itself checks between rows it skips).
      Cancellation.checkpoint();
      BsonDocument document = source.next();
      batch.add(document);
      bytes += document.size() * 32L + 64;
    }
    return batch;
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
