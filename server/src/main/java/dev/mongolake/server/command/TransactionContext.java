package dev.mongolake.server.command;

import java.util.function.Supplier;

/**
 * The multi-document transaction the command on this thread runs in, if any: what the cursors it
 * opens belong to, and what a {@code getMore} must match to continue one.
 */
public final class TransactionContext {

  private static final ScopedValue<Long> TXN_NUMBER = ScopedValue.newInstance();

  private TransactionContext() {}

  /** The transaction number of the command on this thread, or null outside a transaction. */
  public static Long txnNumber() {
    return TXN_NUMBER.isBound() ? TXN_NUMBER.get() : null;
  }

  /** Runs {@code body} as a statement of transaction {@code txnNumber}. */
  static <T> T in(long txnNumber, Supplier<T> body) {
    return ScopedValue.where(TXN_NUMBER, txnNumber).call(body::get);
  }
}
