package dev.mongolake;

import dev.mongolake.internal.engine.EngineTransaction;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * A multi-document transaction with snapshot isolation, as MongoDB's: the reads inside {@link #run}
 * see the lake as it was when the transaction started, plus the transaction's own writes; its
 * writes are invisible to everyone else until {@link #commit} makes them durable as one log record
 * and visible at once. After a crash all of its changes are in the lake or none is.
 *
 * <p>Writing a document that another open transaction wrote, or that a write committed since this
 * one started changed, fails with WriteConflict (112): the transaction is then aborted and may be
 * retried from the start ({@link MongoLake#withTransaction} does so). Index and collection changes
 * are refused inside it (OperationNotSupportedInTransaction, 263), as are capped collections.
 *
 * <p>Its operations run one at a time: {@link #run} from several threads queue.
 */
public final class MongoLakeTransaction {

  private final EngineTransaction transaction;

  MongoLakeTransaction(EngineTransaction transaction) {
    this.transaction = transaction;
  }

  /**
   * Runs {@code body} inside the transaction: every read and write the lake's collections and
   * databases make in it (on this thread) belongs to the transaction.
   *
   * @throws MongoLakeException NoSuchTransaction when the transaction ended; whatever {@code body}
   *     throws, after which the transaction is aborted (as MongoDB aborts a transaction whose
   *     statement failed)
   */
  public <T> T run(Supplier<T> body) {
    try {
      return transaction.run(body);
    } catch (RuntimeException e) {
      if (!(e instanceof MongoLakeException lake
          && lake.errorCode() == ErrorCode.NO_SUCH_TRANSACTION)) {
        transaction.abort("a statement of the transaction failed: " + e.getMessage());
      }
      throw e;
    }
  }

  /** {@link #run(Supplier)} for a body that returns nothing. */
  public void run(Runnable body) {
    run(
        () -> {
          body.run();
          return null;
        });
  }

  /**
   * Commits: the changes become durable as one log record, then visible to every reader at once.
   * Committing a committed transaction again does nothing.
   *
   * @throws MongoLakeException WriteConflict or DuplicateKey when a write committed meanwhile
   *     conflicts (the transaction is then aborted); NoSuchTransaction when it was aborted
   */
  public void commit() {
    transaction.commit();
  }

  /** Aborts: its changes are dropped. Aborting an ended transaction does nothing. */
  public void abort() {
    transaction.abort();
  }

  /** Whether it neither committed nor aborted yet. */
  public boolean isActive() {
    return transaction.status() == EngineTransaction.Status.ACTIVE;
  }

  /** Whether it committed. */
  public boolean isCommitted() {
    return transaction.status() == EngineTransaction.Status.COMMITTED;
  }

  /** When it started. */
  public Instant started() {
    return transaction.started();
  }

  /** Whether it started longer than {@code lifetime} before {@code now}. */
  public boolean outlived(Duration lifetime, Instant now) {
    return transaction.outlived(lifetime, now);
  }

  /**
   * Aborts the transaction for {@code reason}, which the NoSuchTransaction error of its next
   * operation names (an expiry, a newer transaction of its session).
   */
  public void abort(String reason) {
    transaction.abort(reason);
  }
}
