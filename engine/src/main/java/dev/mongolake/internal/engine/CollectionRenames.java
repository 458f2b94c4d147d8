package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WriteAheadLog;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.LongConsumer;
import java.util.function.ObjLongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Renames collections. A rename moves no table file: the collection keeps its table folder, and the
 * catalog's marker for the new name points at it (see {@link TableCatalog}).
 *
 * <p>The protocol, all under the engine's flush lock so that no flush or checkpoint interleaves:
 *
 * <ol>
 *   <li>the source gets a table if it has none yet (a flush of its buffer);
 *   <li>a {@link WalRecord.RenameCollection} record is logged; applying it (live or on replay)
 *       moves the collection's state, buffer and indexes included, to the new name, drops a
 *       collection already named so, and leaves the catalog work pending;
 *   <li>the new name's marker is written, naming the table and the record's sequence;
 *   <li>every collection is flushed up to the record and the log checkpointed there;
 *   <li>the old name's marker and the dropped target's files are deleted.
 * </ol>
 *
 * <p>On restart, a new-name marker whose sequence the checkpoint has not passed yet is removed (see
 * {@link TableCatalog#find(long)}): the markers then show the old names, and replaying the record
 * redoes the rename. Once the checkpoint passed it, no record from before the rename is replayed,
 * the new-name marker counts, and an old-name marker still there is removed. A crash therefore
 * recovers the old or the new name, never both and never neither, and a rename durable in the log
 * (acknowledged or not) always recovers the new one. A rename whose catalog work fails is finished
 * by the next flush, before that flush checkpoints.
 *
 * <p>Not thread-safe by itself: callers hold the engine's flush lock.
 */
final class CollectionRenames {

  private static final Logger LOG = LoggerFactory.getLogger(CollectionRenames.class);

  /** A logged rename whose table catalog has not changed yet. */
  private record Pending(
      long sequence, Namespace source, Namespace target, String table, List<String> dropped) {}

  private final CollectionRegistry collections;
  private final WriteAheadLog wal;
  private final TableCatalog tables;

  /** Trims the log up to a sequence the tables hold (as a flush does). */
  private final LongConsumer checkpoint;

  private final ObjLongConsumer<CollectionState> flush;
  private final BiConsumer<Long, WalRecord> apply;
  private final List<Pending> pending = new ArrayList<>();

  CollectionRenames(
      CollectionRegistry collections,
      WriteAheadLog wal,
      TableCatalog tables,
      ObjLongConsumer<CollectionState> flush,
      BiConsumer<Long, WalRecord> apply,
      LongConsumer checkpoint) {
    this.collections = collections;
    this.wal = wal;
    this.tables = tables;
    this.flush = flush;
    this.apply = apply;
    this.checkpoint = checkpoint;
  }

  /**
   * Renames {@code source} to {@code target}, returning once the rename is durable.
   *
   * @throws MongoLakeException IllegalOperation for the same name, NamespaceNotFound without the
   *     source, NamespaceExists when the target exists and {@code dropTarget} is not set
   */
  void rename(Namespace source, Namespace target, boolean dropTarget) {
    if (source.equals(target)) {
      throw new MongoLakeException(
          ErrorCode.ILLEGAL_OPERATION, "Can't rename a collection to itself");
    }
    finishPending();
    CollectionState state = collections.get(source);
    if (state == null) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_NOT_FOUND, "Source collection " + source + " does not exist");
    }
    CollectionState existing = collections.get(target);
    if (existing != null && !dropTarget) {
      throw targetExists();
    }
    state.writeLock().lock();
    if (existing != null) {
      existing.writeLock().lock();
    }
    try {
      if (state.table() == null) {
        flush.accept(state, wal.durableSequence());
      }
      // Reserve the new name, so that no write creates it between this check and the record.
      if (existing == null && !collections.bindIfAbsent(target, state)) {
        throw targetExists();
      }
      WriteAheadLog.Appended appended;
      try {
        appended =
            wal.append(new WalRecord.RenameCollection(source, target, dropTarget), apply::accept);
      } catch (RuntimeException e) {
        collections.unbind(target, state);
        throw e;
      }
      appended.awaitDurable();
    } finally {
      if (existing != null) {
        existing.writeLock().unlock();
      }
      state.writeLock().unlock();
    }
    try {
      finishPending();
    } catch (RuntimeException e) {
      // The rename is durable in the log and done in memory; the next flush finishes the catalog.
      LOG.warn("Cannot yet record the rename of {} to {} in the catalog", source, target, e);
    }
  }

  private static MongoLakeException targetExists() {
    return new MongoLakeException(ErrorCode.NAMESPACE_EXISTS, "target namespace exists");
  }

  /**
   * Applies a logged rename to memory (live or replayed): the collection's state takes the new
   * name, and a collection that had it is dropped. Idempotent: a source that no longer exists is a
   * rename already done.
   */
  void apply(long sequence, WalRecord.RenameCollection rename) {
    CollectionState moving = collections.get(rename.namespace());
    if (moving == null) {
      LOG.warn("Ignoring the logged rename of {}: no such collection", rename.namespace());
      return;
    }
    List<String> dropped = new ArrayList<>();
    CollectionState replaced = collections.bind(rename.target(), moving);
    if (replaced != null && replaced != moving) {
      String path = replaced.tablePath();
      if (path == null) {
        path = tables.tablePath(rename.target()).orElse(null);
      }
      if (path != null) {
        dropped.add(path);
      }
    }
    collections.unbind(rename.namespace(), moving);
    moving.renameTo(rename.target());
    pending.add(
        new Pending(
            sequence,
            rename.namespace(),
            rename.target(),
            moving.tablePath(),
            List.copyOf(dropped)));
  }

  /**
   * Records pending renames in the catalog (see the class comment). Caller holds the flush lock.
   */
  void finishPending() {
    while (!pending.isEmpty()) {
      finish(pending.getFirst());
      pending.removeFirst();
    }
  }

  private void finish(Pending rename) {
    if (rename.table() == null) {
      // A source without a table (only in logs of renames that did not give it one first): its new
      // name gets a fresh table at this flush, so the names' old markers go first.
      tables.delete(rename.target(), null);
      tables.delete(rename.source(), null);
    } else {
      tables.renameTo(
          rename.source(), rename.target(), rename.table(), rename.sequence(), rename.dropped());
    }
    // A collection with the old name now is a new one: all its changes come after the rename.
    for (CollectionState state : collections.all()) {
      if (!state.namespace().equals(rename.source())) {
        flush.accept(state, rename.sequence());
      }
    }
    if (rename.sequence() > wal.checkpointSequence()) {
      checkpoint.accept(rename.sequence());
    }
    if (rename.table() != null) {
      tables.renameFinished(rename.source(), rename.table(), rename.dropped());
    }
    LOG.info("Renamed collection {} to {}", rename.source(), rename.target());
  }
}
