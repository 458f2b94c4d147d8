package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.MongoLakeTransaction;
import dev.mongolake.RetryableWrites;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The multi-document transactions of the server's logical sessions: at most one per session, the
 * one of its newest transaction number. A statement with {@code startTransaction} starts it (a
 * newer number aborts the session's older open one), the statements after it run in it, {@code
 * commitTransaction} and {@code abortTransaction} end it. A transaction open longer than {@code
 * transactionLifetimeLimitSeconds} is aborted ({@link #abortOutlived}), as is the transaction of a
 * session that ends.
 *
 * <p>Callers hold the session checked out (one command of a session at a time); the map itself is
 * thread-safe.
 */
public final class ServerTransactions {

  /**
   * @param readConcernLevel the level its first statement asked for, or null for none
   */
  private record SessionTransaction(
      long txnNumber, MongoLakeTransaction transaction, String readConcernLevel) {}

  private final MongoLake lake;
  private final Clock clock;
  private final Duration lifetime;
  private final Map<UUID, SessionTransaction> sessions = new ConcurrentHashMap<>();

  public ServerTransactions(MongoLake lake, Clock clock, Duration lifetime) {
    this.lake = lake;
    this.clock = clock;
    this.lifetime = lifetime;
  }

  /**
   * The transaction a statement of {@code txnNumber} runs in: started by it ({@code start}), else
   * the session's open one of that number.
   *
   * @throws MongoLakeException TransactionTooOld for a number below the session's newest,
   *     ConflictingOperationInProgress for a start of a number that already started,
   *     NoSuchTransaction when no open transaction has that number
   */
  public MongoLakeTransaction statement(LogicalSessionId session, long txnNumber, boolean start) {
    return statement(session, txnNumber, start, null);
  }

  /**
   * {@link #statement(LogicalSessionId, long, boolean)}, for a start that asks for read concern
   * {@code readConcernLevel} (null: none), which the transaction keeps (see {@link
   * #readConcernLevel}).
   */
  public MongoLakeTransaction statement(
      LogicalSessionId session, long txnNumber, boolean start, String readConcernLevel) {
    SessionTransaction current = sessions.get(session.id());
    abortIfOutlived(current);
    if (start) {
      // Shares the session's numbers with its retryable writes: an older one is refused there.
      lake.retryableWrites().begin(session.id(), txnNumber);
      if (current != null && current.txnNumber() == txnNumber) {
        throw new MongoLakeException(
            ErrorCode.CONFLICTING_OPERATION_IN_PROGRESS,
            "Cannot start transaction "
                + txnNumber
                + " on session "
                + session.id()
                + " because a transaction with the same number has already started");
      }
      if (current != null && current.txnNumber() > txnNumber) {
        throw tooOld(session, txnNumber, current.txnNumber());
      }
      if (current != null) {
        current.transaction().abort("a newer transaction of its session started");
      }
      MongoLakeTransaction started = lake.startTransaction(session.id(), txnNumber);
      sessions.put(session.id(), new SessionTransaction(txnNumber, started, readConcernLevel));
      return started;
    }
    if (current != null && current.txnNumber() > txnNumber) {
      throw tooOld(session, txnNumber, current.txnNumber());
    }
    if (current == null || current.txnNumber() != txnNumber || !current.transaction().isActive()) {
      throw noSuchTransaction(txnNumber, current);
    }
    return current.transaction();
  }

  /**
   * Commits the session's transaction {@code txnNumber}; a retried commit of one that committed
   * (also before a restart: its commit record says so) succeeds again.
   *
   * @throws MongoLakeException NoSuchTransaction when it is not open and did not commit;
   *     WriteConflict or DuplicateKey when a write committed meanwhile conflicts
   */
  public void commit(LogicalSessionId session, long txnNumber) {
    SessionTransaction current = sessions.get(session.id());
    abortIfOutlived(current);
    if (current != null && current.txnNumber() == txnNumber) {
      current.transaction().commit();
      return;
    }
    if (current != null && current.txnNumber() > txnNumber) {
      throw tooOld(session, txnNumber, current.txnNumber());
    }
    if (lake.retryableWrites()
        .executed(session.id(), txnNumber, RetryableWrites.COMMIT_STATEMENT_ID)
        .isPresent()) {
      return;
    }
    throw noSuchTransaction(txnNumber, current);
  }

  /**
   * Aborts the session's transaction {@code txnNumber}.
   *
   * @throws MongoLakeException TransactionCommitted when it committed, NoSuchTransaction when it is
   *     not open
   */
  public void abort(LogicalSessionId session, long txnNumber) {
    SessionTransaction current = sessions.get(session.id());
    abortIfOutlived(current);
    if (current != null && current.txnNumber() == txnNumber) {
      if (current.transaction().isCommitted()) {
        throw new MongoLakeException(
            ErrorCode.TRANSACTION_COMMITTED,
            "Transaction " + txnNumber + " has been committed and cannot be aborted.");
      }
      if (!current.transaction().isActive()) {
        throw noSuchTransaction(txnNumber, current);
      }
      current.transaction().abort();
      return;
    }
    throw noSuchTransaction(txnNumber, current);
  }

  /**
   * The read concern level the session's transaction started with, or null when its first statement
   * named none (or the session has no transaction).
   */
  public String readConcernLevel(LogicalSessionId session) {
    SessionTransaction current = sessions.get(session.id());
    return current == null ? null : current.readConcernLevel();
  }

  /** Aborts the transaction of a session that ended or expired, and forgets it. */
  public void sessionEnded(UUID session) {
    SessionTransaction ended = sessions.remove(session);
    if (ended != null) {
      ended.transaction().abort("its session ended");
    }
  }

  /**
   * Aborts every open transaction that started more than the lifetime ago.
   *
   * @return how many it aborted
   */
  public int abortOutlived() {
    int aborted = 0;
    for (SessionTransaction entry : sessions.values()) {
      if (abortIfOutlived(entry)) {
        aborted++;
      }
    }
    return aborted;
  }

  /** How many sessions have an open transaction. */
  public int openCount() {
    return (int) sessions.values().stream().filter(entry -> entry.transaction().isActive()).count();
  }

  private boolean abortIfOutlived(SessionTransaction entry) {
    if (entry != null
        && entry.transaction().isActive()
        && entry.transaction().outlived(lifetime, clock.instant())) {
      entry
          .transaction()
          .abort(
              "it exceeded transactionLifetimeLimitSeconds ("
                  + lifetime.toSeconds()
                  + " s) and was aborted");
      return true;
    }
    return false;
  }

  private static MongoLakeException tooOld(LogicalSessionId session, long txnNumber, long newest) {
    return new MongoLakeException(
        ErrorCode.TRANSACTION_TOO_OLD,
        "Cannot start transaction "
            + txnNumber
            + " on session "
            + session.id()
            + " because a newer transaction "
            + newest
            + " has already started.");
  }

  private static MongoLakeException noSuchTransaction(long txnNumber, SessionTransaction current) {
    if (current != null && current.txnNumber() == txnNumber) {
      // The transaction's own refusal says whether it committed or why it was aborted.
      try {
        current.transaction().run(() -> null);
      } catch (MongoLakeException e) {
        return e;
      }
    }
    return new MongoLakeException(
        ErrorCode.NO_SUCH_TRANSACTION,
        "Given transaction number "
            + txnNumber
            + " does not match any in-progress transactions. The active transaction number is "
            + (current == null ? -1 : current.txnNumber()));
  }
}
