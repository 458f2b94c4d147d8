package dev.mongolake.internal.engine;

import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WriteAheadLog;

/**
 * Where the document writes send each change they make: the write-ahead log (which applies it to
 * memory), or a transaction that keeps its changes until it commits them as one record.
 */
@FunctionalInterface
interface ChangeLog {

  /** Takes {@code change}, applied to what the writer reads from here on. Caller holds the lock. */
  WriteAheadLog.Appended append(WalRecord change);

  /**
   * Logs the create of a collection a first insert makes ({@code state}, not yet in the log), with
   * its identity, before the insert. Caller holds the lock. A transaction stages it with its
   * changes (see {@link TransactionCatalogChanges}), for its commit record.
   */
  default void created(CollectionState state) {}

  /**
   * Fails as MongoDB fails the write of {@code document} that breaks a unique index (or has
   * parallel arrays in a compound key). Caller holds the lock.
   */
  default void checkIndexes(CollectionState state, org.bson.BsonDocument document) {
    state.indexes().check(document);
  }
}
