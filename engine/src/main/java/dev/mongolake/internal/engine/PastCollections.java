package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.daktilo.LogEntry;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.SetTransaction;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.internal.buffer.BufferedDocument;
import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WalRecordCodec;
import dev.mongolake.internal.wal.WriteAheadLog;
import java.util.Iterator;
import java.util.List;

/**
 * The collections of one database as they were at a log sequence: each one's table at the latest
 * version that holds nothing after that sequence, with the log's changes between that version's
 * floor and the sequence in a buffer of its own. The result is a registry that the ordinary read
 * path reads, at that sequence, exactly as it reads the present.
 *
 * <p>A state the lake can no longer rebuild exactly is refused, never approximated: SnapshotTooOld
 * when the log no longer holds the changes between a table version and the point, or vacuum deleted
 * one of the version's files; SnapshotUnavailable when a collection of the database was dropped or
 * renamed after the point (its changes before then are filed under another name).
 */
final class PastCollections {

  private final CollectionRegistry current;
  private final WriteAheadLog wal;
  private final ReaderPins pins;
  private final Storage storage;

  PastCollections(CollectionRegistry current, WriteAheadLog wal, ReaderPins pins, Storage storage) {
    this.current = current;
    this.wal = wal;
    this.pins = pins;
    this.storage = storage;
  }

