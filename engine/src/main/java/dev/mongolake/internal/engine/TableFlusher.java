package dev.mongolake.internal.engine;

import dev.mongolake.FlushProgress;
import dev.mongolake.Namespace;
import dev.mongolake.delta.DeltaTableOptions;
import dev.mongolake.delta.exceptions.TableAlreadyExistsException;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.DocumentTableConfig;
import dev.mongolake.delta.table.OptimizeResult;
import dev.mongolake.delta.table.TableChanges;
import dev.mongolake.internal.buffer.BufferedDocument;
import dev.mongolake.internal.index.IndexCatalogFile;
import dev.mongolake.internal.wal.WriteAheadLog;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves buffered changes into the collections' Delta tables: one commit per changed collection,
 * recording the log sequence it holds, then a checkpoint of the log; and compacts the small files
 * flushes leave.
 *
 * <p>Thread-safe. One flush or compaction runs at a time, under the flush lock; catalog changes
 * that must not interleave with a flush (a drop deleting the folder a flush writes into, a rename)
 * run under it too ({@link #exclusively}). The flush lock is taken before a collection's write
 * lock, never after.
 */
public final class TableFlusher {

  private static final Logger LOG = LoggerFactory.getLogger(TableFlusher.class);

  /** The idempotent-writer id under which flushes record the log sequence a table holds. */
  static final String FLUSH_WRITER_ID = "mongolake-wal";

  /** Tables with at least this many small files are compacted after a flush. */
  static final int SMALL_FILES_BEFORE_COMPACTION = 16;

  private final Object flushLock = new Object();
  private final CollectionRegistry collections;
  private final WriteAheadLog wal;
  private final Storage storage;
  private final TableCatalog tables;
  private final Function<Namespace, DocumentTableConfig> tableConfigs;
  private final DeltaTableOptions tableOptions;
  private final Clock clock;
  private final ReaderPins pins;
  private final PersistedIndexes indexFiles;
  private final Runnable finishPendingRenames;

  /**
   * @param finishPendingRenames completes a rename a crash interrupted, before a flush
   */
  private final RetryableWriteLedger ledger;

  TableFlusher(
      CollectionRegistry collections,
      WriteAheadLog wal,
      Storage storage,
      TableCatalog tables,
      Function<Namespace, DocumentTableConfig> tableConfigs,
      DeltaTableOptions tableOptions,
      Clock clock,
      ReaderPins pins,
      PersistedIndexes indexFiles,
      Runnable finishPendingRenames,
      RetryableWriteLedger ledger) {
    this.collections = collections;
    this.ledger = ledger;
    this.wal = wal;
    this.storage = storage;
    this.tables = tables;
    this.tableConfigs = tableConfigs;
    this.tableOptions = tableOptions;
    this.clock = clock;
    this.pins = pins;
    this.indexFiles = indexFiles;
    this.finishPendingRenames = finishPendingRenames;
  }

  /** Memory held by all buffers, roughly: what a flush would write. */
  public long bufferedBytes() {
    return collections.bufferedBytes();
  }

  /**
   * Makes writers wait while the buffers hold {@code limitBytes} or more, until a flush (which
   * {@code requestFlush} starts) catches up: see {@link WriteStall}. Without this, writers never
   * wait.
   */
  public void limitBuffers(long limitBytes, Runnable requestFlush) {
    collections.limitBuffers(limitBytes, requestFlush);
  }

  /** Whether a write made now would stall until a flush makes room (see {@link WriteStall}). */
  public boolean writesWouldStall() {
    return collections.writeStall().wouldWait();
  }

  /** How many writes waited for the buffers to shrink, and for how long in all. */
  public WriteStall.Counts writeStalls() {
    return collections.writeStall().counts();
  }

  /** Runs {@code action} while no flush or compaction runs, and none starts. */
  <T> T exclusively(Supplier<T> action) {
    synchronized (flushLock) {
      return action.get();
    }
  }

  /** {@link #exclusively(Supplier)} for an action without a result. */
  void exclusively(Runnable action) {
    synchronized (flushLock) {
      action.run();
    }
  }

  /**
   * Writes every collection's buffered changes up to the durable watermark to its table (one Delta
   * commit per changed collection, recording the log sequence it holds), then checkpoints and
   * compacts the log. A crash at any point recovers: tables that committed skip the replayed
   * records they hold.
   */
  public void flushToTables() {
    flushToTables(FlushProgress.NONE);
  }

  /** {@link #flushToTables()}, telling {@code progress} how it proceeds. */
  public void flushToTables(FlushProgress progress) {
    synchronized (flushLock) {
      try {
        finishPendingRenames.run();
        long cut = wal.durableSequence();
        List<CollectionState> states = collections.all();
        int total = 0;
        long documents = 0;
        for (CollectionState state : states) {
          int buffered = state.buffer().size();
          total += buffered > 0 ? 1 : 0;
          documents += buffered;
        }
        progress.started(total, documents);
        int done = 0;
        for (CollectionState state : states) {
          boolean buffered = state.buffer().size() > 0;
          flushCollection(state, cut);
          if (buffered) {
            progress.flushed(state.namespace(), ++done, total);
          }
        }
        if (cut > wal.checkpointSequence()) {
          checkpointLog(cut);
        } else if (ledger.takeForgotten()) {
          RetryableWriteCheckpoint.write(storage, ledger.sessions(), wal.checkpointSequence());
        }
      } finally {
        collections.writeStall().flushFinished();
      }
      compactWhereSmallFilesPiledUp();
    }
  }

  /**
   * Moves the log's checkpoint to {@code cut}, which every table holds, and trims the segments
   * below it. The trimmed records' only copy is then in the tables: first remember how far each
   * table got, so that one found behind later is reported (see {@link CommittedTableVersions}).
   */
  void checkpointLog(long cut) {
    CommittedTableVersions.write(storage, committedVersions());
    // The records the trim drops may mark statements of retryable writes: keep what they said.
    ledger.takeForgotten();
    RetryableWriteCheckpoint.write(storage, ledger.sessions(), cut);
    wal.checkpoint(cut);
    wal.compact();
  }

  private Map<String, Long> committedVersions() {
    Map<String, Long> versions = new HashMap<>();
    for (CollectionState state : collections.all()) {
      DocumentSnapshot snapshot = state.view().snapshot();
      if (snapshot != null) {
        versions.merge(state.tablePath(), snapshot.version(), Math::max);
      }
    }
    return versions;
  }

  /**
   * Compacts a collection's small table files (see {@link DocumentTable#optimize()}) and publishes
   * the compacted version to new readers; readers already running keep the files they pinned.
   *
   * @return what was compacted (nothing for a collection without a table)
   */
  public OptimizeResult compactFiles(Namespace namespace) {
    return compactFiles(namespace, Long.MAX_VALUE);
  }

  /** {@link #compactFiles(Namespace)} of at most about {@code maxBytes} of small files. */
  private OptimizeResult compactFiles(Namespace namespace, long maxBytes) {
    synchronized (flushLock) {
      CollectionState state = collections.get(namespace);
      if (state == null || state.table() == null) {
        return new OptimizeResult(-1, 0, 0, 0, 0);
      }
      OptimizeResult result = state.table().optimize(maxBytes);
      if (result.compacted()) {
        DocumentSnapshot snapshot = state.table().snapshot();
        state.writeLock().lock();
        try {
          if (collections.isBound(namespace, state)) {
            state.publish(state.table(), new TableView(snapshot, state.view().floor()));
          }
        } finally {
          state.writeLock().unlock();
        }
      }
      return result;
    }
  }

  /**
   * Gives the collection's table, if it has one, the layout its {@code mongolake} options ask for
   * (see {@link TableLayoutOptions#forExistingTable}) at once, in a metadata-only commit that new
   * readers see.
   */
  void applyLayout(Namespace namespace) {
    synchronized (flushLock) {
      CollectionState state = collections.get(namespace);
      if (state == null || state.table() == null || !relayOut(state, state.table())) {
        return;
      }
      DocumentSnapshot snapshot = state.table().snapshot();
      state.writeLock().lock();
      try {
        if (collections.isBound(namespace, state)) {
          state.publish(state.table(), new TableView(snapshot, state.view().floor()));
        }
      } finally {
        state.writeLock().unlock();
      }
    }
  }

  /** Commits the layout the collection's options ask for; whether the table changed. */
  private static boolean relayOut(CollectionState state, DocumentTable table) {
    BsonDocument options = state.options();
    if (!options.isDocument(LakeCollectionOptions.OPTION)
        || !TableLayoutOptions.givesLayout(options.getDocument(LakeCollectionOptions.OPTION))) {
      return false;
    }
    // The published version's layout, without reading the log: the common case changes nothing.
    DocumentSnapshot seen = state.view().snapshot();
    if (seen != null
        && TableLayoutOptions.forExistingTable(seen.config(), options).equals(seen.config())) {
      return false;
    }
    long before = table.delta().snapshot().version();
    return table.changeLayout(current -> TableLayoutOptions.forExistingTable(current, options))
        != before;
  }

  /**
   * Compacts the tables that flushes have left with many small files, or with a file whose deletion
   * vector deletes more than the table's purge share of its rows (see {@link
   * DocumentTableConfig#purgeDeletedShare()}). Caller holds flushLock. Each run merges about one
   * target-size file's worth, so that the flushes it delays (and the writers a full buffer then
   * holds back) wait seconds, not the minutes a large table's backlog takes.
   */
  private void compactWhereSmallFilesPiledUp() {
    for (CollectionState state : collections.all()) {
      TableView view = state.view();
      if (view.snapshot() == null) {
        continue;
      }
      if (view.snapshot().smallFileCount() >= SMALL_FILES_BEFORE_COMPACTION
          || view.snapshot().filesToPurgeCount() > 0) {
        try {
          compactFiles(state.namespace(), view.snapshot().config().targetFileSizeBytes());
        } catch (RuntimeException e) {
          // The files stay as they are: correct, only slower to scan. The next flush tries again.
          LOG.warn("Cannot compact the files of {}: {}", state.namespace(), e.getMessage());
        }
      }
    }
  }

  /** Writes the collection's buffered changes up to {@code cut} to its table. Holds flushLock. */
  void flushCollection(CollectionState state, long cut) {
    TableView view = state.view();
    List<BsonDocument> inserts = new ArrayList<>();
    List<BsonDocument> replacements = new ArrayList<>();
    List<BsonValue> deletes = new ArrayList<>();
    Iterator<BufferedDocument> entries = state.buffer().entries(view.floor(), cut);
    while (entries.hasNext()) {
      BufferedDocument entry = entries.next();
      if (entry.isTombstone()) {
        if (entry.inTable()) {
          deletes.add(entry.id());
        }
      } else if (entry.inTable()) {
        replacements.add(entry.document());
      } else {
        inserts.add(entry.document());
      }
    }
    TableChanges changes = new TableChanges(inserts, replacements, deletes);
    List<BsonDocument> written = new ArrayList<>(inserts);
    written.addAll(replacements);
    DocumentTable table = state.table() == null ? createTable(state, written) : state.table();
    // Before the commit: once a table version holds the changes up to the cut, replay skips the
    // index records below it, so the catalog file must already reflect them.
    persistCatalog(state, table.path());
    if (!changes.isEmpty()) {
      persistInsertionOrder(state, table.path());
    }
    // Before the data: the files this flush writes carry a layout collMod changed (a crash after
    // a collMod's log record and before its table change is caught up here too).
    boolean relaid = false;
    try {
      relaid = state.table() != null && relayOut(state, table);
    } catch (RuntimeException e) {
      // The data still flushes, in the layout the table has; the next flush tries again.
      LOG.warn("Cannot change the layout of {}: {}", state.namespace(), e.getMessage());
    }
    if (changes.isEmpty() && state.table() != null && !relaid) {
      indexFiles.afterFlush(state, cut, view.snapshot().version(), 0);
      return;
    }
    if (!changes.isEmpty()) {
      fitIds(state, view, table, written);
      table.commit(changes, FLUSH_WRITER_ID, cut);
    }
    DocumentSnapshot snapshot = table.snapshot();
    long floor = changes.isEmpty() ? view.floor() : cut;
    state.writeLock().lock();
    try {
      if (!collections.isCurrent(state)) {
        return;
      }
      if (state.tableIdsLoaded()) {
        state.tableIds().addAll(inserts.stream().map(d -> d.get("_id")).toList());
        state.tableIds().removeAll(deletes);
      }
      state.publish(table, new TableView(snapshot, floor));
      state.buffer().releaseUpTo(pins.lowestPinned(floor));
      state.indexes().forgetRemovedUpTo(pins.lowestPinned(floor));
      if (state.insertionOrder() != null) {
        state.insertionOrder().forgetRemovedUpTo(pins.lowestPinned(floor));
      }
    } finally {
      state.writeLock().unlock();
    }
    // After the commit, outside the lock: a crash before the index files are written only leaves
    // older files that opening catches up or rebuilds.
    indexFiles.afterFlush(
        state, floor, snapshot.version(), inserts.size() + replacements.size() + deletes.size());
  }

  /**
   * Before the commit: the table version it makes must find the positions of its documents (see
   * {@link InsertionOrderFile}). Under the write lock, so that no insert changes them meanwhile.
   */
  private void persistInsertionOrder(CollectionState state, String tablePath) {
    state.writeLock().lock();
    try {
      if (state.insertionOrder() != null && collections.isCurrent(state)) {
        InsertionOrderFile.write(storage, tablePath, state.insertionOrder().positions());
      }
    } finally {
      state.writeLock().unlock();
    }
  }

  private void persistCatalog(CollectionState state, String tablePath) {
    state.writeLock().lock();
    try {
      if (state.catalogStale() && collections.isCurrent(state)) {
        IndexCatalogFile.write(storage, tablePath, state.indexes().specs());
        state.catalogPersisted();
      }
      if (state.optionsStale() && collections.isCurrent(state)) {
        CollectionOptionsFile.write(storage, tablePath, state.options());
        state.optionsPersisted();
      }
    } finally {
      state.writeLock().unlock();
    }
  }

  /**
   * Before the data: re-encodes the table when its {@code _id} encoding cannot store the ids about
   * to be written (see {@link IdEncodingChoice}), in one commit that rewrites its files. Holds
   * flushLock, as compaction does.
   */
  private static void fitIds(
      CollectionState state, TableView view, DocumentTable table, List<BsonDocument> written) {
    // The published version is the latest one: only this class commits, under flushLock.
    DocumentSnapshot seen = view.snapshot() == null ? table.snapshot() : view.snapshot();
    IdEncoding current = seen.config().idEncoding();
    IdEncoding wanted = IdEncodingChoice.forWrite(current, !seen.files().isEmpty(), written);
    if (wanted != current) {
      LOG.info(
          "Re-encoding the _id column of {} from {} to {}: rewriting its {} files",
          state.namespace(),
          current,
          wanted,
          seen.files().size());
      table.changeIdEncoding(wanted);
    }
  }

  private DocumentTable createTable(CollectionState state, List<BsonDocument> written) {
    Namespace namespace = state.namespace();
    String path = tables.register(namespace);
    try {
      // With the identity the collection has had since it was created.
      return DocumentTable.create(
          storage,
          path,
          TableLayoutOptions.forNewTable(tableConfigs.apply(namespace), state.options())
              .withIdEncoding(IdEncodingChoice.forFirst(written)),
          clock,
          state.uuid().toString(),
          tableOptions);
    } catch (TableAlreadyExistsException e) {
      // A crash after creating the table and before the checkpoint left it behind.
      return DocumentTable.open(storage, path, clock, tableOptions).orElseThrow(() -> e);
    }
  }
}
