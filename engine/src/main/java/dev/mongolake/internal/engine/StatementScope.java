package dev.mongolake.internal.engine;

import dev.mongolake.internal.wal.StatementMark;
import dev.mongolake.internal.wal.WalRecord;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.bson.BsonDocument;

/**
 * The statements of a retryable write that a call of the document writes runs, on this thread and
 * for the duration of {@link #run}: each change the call logs is marked with its statement, in the
 * same log record. The {@code i}th document of an insert is statement {@code stmtIds[i]}; an
 * update, delete or findAndModify changes at most one document, statement {@code stmtIds[0]}.
 *
 * @param session the logical session
 * @param txnNumber its transaction number
 * @param stmtIds the statement ids, by position in the call
 */
public record StatementScope(UUID session, long txnNumber, List<Integer> stmtIds) {

  private static final ScopedValue<StatementScope> CURRENT = ScopedValue.newInstance();

  public StatementScope {
    stmtIds = List.copyOf(stmtIds);
  }

  /** Runs {@code writes} with their changes marked as these statements. */
  public <T> T run(Supplier<T> writes) {
    return ScopedValue.where(CURRENT, this).call(writes::get);
  }

  /**
   * {@code change} marked as the statement at {@code position} of the current scope, or as it is
   * outside one.
   *
   * @param image what a findAndModify returns, kept for its retry ({@code null} for other writes)
   */
  static WalRecord marked(WalRecord change, int position, BsonDocument image) {
    if (!CURRENT.isBound()) {
      return change;
    }
    StatementScope scope = CURRENT.get();
    if (position >= scope.stmtIds.size()) {
      return change;
    }
    return new WalRecord.Retryable(
        change,
        new StatementMark(scope.session, scope.txnNumber, scope.stmtIds.get(position), image));
  }
}
