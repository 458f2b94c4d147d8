package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WalRecordCodec;

/**
 * The size so far of changes bound for one log record (a restore's, a merge's), refused past one
 * record's room ({@link EngineTransaction#MAX_BYTES}) with TransactionTooLarge: such a change is
 * never applied in parts.
 */
final class RecordSize {
  private final String action;
  private final String what;
  private long bytes;

  /**
   * @param action what is refused, as in "Cannot {action}"
   * @param what the changes, as in "{what} is more than ... bytes"
   */
  RecordSize(String action, String what) {
    this.action = action;
    this.what = what;
  }

  /** Counts {@code change}, returning it. */
  WalRecord add(WalRecord change) {
    bytes += WalRecordCodec.encode(change).length;
    if (bytes > EngineTransaction.MAX_BYTES) {
      throw new MongoLakeException(
          ErrorCode.TRANSACTION_TOO_LARGE,
          "Cannot "
              + action
              + ": "
              + what
              + " is more than "
              + EngineTransaction.MAX_BYTES
              + " bytes, more than one log record holds");
    }
    return change;
  }
}
