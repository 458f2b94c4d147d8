package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.ExecutedStatement;
import dev.mongolake.MongoLakeException;
import dev.mongolake.RetryableWrites;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The statements of one retryable write command: a write command sent to a replica set member with
 * {@code lsid} and {@code txnNumber}. Statement {@code i} of the command (its {@code i}th document,
 * update, delete or operation) has {@code stmtId} {@code i}, as MongoDB numbers them when the
 * command names no ids. A command answers a statement that {@link #executed} with what it did the
 * first time, and runs the others inside {@link #run}.
 *
 * @param writes the engine's record of the statements that ran
 * @param session the session
 * @param txnNumber the transaction number
 */
public record RetryableStatements(RetryableWrites writes, UUID session, long txnNumber) {

  /** What statement {@code stmtId} did when it first ran, if it ran and changed a document. */
  public Optional<ExecutedStatement> executed(int stmtId) {
    return writes.executed(session, txnNumber, stmtId);
  }

  /** Runs writes whose changes are the statements {@code stmtIds}, in their order. */
  public <T> T run(List<Integer> stmtIds, Supplier<T> write) {
    return writes.run(session, txnNumber, stmtIds, write);
  }

  /** Runs the write of statement {@code stmtId}. */
  public <T> T run(int stmtId, Supplier<T> write) {
    return run(List.of(stmtId), write);
  }

  /**
   * MongoDB's refusal of a statement that changes many documents (an update with {@code multi:
   * true}, a delete with {@code limit: 0}) in a retryable write: retrying it could apply it twice.
   *
   * @param what {@code multi=true} or {@code limit=0}
   */
  public static MongoLakeException notRetryable(String what) {
    return new MongoLakeException(
        ErrorCode.INVALID_OPTIONS, "Cannot use (or request) retryable writes with " + what);
  }

  /** {@link #notRetryable}, in the words of {@code bulkWrite}, for an operation with multi. */
  public static MongoLakeException notRetryableInBulkWrite() {
    return new MongoLakeException(
        ErrorCode.INVALID_OPTIONS, "Cannot use retryable writes with multi=true");
  }
}
