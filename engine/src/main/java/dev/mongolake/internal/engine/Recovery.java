package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.daktilo.LogEntry;
import dev.mongolake.delta.DeltaTableOptions;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.internal.index.IndexCatalogFile;
import dev.mongolake.internal.index.IndexSpec;
import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WalRecordCodec;
import dev.mongolake.internal.wal.WriteAheadLog;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What opening a lake does before it serves: reports a log tail the last crash cut off, finds the
 * collections' tables (refusing ones behind the version the trimmed log relied on), loads or
 * rebuilds their indexes, and replays the log records the tables do not hold yet.
 */
final class Recovery {

  private static final Logger LOG = LoggerFactory.getLogger(Recovery.class);
  // Its own logger name, so that recovery can be told apart (the server's JSON log says RECOVERY).
  private static final Logger RECOVERY_LOG =
      LoggerFactory.getLogger(Engine.class.getName() + ".recovery");

  private final Storage storage;
  private final TableCatalog tables;
  private final DeltaTableOptions tableOptions;
  private final WriteAheadLog wal;
  private final Clock clock;
  private final CollectionRegistry collections;
  private final PersistedIndexes indexFiles;
  private final LogApplier applier;
  private final RetryableWriteLedger ledger;

  Recovery(
      Storage storage,
      TableCatalog tables,
      DeltaTableOptions tableOptions,
      WriteAheadLog wal,
      Clock clock,
      CollectionRegistry collections,
      PersistedIndexes indexFiles,
      LogApplier applier,
      RetryableWriteLedger ledger) {
    this.storage = storage;
    this.tables = tables;
    this.tableOptions = tableOptions;
    this.wal = wal;
    this.clock = clock;
    this.collections = collections;
    this.indexFiles = indexFiles;
    this.applier = applier;
    this.ledger = ledger;
  }

  /**
   * Recovers the lake's state in memory.
   *
   * @param acceptTableLoss open tables found behind the version the trimmed log relied on (see
   *     {@link CommittedTableVersions}) with a warning, where otherwise opening fails naming them
   * @throws MongoLakeException DataCorruptionDetected for a table behind its committed version or a
   *     log record MongoLake did not write
   */
  void run(boolean acceptTableLoss) {
    reportDroppedLogTail();
    discoverTables(acceptTableLoss);
    ledger.restore(RetryableWriteCheckpoint.read(storage));
    replay();
  }

  /**
   * The only trace a cut-off log tail leaves: say what was cut (see {@link
   * dev.mongolake.daktilo.TornTail}).
   */
  private void reportDroppedLogTail() {
    wal.droppedTail()
        .ifPresent(
            tail ->
                LOG.warn(
                    "Write-ahead log: cut {} bytes after record {} at offset {} of {}: an"
                        + " incomplete write a crash left, or a damaged last record",
                    tail.bytes(),
                    tail.lastSequence(),
                    tail.offset(),
                    tail.segment()));
  }

  private void discoverTables(boolean acceptTableLoss) {
    Map<String, Long> committed = CommittedTableVersions.read(storage);
    List<String> behind = new ArrayList<>();
    for (Map.Entry<Namespace, String> found : tables.find(wal.checkpointSequence()).entrySet()) {
      Namespace namespace = found.getKey();
      DocumentTable.open(storage, found.getValue(), clock, tableOptions)
          .ifPresent(
              table -> {
                DocumentSnapshot snapshot = table.snapshot();
                Long reached = committed.get(found.getValue());
                if (reached != null && snapshot.version() < reached) {
                  behind.add(
                      namespace.fullName()
                          + " (table "
                          + found.getValue()
                          + " is at version "
                          + snapshot.version()
                          + ", but version "
                          + reached
                          + " was committed before the log was trimmed)");
                }
                long floor = snapshot.transactionVersion(TableFlusher.FLUSH_WRITER_ID).orElse(0);
                CollectionState state =
                    new CollectionState(namespace, table, new TableView(snapshot, floor));
                state.setOptions(CollectionOptionsFile.read(storage, found.getValue()));
                state.optionsPersisted();
                loadInsertionOrder(state, snapshot);
                loadIndexes(state, snapshot);
                collections.bind(namespace, state);
              });
    }
    if (behind.isEmpty()) {
      return;
    }
    String which = String.join("; ", behind);
    if (!acceptTableLoss) {
      throw new MongoLakeException(
          ErrorCode.DATA_CORRUPTION_DETECTED,
          "Cannot open the lake: the Delta tables of "
              + which
              + ". The newest commits of their _delta_log are missing, and the writes they held"
              + " are no longer in the write-ahead log. Restore the missing commit files, or open"
              + " with the option to accept the loss (mongolake --accept-table-loss) to serve the"
              + " older versions.");
    }
    LOG.warn("Opening tables behind their last committed version, losing writes: {}", which);
  }

