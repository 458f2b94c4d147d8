package dev.mongolake.server.command;

import dev.mongolake.MongoLakeTailableCursor;
import java.util.Collections;
import java.util.Iterator;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.bson.BsonDocument;

/**
 * One cursor of the {@link CursorRegistry}. Its results are read, and released, only by the thread
 * holding {@link #lock}: a kill that finds it busy marks it {@link #killed} and leaves the release
 * to the batch in progress.
 */
final class OpenCursor {

  final String namespace;
  final ReplyDocuments source;
  final CursorOwner owner;
  final boolean noTimeout;

  /** A tailable cursor's engine side, or null for an ordinary cursor. */
  final MongoLakeTailableCursor<BsonDocument> tail;

  final ReentrantLock lock = new ReentrantLock();
  private final AtomicBoolean released = new AtomicBoolean();

  /** When its last batch ended, in the registry clock's milliseconds. */
  volatile long lastUsedMillis;

  /** Set once the cursor is out of the registry: a batch in progress stops at the next document. */
  volatile boolean killed;

  /** What is left of the command's {@code maxTimeMS} for later batches; MAX_VALUE: no limit. */
  long remainingNanos;

  OpenCursor(
      String namespace,
      ReplyDocuments source,
      CursorOwner owner,
      boolean noTimeout,
      long now,
      long remainingNanos) {
    this(namespace, source, owner, noTimeout, now, remainingNanos, null);
  }

  OpenCursor(
      String namespace,
      ReplyDocuments source,
      CursorOwner owner,
      boolean noTimeout,
      long now,
      long remainingNanos,
      MongoLakeTailableCursor<BsonDocument> tail) {
    this.namespace = namespace;
    this.source = source;
    this.owner = owner;
    this.noTimeout = noTimeout;
    this.tail = tail;
    this.lastUsedMillis = now;
    this.remainingNanos = remainingNanos;
  }

  /** MongoDB's rule: the cursor's users and the caller's share one, or neither has any. */
  boolean usableBy(Set<String> users) {
    Set<String> owners = owner.users();
    return owners.isEmpty() ? users.isEmpty() : !Collections.disjoint(owners, users);
  }

  /** Whether it was opened in one of {@code sessions}. */
  boolean inSession(Set<LogicalSessionId> sessions) {
    return owner.session() != null && sessions.contains(owner.session());
  }

  /** Closes the snapshot and files behind the results, once; the caller holds the lock. */
  void release() {
    if (released.compareAndSet(false, true) && source instanceof AutoCloseable closeable) {
      release(closeable);
    }
  }

  /** Closes results that never became a cursor. */
  static void release(Iterator<BsonDocument> results) {
    if (results instanceof AutoCloseable closeable) {
      release(closeable);
    }
  }

  private static void release(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      throw new IllegalStateException("Cannot close cursor results: " + e.getMessage(), e);
    }
  }
}
