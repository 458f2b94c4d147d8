package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.ExecutedStatement;
import dev.mongolake.ExecutedStatement.Kind;
import dev.mongolake.MongoLakeException;
import dev.mongolake.internal.wal.StatementMark;
import dev.mongolake.internal.wal.WalRecord;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bson.BsonDocument;

/**
 * Which statements of retryable writes already ran: per logical session, its current transaction
 * number and, for each statement of it that changed something, the change's log sequence and what
 * the statement returned. Filled in log order by the log applier (live writes and replay alike)
 * from the {@link WalRecord.Retryable} records, so the statement and its change are never recorded
 * one without the other; a newer transaction number of a session replaces what the older one held.
 *
 * <p>Thread-safe; a session's statements are serialized by its caller (the server runs one command
 * of a session at a time).
 */
public final class RetryableWriteLedger {

  /**
   * A statement that ran.
   *
   * @param sequence the log sequence of its change
   * @param statement what it did
   */
  public record Executed(long sequence, ExecutedStatement statement) {}

  /**
   * A session's retryable-write state: its newest transaction number, the statements of that number
   * that changed something (by id), and the wall time of its newest recorded statement. The
   * statements grow in place, so a large batch records each of its statements in constant time.
   */
  public static final class SessionWrites {
    private final long txnNumber;
    private final Map<Integer, Executed> statements = new ConcurrentHashMap<>();
    private volatile long lastWriteMillis;

    public SessionWrites(long txnNumber, Map<Integer, Executed> statements, long lastWriteMillis) {
      this.txnNumber = txnNumber;
      this.statements.putAll(statements);
      this.lastWriteMillis = lastWriteMillis;
    }

    public long txnNumber() {
      return txnNumber;
    }

    /** The statements that ran, by id (a live view). */
    public Map<Integer, Executed> statements() {
      return Collections.unmodifiableMap(statements);
    }

    public long lastWriteMillis() {
      return lastWriteMillis;
    }
  }

  private final Map<UUID, SessionWrites> sessions = new ConcurrentHashMap<>();
  private final AtomicBoolean forgotten = new AtomicBoolean();

  /**
   * Checks and takes a statement's transaction number: a newer one than the session's starts over
   * with no statement run; the same one keeps what ran.
   *
   * @throws MongoLakeException TransactionTooOld for a number below the session's
   */
  public void begin(UUID session, long txnNumber) {
    sessions.compute(
        session,
        (id, current) -> {
          if (current == null || current.txnNumber() < txnNumber) {
            return new SessionWrites(
                txnNumber, Map.of(), current == null ? 0 : current.lastWriteMillis());
          }
          if (current.txnNumber() > txnNumber) {
            throw new MongoLakeException(
                ErrorCode.TRANSACTION_TOO_OLD,
                "Retryable write with txnNumber "
                    + txnNumber
                    + " is prohibited on session "
                    + id
                    + " because a newer retryable write with txnNumber "
                    + current.txnNumber()
                    + " has already started on this session.");
          }
          return current;
        });
  }

  /** The statement {@code stmtId} of {@code txnNumber}, if it ran and changed something. */
  public Optional<Executed> executed(UUID session, long txnNumber, int stmtId) {
    SessionWrites writes = sessions.get(session);
    if (writes == null || writes.txnNumber() != txnNumber) {
      return Optional.empty();
    }
    return Optional.ofNullable(writes.statements().get(stmtId));
  }

  /** Records a statement's change, at its place in the log. */
  void record(long sequence, WalRecord.Retryable retryable, long wallMillis) {
    StatementMark mark = retryable.mark();
    Executed executed = new Executed(sequence, statement(retryable.change(), mark.image()));
    sessions.compute(
        mark.session(),
        (id, current) -> {
          SessionWrites writes = current;
          if (writes == null || writes.txnNumber() < mark.txnNumber()) {
            writes =
                new SessionWrites(
                    mark.txnNumber(), Map.of(), current == null ? 0 : current.lastWriteMillis());
          } else if (writes.txnNumber() > mark.txnNumber()) {
            return writes; // replay of a number the session moved past
          }
          writes.statements.put(mark.stmtId(), executed);
          writes.lastWriteMillis = Math.max(wallMillis, writes.lastWriteMillis);
          return writes;
        });
  }

  /**
   * The statement id under which a session's committed transaction is recorded: a retried {@code
   * commitTransaction} of that transaction number answers that it committed, also after a restart.
   */
  public static final int COMMIT_STATEMENT = dev.mongolake.RetryableWrites.COMMIT_STATEMENT_ID;

  /** Records that the session's transaction of the record committed, at its place in the log. */
  void recordCommit(long sequence, WalRecord.Transaction transaction, long wallMillis) {
    if (transaction.session() == null) {
      return;
    }
    ExecutedStatement committed =
        new ExecutedStatement(
            Kind.COMMITTED, new org.bson.BsonInt64(transaction.txnNumber()), null);
    sessions.compute(
        transaction.session(),
        (id, current) -> {
          SessionWrites writes = current;
          if (writes == null || writes.txnNumber() < transaction.txnNumber()) {
            writes =
                new SessionWrites(
                    transaction.txnNumber(),
                    Map.of(),
                    current == null ? 0 : current.lastWriteMillis());
          } else if (writes.txnNumber() > transaction.txnNumber()) {
            return writes;
          }
          writes.statements.put(COMMIT_STATEMENT, new Executed(sequence, committed));
          writes.lastWriteMillis = Math.max(wallMillis, writes.lastWriteMillis);
          return writes;
        });
  }

  private static ExecutedStatement statement(WalRecord change, BsonDocument image) {
    return switch (change) {
      case WalRecord.Insert insert ->
          new ExecutedStatement(Kind.INSERTED, insert.document().get("_id"), image);
      case WalRecord.Update update ->
          new ExecutedStatement(Kind.UPDATED, update.document().get("_id"), image);
      case WalRecord.Replace replace ->
          new ExecutedStatement(Kind.UPDATED, replace.document().get("_id"), image);
      case WalRecord.Delete delete -> new ExecutedStatement(Kind.DELETED, delete.id(), image);
      default ->
          throw new MongoLakeException(
              ErrorCode.INTERNAL_ERROR,
              "Cannot record a retryable statement: its change is not a document write");
    };
  }

  /** Forgets a session that ended or expired. */
  public void forget(UUID session) {
    if (sessions.remove(session) != null) {
      forgotten.set(true);
    }
  }

  /**
   * Whether a session was forgotten since the last call: a checkpoint of the ledger that still
   * holds it is then out of date.
   */
  boolean takeForgotten() {
    return forgotten.getAndSet(false);
  }

  /** Every session with state, for a checkpoint and for the server's session cache. */
  public Map<UUID, SessionWrites> sessions() {
    return Map.copyOf(sessions);
  }

  /** Takes the state a checkpoint held, before the log after it is replayed. */
  void restore(Map<UUID, SessionWrites> saved) {
    sessions.putAll(saved);
  }
}