  /**
   * The log sequence of the last durable record whose log time is at or before {@code logTime}.
   *
   * @throws MongoLakeException SnapshotTooOld when the log no longer reaches back to that time,
   *     InvalidOptions for a time after the last durable record's
   */
  long sequenceAt(long logTime) {
    long durableTime = wal.durableTime();
    if (Long.compareUnsigned(logTime, durableTime) >= 0) {
      if (Long.compareUnsigned(logTime, wal.lastTime()) > 0 && logTime != durableTime) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS,
            "Cannot read at "
                + timeText(logTime)
                + ": it is later than the latest write, "
                + timeText(wal.lastTime()));
      }
      return wal.durableSequence();
    }
    // Log times grow with sequences: the last record at or before the time, by binary search.
    long first = Math.max(1, wal.firstSequence());
    long last = wal.durableSequence();
    if (last < first || Long.compareUnsigned(wal.timeOf(first), logTime) > 0) {
      if (first > 1) {
        throw tooOld(
            "Cannot read at "
                + timeText(logTime)
                + ": the write-ahead log no longer holds changes that old");
      }
      return 0;
    }
    long low = first;
    long high = last;
    while (low < high) {
      long middle = low + (high - low + 1) / 2;
      if (Long.compareUnsigned(wal.timeOf(middle), logTime) <= 0) {
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    return low;
  }

  /** The collections of {@code database} at log sequence {@code point}, for reading only. */
  CollectionRegistry at(String database, long point, ViewCatalog views) {
    refuseCatalogChangesAfter(database, point);
    CollectionRegistry past = new CollectionRegistry(views);
    for (Namespace namespace : current.collections(database)) {
      CollectionState now = current.get(namespace);
      if (now == null) {
        continue;
      }
      CollectionState then = stateAt(now, point);
      if (then != null) {
        past.addIfAbsent(then);
      }
    }
    return past;
  }

  /**
   * The one collection {@code namespace} exactly as its table's {@code version} holds it (what a
   * Delta reader sees at that version), without the log; its table's floor is the read sequence.
   *
   * @throws MongoLakeException NamespaceNotFound without a table, BadValue for a version the table
   *     does not have, SnapshotTooOld when vacuum deleted one of its files
   */
  CollectionRegistry atTableVersion(Namespace namespace, long version, ViewCatalog views) {
    CollectionState now = current.get(namespace);
    DocumentTable table = now == null ? null : now.table();
    if (table == null) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_NOT_FOUND,
          "Cannot read " + namespace + " at table version " + version + ": it has no table yet");
    }
    long latest = table.snapshot().version();
    if (version < 0 || version > latest) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "Cannot read "
              + namespace
              + " at table version "
              + version
              + ": its table has versions 0 to "
              + latest);
    }
    TableView view;
    try {
      view = viewOf(table, version);
    } catch (DeltaException e) {
      throw tooOld(
          "Cannot read " + namespace + " at table version " + version + ": " + e.getMessage());
    }
    CollectionRegistry past = new CollectionRegistry(views);
    past.addIfAbsent(pastState(now, view));
    return past;
  }

  /** The collection at {@code point}, or {@code null} when it did not exist yet. */
  CollectionState stateAt(CollectionState now, long point) {
    TableView view = now.view();
    if (view.floor() <= point) {
      return fromCurrentBuffer(now, view, point);
    }
    if (now.capped() != null) {
      // A capped collection's evictions are made when inserts are applied, not logged.
      throw new MongoLakeException(
          ErrorCode.SNAPSHOT_UNAVAILABLE,
          "Cannot read capped collection "
              + now.namespace()
              + " at a point before its table's latest flush");
    }
    TableView table = tableAt(now.table(), point);
    CollectionState then = pastState(now, table);
    // A flush at or before the point held its documents, or the log shows it written by then.
    boolean touched = replayLog(then, table.floor(), point);
    return table.floor() > 0 || touched ? then : null;
  }

  /** A past state of {@code now}: its options, its table at {@code view}, an empty buffer. */
  private static CollectionState pastState(CollectionState now, TableView view) {
    CollectionState then = new CollectionState(now.namespace(), now.options());
    then.publish(now.table(), view);
    return then;
  }

  /**
   * The current table version already holds nothing after {@code point}: its buffer's versions up
   * to the point are what the collection held then.
   */
  private CollectionState fromCurrentBuffer(CollectionState now, TableView view, long point) {
    CollectionState then = pastState(now, view);
    pins.pin(view);
    try {
      Iterator<BufferedDocument> entries = now.buffer().entries(view.floor(), point);
      while (entries.hasNext()) {
        BufferedDocument entry = entries.next();
        if (entry.isTombstone()) {
          // A document the buffer created and deleted hides nothing in the table.
          if (entry.inTable()) {
            then.buffer().delete(entry.sequence(), entry.id());
          }
        } else {
          then.buffer().put(entry.sequence(), entry.document(), !entry.inTable());
        }
      }
    } finally {
      pins.unpin(view);
    }
    if (view.snapshot() == null && then.buffer().size() == 0 && !existedBy(now, point)) {
      return null;
    }
    return then;
  }

  /** Whether the log's records up to {@code point} create or write the collection. */
  private boolean existedBy(CollectionState now, long point) {
    long first = wal.firstSequence();
    Iterator<LogEntry> records = wal.readDurableAfter(first - 1);
    while (records.hasNext()) {
      LogEntry entry = records.next();
      if (entry.sequence() > point) {
        return false;
      }
      for (WalRecord change : DocumentChanges.of(WalRecordCodec.decode(entry.payload()))) {
        if (change.namespace().equals(now.namespace())) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Applies the collection's logged changes in {@code (floor, point]} to its past buffer; whether
   * any record touched it.
   */
  private boolean replayLog(CollectionState then, long floor, long point) {
    if (wal.firstSequence() > floor + 1) {
      throw tooOld(
          "Cannot read "
              + then.namespace()
              + " at that point: the write-ahead log no longer holds its changes after sequence "
              + floor);
    }
    boolean touched = false;
    Iterator<LogEntry> records = wal.readDurableAfter(floor);
    while (records.hasNext()) {
      LogEntry entry = records.next();
      if (entry.sequence() > point) {
        break;
      }
      WalRecord decoded = WalRecordCodec.decode(entry.payload());
      for (WalRecord record : DocumentChanges.of(decoded)) {
        if (!record.namespace().equals(then.namespace())) {
          continue;
        }
        touched = true;
        switch (record) {
          case WalRecord.Insert insert ->
              then.buffer().put(entry.sequence(), insert.document(), true);
          case WalRecord.Update update ->
              then.buffer().put(entry.sequence(), update.document(), false);
          case WalRecord.Replace replace ->
              then.buffer().put(entry.sequence(), replace.document(), false);
          case WalRecord.Delete delete -> then.buffer().delete(entry.sequence(), delete.id());
          default -> {
            // Catalog records (index and option changes) do not change the documents.
          }
        }
      }
    }
    return touched;
  }

  /**
   * Version {@code version} of {@code table} with the log sequence its flushes hold, refused when
   * vacuum deleted one of its files.
   */
  private TableView viewOf(DocumentTable table, long version) {
    DocumentSnapshot snapshot = table.snapshot(version);
    refuseVacuumedFiles(table, snapshot);
    return new TableView(
        snapshot, snapshot.transactionVersion(TableFlusher.FLUSH_WRITER_ID).orElse(0));
  }

  /**
   * The latest version of {@code table} whose flushes hold nothing after {@code point}: walking
   * back from the latest version, the one before the oldest flush that went past the point.
   */
  private TableView tableAt(DocumentTable table, long point) {
    try {
      long latest = table.snapshot().version();
      long candidate = latest;
      for (long version = latest; version >= 0; version--) {
        List<Action> actions = table.delta().commitActions(version);
        Long flushed = flushedSequence(actions);
        if (flushed != null && flushed <= point) {
          break;
        }
        if (flushed != null) {
          candidate = version - 1;
        }
      }
      return candidate < 0 ? TableView.EMPTY : viewOf(table, candidate);
    } catch (DeltaException e) {
      throw tooOld("Cannot read " + table.path() + " at that point: " + e.getMessage());
    }
  }

  /**
   * Refuses a past version whose data files a vacuum deleted: the files it shares with the present
   * version are there; each of the others is checked.
   */
  private void refuseVacuumedFiles(DocumentTable table, DocumentSnapshot past) {
    java.util.Set<String> gone = new java.util.HashSet<>(past.delta().storagePaths());
    gone.removeAll(table.snapshot().delta().storagePaths());
    for (String path : gone) {
      if (storage.stat(path).isEmpty()) {
        throw tooOld(
            "Cannot read "
                + table.path()
                + " at version "
                + past.version()
                + ": vacuum deleted its data file "
                + path);
      }
    }
  }

  private static Long flushedSequence(List<Action> actions) {
    for (Action action : actions) {
      if (action instanceof SetTransaction txn
          && TableFlusher.FLUSH_WRITER_ID.equals(txn.appId())) {
        return txn.version();
      }
    }
    return null;
  }

  /**
   * A collection of the database dropped or renamed after {@code point} filed its earlier changes
   * under a name the present no longer has: refused rather than read wrongly.
   */
  private void refuseCatalogChangesAfter(String database, long point) {
    firstRemovalAfter(point, namespace -> namespace.database().equals(database))
        .ifPresent(
            removed -> {
              throw new MongoLakeException(
                  ErrorCode.SNAPSHOT_UNAVAILABLE,
                  "Cannot read database "
                      + database
                      + " at that point: "
                      + removed
                      + " was dropped or renamed since");
            });
  }

  /**
   * Whether a drop or rename after {@code point} took {@code namespace}'s collection away or gave
   * the name another one: its state at the point is then not what the name holds now.
   */
  boolean renamedOrDroppedAfter(Namespace namespace, long point) {
    return firstRemovalAfter(point, namespace::equals).isPresent();
  }

  /**
   * The first drop or rename after {@code point} of a name {@code concerns} accepts (a rename's
   * source or target), read from the records' {@code op} without decoding the others.
   */
  private java.util.Optional<Namespace> firstRemovalAfter(
      long point, java.util.function.Predicate<Namespace> concerns) {
    Iterator<LogEntry> records = wal.readDurableAfter(point);
    while (records.hasNext()) {
      byte[] payload = records.next().payload();
      if (!WalRecordCodec.dropsOrRenames(payload)) {
        continue;
      }
      WalRecord record = WalRecordCodec.decode(payload);
      if (concerns.test(record.namespace())
          || (record instanceof WalRecord.RenameCollection rename
              && concerns.test(rename.target()))) {
        return java.util.Optional.of(record.namespace());
      }
    }
    return java.util.Optional.empty();
  }

  /** A log time as MongoDB prints a Timestamp. */
  private static String timeText(long logTime) {
    return "Timestamp(" + (logTime >>> 32) + ", " + (logTime & 0xFFFF_FFFFL) + ")";
  }

  private static MongoLakeException tooOld(String message) {
    return new MongoLakeException(ErrorCode.SNAPSHOT_TOO_OLD, message);
  }
}
