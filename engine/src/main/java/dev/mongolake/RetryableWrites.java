package dev.mongolake;

import dev.mongolake.internal.engine.Engine;
import dev.mongolake.internal.engine.StatementScope;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * MongoDB's retryable writes: each statement of a write sent with a logical session and a
 * transaction number runs at most once. The caller asks {@link #executed} before it runs a
 * statement, answers a statement that ran from what it returned, and runs the others inside {@link
 * #run}: the log record of each change then carries its statement, so the change and the record
 * that it happened are durable together, and a restart rebuilds what ran from the log (and, for
 * records the log no longer holds, from the checkpoint of this state written before the log is
 * trimmed).
 *
 * <p>Thread-safe. The caller runs one command of a session at a time, as MongoDB does (a session is
 * checked out by the command that uses it); statements of different sessions run in parallel.
 */
public final class RetryableWrites {

  /**
   * The statement id under which the commit of a session's multi-document transaction is recorded:
   * {@code executed(session, txnNumber, COMMIT_STATEMENT_ID)} tells whether that transaction
   * committed, also after a restart.
   */
  public static final int COMMIT_STATEMENT_ID = -1;

  private final Engine engine;

  RetryableWrites(Engine engine) {
    this.engine = engine;
  }

  /**
   * Takes a command's transaction number for its session: a newer number than the session used
   * starts over (what the older one ran is forgotten); the same number keeps what ran.
   *
   * @throws MongoLakeException TransactionTooOld (225) for a number below the session's newest
   */
  public void begin(UUID session, long txnNumber) {
    engine.ledger().begin(session, txnNumber);
  }

  /**
   * What statement {@code stmtId} of {@code txnNumber} did, if it ran and changed a document (a
   * statement that changed nothing left no record and runs again when retried, as in MongoDB).
   * Returns once the change is durable: a retry that raced its first run's acknowledgement learns
   * nothing the log could still lose.
   */
  public Optional<ExecutedStatement> executed(UUID session, long txnNumber, int stmtId) {
    return engine
        .ledger()
        .executed(session, txnNumber, stmtId)
        .map(
            executed -> {
              engine.awaitDurable(executed.sequence());
              return executed.statement();
            });
  }

  /**
   * Runs {@code writes}, marking their changes as the statements {@code stmtIds}: the {@code i}th
   * document of an insert is {@code stmtIds.get(i)}; an update, delete or findAndModify of one
   * document is {@code stmtIds.get(0)}.
   */
  public <T> T run(UUID session, long txnNumber, List<Integer> stmtIds, Supplier<T> writes) {
    return new StatementScope(session, txnNumber, stmtIds).run(writes);
  }

  /** Forgets what a session ran: it ended or expired, and no retry of it may come. */
  public void forget(UUID session) {
    engine.ledger().forget(session);
  }

  /**
   * The sessions whose statements are remembered, with the time of each one's newest statement
   * (after a restart, the time its log record holds, to the second).
   */
  public Map<UUID, Instant> sessions() {
    Map<UUID, Instant> sessions = new HashMap<>();
    engine
        .ledger()
        .sessions()
        .forEach((id, writes) -> sessions.put(id, Instant.ofEpochMilli(writes.lastWriteMillis())));
    return sessions;
  }
}
