package dev.mongolake.internal.engine;

import dev.mongolake.internal.wal.WalRecord;
import java.util.List;

/** The changes one log record makes, each on one collection, in the order they apply. */
final class DocumentChanges {

  private DocumentChanges() {}

  /**
   * A transaction's changes; a retryable statement's change; else the record itself. Every change
   * returned names the one collection it changes.
   */
  static List<WalRecord> of(WalRecord record) {
    return switch (record) {
      case WalRecord.Transaction transaction -> transaction.changes();
      case WalRecord.Retryable retryable -> List.of(retryable.change());
      default -> List.of(record);
    };
  }

  /** The {@code _id} of the document a change writes; null for a change of no one document. */
  static org.bson.BsonValue idOf(WalRecord change) {
    return switch (change) {
      case WalRecord.Insert insert -> insert.document().get("_id");
      case WalRecord.Update update -> update.document().get("_id");
      case WalRecord.Replace replace -> replace.document().get("_id");
      case WalRecord.Delete delete -> delete.id();
      default -> null;
    };
  }
}
