package dev.mongolake.server.command;

import java.util.function.Supplier;

/**
 * The multi-document transaction the command on this thread runs in, if any: what the cursors it
 * opens belong to, and what a {@code getMore} must match to continue one.
 */
public final class TransactionContext {

  private static final ScopedValue<Long> TXN_NUMBER = ScopedValue.newInstance();
  // The read concern level the transaction started with; "" when it named none.
  private static final ScopedValue<String> READ_CONCERN_LEVEL = ScopedValue.newInstance();

  private TransactionContext() {}

  /** The transaction number of the command on this thread, or null outside a transaction. */
  public static Long txnNumber() {
    return TXN_NUMBER.isBound() ? TXN_NUMBER.get() : null;
  }

  /** Runs {@code body} as a statement of transaction {@code txnNumber}. */
  static <T> T in(long txnNumber, Supplier<T> body) {
    return in(txnNumber, null, body);
  }

  /**
   * Runs {@code body} as a statement of transaction {@code txnNumber}, which started with read
   * concern {@code readConcernLevel} (null: none).
   */
  static <T> T in(long txnNumber, String readConcernLevel, Supplier<T> body) {
    return ScopedValue.where(TXN_NUMBER, txnNumber)
        .where(READ_CONCERN_LEVEL, readConcernLevel == null ? "" : readConcernLevel)
        .call(body::get);
  }

  /**
   * Refuses {@code command} (an explicit {@code create} or {@code createIndexes}) in a transaction
   * that reads at another level than {@code local}, as MongoDB refuses it; does nothing outside a
   * transaction.
   *
   * @throws dev.mongolake.MongoLakeException InvalidOptions
   */
  public static void requireLocalReadConcern(String command) {
    if (!READ_CONCERN_LEVEL.isBound()) {
      return;
    }
    String level = READ_CONCERN_LEVEL.get();
    if (!level.isEmpty() && !level.equals("local")) {
      throw new dev.mongolake.MongoLakeException(
          dev.mongolake.ErrorCode.INVALID_OPTIONS,
          "Cannot run '"
              + command
              + "' in a multi-document transaction with readConcern level '"
              + level
              + "': creating collections or indexes in a transaction requires level 'local'");
    }
  }
}
