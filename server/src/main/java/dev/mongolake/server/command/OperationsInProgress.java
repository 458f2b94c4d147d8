package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonDocument;

/**
 * The commands running right now on every connection, for {@code currentOp} and {@code killOp}. The
 * dispatcher registers each command for as long as it runs; the thread running it can see its own
 * entry through {@link #current()}.
 *
 * <p>Killing is cooperative: {@code killOp} marks the operation, and code that produces results in
 * steps (cursor batches) checks the mark between documents. Threads are never interrupted, which
 * could tear a write in the middle of the log.
 */
public final class OperationsInProgress {

  /** One running command. */
  public record Operation(
      long opId,
      ConnectionInfo connection,
      String database,
      BsonDocument command,
      Instant started,
      long deadlineNanos,
      AtomicBoolean killRequested) {

    public boolean killed() {
      return killRequested.get();
    }

    /**
     * Throws Interrupted once {@code killOp} marked this operation, MaxTimeMSExpired once its
     * {@code maxTimeMS} has passed: the check long reads make between documents.
     */
    public void throwIfStopped() {
      if (killed()) {
        throw new MongoLakeException(ErrorCode.INTERRUPTED, "operation was interrupted");
      }
      if (MaxTimeMS.passed(deadlineNanos)) {
        throw MaxTimeMS.expired();
      }
    }
  }

  private static final ThreadLocal<Operation> CURRENT = new ThreadLocal<>();

  private final AtomicLong nextOpId = new AtomicLong(1);
  private final ConcurrentMap<Long, Operation> running = new ConcurrentHashMap<>();

  /**
   * Registers a command about to run on this thread.
   *
   * @param deadlineNanos the {@link System#nanoTime()} its {@code maxTimeMS} ends at, or {@link
   *     MaxTimeMS#NO_DEADLINE}
   */
  public Operation begin(
      ConnectionInfo connection,
      String database,
      BsonDocument command,
      Instant now,
      long deadlineNanos) {
    Operation operation =
        new Operation(
            nextOpId.getAndIncrement(),
            connection,
            database,
            command,
            now,
            deadlineNanos,
            new AtomicBoolean());
    running.put(operation.opId(), operation);
    CURRENT.set(operation);
    return operation;
  }

  /** The command has finished (whatever its outcome). */
  public void end(Operation operation) {
    running.remove(operation.opId());
    // Cleared, not removed: a connection's thread runs one command after another, and removing the
    // entry would make the next begin allocate a new one (a weak reference) on every request.
    CURRENT.set(null);
  }

  /** Every command running now, oldest first. */
  public List<Operation> all() {
    return running.values().stream().sorted(Comparator.comparingLong(Operation::opId)).toList();
  }

  /** Marks an operation to stop; false when no such operation runs (it may have finished). */
  public boolean kill(long opId) {
    Operation operation = running.get(opId);
    if (operation == null) {
      return false;
    }
    operation.killRequested().set(true);
    return true;
  }

  /** The command the calling thread runs, if the dispatcher registered one. */
  public static Operation current() {
    return CURRENT.get();
  }
}
