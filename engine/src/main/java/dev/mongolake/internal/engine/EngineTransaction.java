package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.internal.buffer.BufferedDocument;
import dev.mongolake.internal.index.IndexKey;
import dev.mongolake.internal.index.SecondaryIndex;
import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WriteAheadLog;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A multi-document transaction with snapshot isolation. Its reads see the lake as of the log
 * sequence durable when it started, plus its own writes; its writes stay in it, applied to its own
 * layer of each collection's buffer ({@link CollectionState#layeredOver}), until {@link #commit}
 * appends them as one log record ({@link WalRecord.Transaction}): after a crash all of them are in
 * the lake or none is, and no reader ever sees some without the others. The collections and indexes
 * it creates ({@link TransactionCatalogChanges}) wait likewise, their records first in the
 * commit's.
 *
 * <p>Conflicts are first-writer-wins, as in MongoDB: writing a document that another transaction
 * has written and not yet ended, or that a write committed after the snapshot changed, fails with
 * WriteConflict (112), at the write or, for a commit that raced, at the commit; the caller then
 * aborts and may retry the whole transaction. The engine's reads and writes run inside it while
 * {@link #run} is on the stack.
 *
 * <p>One operation at a time (a session runs one command at a time); the end ({@link #commit},
 * {@link #abort}) may come from another thread, such as an expiry.
 */
public final class EngineTransaction {

  private static final ScopedValue<EngineTransaction> CURRENT = ScopedValue.newInstance();

  // The own versions' sequences: above every floor and read sequence of the real log.
  private static final long OWN_SEQUENCES = Long.MAX_VALUE / 2;

  /**
   * The most a transaction's changes may take in its log record: the record must fit one log
   * segment (64 MiB), with room for its framing.
   */
  public static final long MAX_BYTES = 48L * 1024 * 1024;

  /** Where a transaction is in its life. */
  public enum Status {
    ACTIVE,
    COMMITTED,
    ABORTED
  }

  private final Engine engine;
  private final CollectionRegistry present;
  private final WriteAheadLog wal;
  private final LogApplier applier;
  private final ReaderPins pins;
  private final PastCollections history;
  private final TransactionLocks locks;
  private final long snapshot;
  private final Instant started;
  private final UUID session;
  private final long txnNumber;
  private final CollectionRegistry layers;
  private final ReadPath reads;
  private final ReadPlans plans;
  private final DocumentWrites writes;
  private final TransactionCatalogChanges catalog;
  private final ReentrantLock operation = new ReentrantLock();
  private final List<WalRecord> changes = new ArrayList<>();
  // The ids each collection's changes wrote, in BSON order, with their own newest version (null:
  // deleted).
  private final Map<Namespace, NavigableMap<BsonValue, BsonDocument>> written = new HashMap<>();
  // The present's state each collection was layered over, to find drops and renames at commit.
  private final Map<Namespace, CollectionState> bases = new HashMap<>();
  // What each layer reads at the snapshot; absent for a collection that did not exist then.
  private final Map<Namespace, SnapshotSource> sources = new HashMap<>();
  private final List<TableView> pinned = new ArrayList<>();
  private long ownSequence = OWN_SEQUENCES;
  private long stagedBytes;
  private volatile Status status = Status.ACTIVE;
  private volatile String abortReason;

  EngineTransaction(
      Engine engine,
      CollectionRegistry present,
      ViewCatalog views,
      WriteAheadLog wal,
      LogApplier applier,
      ReaderPins pins,
      PastCollections history,
      TransactionLocks locks,
      Clock clock,
      UUID session,
      long txnNumber) {
    this.engine = engine;
    this.present = present;
    this.wal = wal;
    this.applier = applier;
    this.pins = pins;
    this.history = history;
    this.locks = locks;
    this.snapshot = wal.durableSequence();
    this.started = clock.instant();
    this.session = session;
    this.txnNumber = txnNumber;
    this.layers = new CollectionRegistry(views, this::layerOf, this::newLayer);
    this.catalog =
        new TransactionCatalogChanges(present, layers, views, snapshot, this::stageCatalogRecord);
    layers.guardCreates(present::checkCreatable);
    this.reads = new ReadPath(layers, pins, () -> snapshot);
    this.plans = new ReadPlans(layers, pins, () -> snapshot);
    ChangeLog staged =
        new ChangeLog() {
          @Override
          public WriteAheadLog.Appended append(WalRecord change) {
            return stage(change);
          }

          @Override
          public void checkIndexes(CollectionState state, BsonDocument document) {
            checkUnique(state, document);
          }

          @Override
          public void created(CollectionState state) {
            catalog.createdImplicitly(state);
          }
        };
    this.writes = new DocumentWrites(layers, staged, reads, clock, engine::commandVariables);
  }

  /** The transaction whose {@link #run} is on this thread's stack, if any. */
  static EngineTransaction current() {
    return CURRENT.isBound() ? CURRENT.get() : null;
  }

  /** Whether {@code engine}'s reads and writes on this thread go to a transaction. */
  static EngineTransaction currentOf(Engine engine) {
    EngineTransaction current = current();
    return current != null && current.engine == engine ? current : null;
  }

  /**
   * Runs {@code body} inside the transaction: the engine's reads and writes in it read the snapshot
   * and the transaction's own writes, and write into the transaction.
   *
   * @throws MongoLakeException NoSuchTransaction once the transaction ended
   */
  public <T> T run(Supplier<T> body) {
    operation.lock();
    try {
      requireActive();
      return ScopedValue.where(CURRENT, this).call(body::get);
    } finally {
      operation.unlock();
    }
  }

  /** The log sequence whose state the transaction reads (with its own writes). */
  public long snapshotSequence() {
    return snapshot;
  }

  /** When it started. */
  public Instant started() {
    return started;
  }

  /** Where it is in its life. */
  public Status status() {
    return status;
  }

  /** How many document changes it holds. */
  public int changeCount() {
    operation.lock();
    try {
      return changes.size();
    } finally {
      operation.unlock();
    }
  }

  ReadPath reads() {
    return reads;
  }

  ReadPlans plans() {
    return plans;
  }

  DocumentWrites writes() {
    return writes;
  }

  /**
   * {@code create} inside the transaction (see {@link TransactionCatalogChanges#createCollection}).
   */
  void createCollection(Namespace namespace, BsonDocument stored) {
    requireActive();
    catalog.createCollection(namespace, stored);
  }

  /**
   * {@code createIndexes} inside the transaction (see {@link
   * TransactionCatalogChanges#createIndexes}).
   */
  dev.mongolake.IndexesCreated createIndexes(Namespace namespace, List<BsonDocument> specs) {
    requireActive();
    return catalog.createIndexes(namespace, specs, reads);
  }

  /** The transaction's own state of a collection it created, or null. */
  CollectionState createdCollection(Namespace namespace) {
    return catalog.created(namespace);
  }

  /** The layer of a collection a write needs that neither the snapshot nor the transaction has. */
  private CollectionState newLayer(Namespace namespace) {
    return catalog.newLayer(namespace);
  }

  /** Counts a staged catalog record in the transaction's size. */
  private void stageCatalogRecord(WalRecord record) {
    requireActive();
    addStagedBytes(record);
  }

  private void addStagedBytes(WalRecord record) {
    stagedBytes += dev.mongolake.internal.wal.WalRecordCodec.encode(record).length;
    if (stagedBytes > MAX_BYTES) {
      throw new MongoLakeException(
          ErrorCode.TRANSACTION_TOO_LARGE,
          "Total size of all transaction operations must be less than "
              + MAX_BYTES
              + " bytes: the transaction's changes are "
              + stagedBytes
              + " bytes");
    }
  }

  /**
   * Makes the transaction's changes durable as one log record, then visible to every reader at
   * once. A transaction without changes just ends.
   *
   * @throws MongoLakeException WriteConflict (the transaction is then aborted) when a write
   *     committed since the snapshot changed a document it wrote, or its collection was dropped or
   *     renamed, or another operation created a collection it creates; DuplicateKey likewise for a
   *     unique key taken since; NoSuchTransaction when it was aborted
   */
  public void commit() {
    WriteAheadLog.Appended appended;
    operation.lock();
    try {
      if (status == Status.COMMITTED) {
        return;
      }
      requireActive();
      if (changes.isEmpty() && catalog.isEmpty()) {
        end(Status.COMMITTED);
        return;
      }
      java.util.SortedSet<Namespace> namespaces =
          new java.util.TreeSet<>(java.util.Comparator.comparing(Namespace::fullName));
      namespaces.addAll(written.keySet());
      namespaces.addAll(catalog.namespaces());
      List<Namespace> order = new ArrayList<>(namespaces);
      List<CollectionState> held = new ArrayList<>();
      List<CollectionState> bound = new ArrayList<>();
      try {
        // In name order, as every writer of several collections locks them; a collection the
        // transaction created is bound to its name now, locked, for the record's create to find.
        for (Namespace namespace : order) {
          if (catalog.creates(namespace)) {
            CollectionState fresh = catalog.bindForCommit(namespace);
            bound.add(fresh);
            held.add(fresh);
          } else {
            held.add(present.locked(namespace));
          }
        }
        for (int i = 0; i < order.size(); i++) {
          if (written.containsKey(order.get(i))) {
            checkStillCommittable(order.get(i), held.get(i));
          }
        }
        // The creates first: a replay makes the collections and their indexes before their
        // documents (an index is only created on a collection still empty).
        List<WalRecord> record = new ArrayList<>(catalog.records());
        record.addAll(changes);
        appended = wal.append(new WalRecord.Transaction(record, session, txnNumber), applier);
      } catch (RuntimeException e) {
        bound.forEach(catalog::unbind);
        end(Status.ABORTED);
        throw e;
      } finally {
        held.forEach(state -> state.writeLock().unlock());
      }
      end(Status.COMMITTED);
    } finally {
      operation.unlock();
    }
    appended.awaitDurable();
  }

  /** Drops the transaction's changes. Nothing it wrote was ever visible outside it. */
  public void abort() {
    abort(null);
  }

  /**
   * {@link #abort()}, saying why ({@code reason}, shown by the NoSuchTransaction of the operations
   * that come after; null: the client aborted it). Does nothing to a transaction that ended.
   */
  public void abort(String reason) {
    operation.lock();
    try {
      if (status == Status.ACTIVE) {
        abortReason = reason;
        end(Status.ABORTED);
      }
    } finally {
      operation.unlock();
    }
  }

  /** Whether it started longer than {@code lifetime} before {@code now}. */
  public boolean outlived(Duration lifetime, Instant now) {
    return started.plus(lifetime).isBefore(now);
  }

  private void requireActive() {
    if (status != Status.ACTIVE) {
      throw new MongoLakeException(
          ErrorCode.NO_SUCH_TRANSACTION,
          "Transaction "
              + txnNumber
              + " has been "
              + (status == Status.COMMITTED ? "committed" : "aborted")
              + (abortReason == null ? "" : ": " + abortReason)
              + ".");
    }
  }

  private void end(Status end) {
    status = end;
    pinned.forEach(pins::unpin);
    pinned.clear();
    locks.releaseAll(this);
  }

  /**
   * The collection as the snapshot holds it, under a layer for the transaction's writes; null when
   * it did not exist then.
   */
  private CollectionState layerOf(Namespace namespace) {
    if (present.lastRemoval() > snapshot) {
      refuseIfDroppedSinceSnapshot(namespace);
    }
    CollectionState base = present.get(namespace);
    if (base == null) {
      return null;
    }
    if (base.capped() != null) {
      throw new MongoLakeException(
          ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION,
          "Collection "
              + namespace
              + " is a capped collection: reads and writes of capped collections are not"
              + " supported in a multi-document transaction");
    }
    TableView view = pinnedView(base);
    CollectionState then = base;
    if (view.floor() > snapshot) {
      // Flushed since the snapshot: the table version and log records that held it then.
      pins.unpin(view);
      pinned.remove(view);
      then = history.stateAt(base, snapshot);
      if (then == null) {
        bases.put(namespace, base);
        return null;
      }
      view = then.view();
      pins.pin(view);
      pinned.add(view);
    }
    bases.put(namespace, base);
    sources.put(namespace, new SnapshotSource(then, view));
    return CollectionState.layeredOver(then, view, snapshot);
  }

  /**
   * A collection the snapshot held that a drop or rename took away since, or a name another
   * collection took since, is not readable as it was (its changes are filed under another name):
   * refused rather than read as empty or as the other collection, as MongoDB refuses it.
   */
  private void refuseIfDroppedSinceSnapshot(Namespace namespace) {
    if (history.renamedOrDroppedAfter(namespace, snapshot)) {
      throw new MongoLakeException(
          ErrorCode.SNAPSHOT_UNAVAILABLE,
          "Unable to read from a snapshot due to pending collection catalog changes; please"
              + " retry the operation. ("
              + namespace
              + " was dropped or renamed after the transaction started)");
    }
  }

  /** The collection's current table view, pinned (a flush then keeps what it reads). */
  private TableView pinnedView(CollectionState state) {
    while (true) {
      TableView view = state.view();
      pins.pin(view);
      if (state.view() == view) {
        pinned.add(view);
        return view;
      }
      pins.unpin(view);
    }
  }

  /** Takes a change of the document writes: kept for the commit, applied to the layer. */
  private WriteAheadLog.Appended stage(WalRecord change) {
    requireActive();
    WalRecord plain = change instanceof WalRecord.Retryable retryable ? retryable.change() : change;
    Namespace namespace = plain.namespace();
    CollectionState layer = layers.get(namespace);
    BsonValue id = DocumentChanges.idOf(plain);
    CollectionState base = present.get(namespace);
    if (!locks.tryLock(this, namespace, id)) {
      throw conflict(namespace, id, "another transaction writes it");
    }
    if (base != null && changedSinceSnapshot(base, id)) {
      throw conflict(namespace, id, "a write committed after the transaction started changed it");
    }
    addStagedBytes(plain);
    long sequence = ++ownSequence;
    BsonDocument version =
        switch (plain) {
          case WalRecord.Insert insert -> {
            layer.buffer().put(sequence, insert.document(), true);
            yield insert.document();
          }
          case WalRecord.Update update -> {
            layer.buffer().put(sequence, update.document(), false);
            yield update.document();
          }
          case WalRecord.Replace replace -> {
            layer.buffer().put(sequence, replace.document(), false);
            yield replace.document();
          }
          case WalRecord.Delete delete -> {
            layer.buffer().delete(sequence, delete.id());
            yield null;
          }
          default ->
              throw new MongoLakeException(
                  ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION,
                  "Cannot make this change in a multi-document transaction: " + plain);
        };
    changes.add(plain);
    written
        .computeIfAbsent(namespace, ns -> new TreeMap<>(BsonComparisonOrder.INSTANCE))
        .put(id, version);
    return new WriteAheadLog.Appended(sequence, 0, CompletableFuture.completedFuture(null));
  }

  /**
   * Whether a write committed after the snapshot changed the document: its newest buffered version
   * is newer than the snapshot, or (flushed since, so no longer buffered) the table's version now
   * differs from the snapshot's; for a collection that did not exist at the snapshot, whether the
   * document exists at all.
   */
  private boolean changedSinceSnapshot(CollectionState now, BsonValue id) {
    Optional<BufferedDocument> newest = now.buffer().get(id, -1, Long.MAX_VALUE);
    if (newest.isPresent()) {
      return newest.get().sequence() > snapshot;
    }
    SnapshotSource then = sources.get(now.namespace());
    if (then == null) {
      return documentIn(now.buffer(), now.view(), id, Long.MAX_VALUE) != null;
    }
    if (now.view().floor() <= then.view().floor()) {
      return false;
    }
    return !Objects.equals(
        documentIn(then.state().buffer(), then.view(), id, snapshot),
        documentIn(now.buffer(), now.view(), id, Long.MAX_VALUE));
  }

  /** The version of the document with {@code id} that a read at {@code readSequence} sees. */
  private static BsonDocument documentIn(
      dev.mongolake.internal.buffer.DocumentBuffer buffer,
      TableView view,
      BsonValue id,
      long readSequence) {
    Optional<BufferedDocument> buffered = buffer.get(id, view.floor(), readSequence);
    if (buffered.isPresent()) {
      return buffered.get().isTombstone() ? null : buffered.get().document();
    }
    return view.snapshot() == null ? null : view.snapshot().findById(id).orElse(null);
  }

  /** What a layer reads under the transaction's writes: a state's buffer over a table version. */
  private record SnapshotSource(CollectionState state, TableView view) {}

  /**
   * The unique index check of a write in the transaction: against the collection's indexes as they
   * are, a key held by a document the transaction rewrote not counting (its own version decides),
   * and against the transaction's own documents.
   */
  private void checkUnique(CollectionState state, BsonDocument document) {
    NavigableMap<BsonValue, BsonDocument> own = written.get(state.namespace());
    state.indexes().check(document, other -> own != null && own.containsKey(other));
    if (own == null) {
      return;
    }
    BsonValue id = document.get("_id");
    for (SecondaryIndex index : state.indexes().uniqueIndexes()) {
      java.util.Set<IndexKey> keys = index.keys(document);
      for (Map.Entry<BsonValue, BsonDocument> mine : own.entrySet()) {
        if (mine.getValue() == null
            || BsonComparisonOrder.INSTANCE.compare(mine.getKey(), id) == 0) {
          continue;
        }
        for (IndexKey key : index.keys(mine.getValue())) {
          if (keys.contains(key)) {
            throw state.indexes().duplicate(index, key);
          }
        }
      }
    }
  }

  /**
   * Fails the commit when the collection's present state no longer admits the transaction's
   * changes: it was dropped or renamed, a document it wrote changed since the snapshot, or a unique
   * key its documents take was taken since. Caller holds the collection's write lock.
   */
  private void checkStillCommittable(Namespace namespace, CollectionState now) {
    CollectionState base = bases.get(namespace);
    if (base != null && base != now) {
      throw new MongoLakeException(
          ErrorCode.WRITE_CONFLICT,
          "Write conflict during commit: collection "
              + namespace
              + " was dropped or renamed while the transaction ran");
    }
    NavigableMap<BsonValue, BsonDocument> own = written.get(namespace);
    for (Map.Entry<BsonValue, BsonDocument> entry : own.entrySet()) {
      if (base != null && changedSinceSnapshot(now, entry.getKey())) {
        throw conflict(namespace, entry.getKey(), "a write committed meanwhile changed it");
      }
      if (entry.getValue() != null) {
        now.indexes().check(entry.getValue(), own::containsKey);
      }
    }
  }

  private static MongoLakeException conflict(Namespace namespace, BsonValue id, String why) {
    return new MongoLakeException(
        ErrorCode.WRITE_CONFLICT,
        "Write conflict during plan execution and yielding is disabled. :: Please retry your"
            + " operation or multi-document transaction. (document "
            + dev.mongolake.bson.BsonDebugText.value(id)
            + " of "
            + namespace
            + ": "
            + why
            + ")");
  }
}