  /** A capped collection's natural order: the order file's positions for the table's documents. */
  private void loadInsertionOrder(CollectionState state, DocumentSnapshot snapshot) {
    InsertionOrder order = state.insertionOrder();
    if (order == null) {
      return;
    }
    try (var documents = snapshot.scan()) {
      order.load(InsertionOrderFile.read(storage, state.tablePath()), documents);
    }
  }

  /**
   * Loads the catalog file's indexes from their index files for the table's version, and rebuilds
   * those without a usable file over the table, all in one scan (the log replay then brings them up
   * to date).
   */
  private void loadIndexes(CollectionState state, DocumentSnapshot snapshot) {
    List<IndexSpec> specs = IndexCatalogFile.read(storage, state.tablePath());
    List<IndexSpec> missing = specs.isEmpty() ? specs : indexFiles.load(state, snapshot, specs);
    if (!missing.isEmpty()) {
      try (var documents = snapshot.scan()) {
        state
            .indexes()
            .build(missing, documents)
            .forEach(index -> state.indexes().install(index, 0));
      } catch (MongoLakeException e) {
        LOG.error("Cannot rebuild the indexes of {}: {}", state.namespace(), e.getMessage());
      }
    }
    if (!state.collation().isSimple()) {
      try (var documents = snapshot.scan()) {
        state.indexes().collateIds(state.collation(), documents);
      }
    }
    state.catalogPersisted();
  }

  private void replay() {
    long replayed = 0;
    Iterator<LogEntry> entries = wal.readAfter(wal.checkpointSequence());
    while (entries.hasNext()) {
      LogEntry entry = entries.next();
      WalRecord record = decodeForReplay(entry);
      if (record instanceof WalRecord.Transaction transaction) {
        // Each change of a transaction is in its own collection's table, or not yet.
        ledger.recordCommit(entry.sequence(), transaction, wallMillis(entry));
        for (WalRecord change : transaction.changes()) {
          CollectionState state = collections.get(change.namespace());
          if (state == null || entry.sequence() > state.view().floor()) {
            applier.applyChange(entry.sequence(), change);
          }
        }
        replayed++;
        continue;
      }
      if (record instanceof WalRecord.Retryable retryable) {
        // The statement counts whether or not its change is already in the table.
        ledger.record(entry.sequence(), retryable, wallMillis(entry));
        record = retryable.change();
      }
      CollectionState state = collections.get(record.namespace());
      // A rename is replayed even below the floor: its table's flushes do not hold it.
      if (state != null
          && entry.sequence() <= state.view().floor()
          && !(record instanceof WalRecord.RenameCollection)) {
        continue;
      }
      applier.apply(entry.sequence(), record);
      replayed++;
    }
    if (replayed > 0) {
      RECOVERY_LOG.info("Replayed {} write-ahead log records", replayed);
    }
  }

  /** When a record was written, to the second its log time holds (0 for an old record). */
  private static long wallMillis(LogEntry entry) {
    return (WalRecordCodec.time(entry.payload()).orElse(0) >>> 32) * 1000;
  }

  /**
   * A record the log holds that is not a change MongoLake wrote (appended with the log CLI, or
   * damaged on disk although its checksum holds) stops the open by its sequence: replaying past it
   * would apply the changes after a lost one.
   */
  private static WalRecord decodeForReplay(LogEntry entry) {
    try {
      return WalRecordCodec.decode(entry.payload());
    } catch (MongoLakeException e) {
      throw new MongoLakeException(
          ErrorCode.DATA_CORRUPTION_DETECTED,
          "Cannot open the lake: write-ahead log record "
              + entry.sequence()
              + " is not a change MongoLake wrote ("
              + e.getMessage()
              + "); `mongolake log dump <data folder>/_wal --from "
              + entry.sequence()
              + "` shows it",
          e);
    }
  }
}
