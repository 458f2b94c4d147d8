package dev.mongolake.internal.engine;

import dev.mongolake.Namespace;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.PointLookup;
import dev.mongolake.internal.buffer.DocumentBuffer;
import dev.mongolake.internal.index.CollectionIndexes;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * One collection inside the engine: its table (once flushed), the view readers combine with its
 * buffer of unflushed changes, and the lock that serializes its writers (readers never take it).
 */
final class CollectionState {

  private volatile Namespace namespace;
  private final DocumentBuffer buffer;
  // Whether reads may use the secondary indexes: not over a transaction's own writes.
  private final boolean layered;
  private final ReentrantLock writeLock = new ReentrantLock();
  private volatile BsonDocument options;
  private volatile CollectionValidation validation;
  private volatile Collation collation;
  private volatile CappedOptions capped;
  private volatile boolean preAndPostImages;
  private volatile InsertionOrder insertionOrder;
  private long optionsVersion;
  private long persistedOptionsVersion;
  private volatile DocumentTable table;
  private volatile java.util.UUID uuid = java.util.UUID.randomUUID();
  // False for a collection a first write created until a record in the log fixes its identity.
  private volatile boolean createLogged = true;
  private volatile TableView view = TableView.EMPTY;
  private final CollectionIndexes indexes;
  private NavigableSet<BsonValue> tableIds;
  private int lookupsThatOpenedFiles;

  /** Table lookups that had to open files before the {@code _id} set is worth its memory. */
  private static final int LOOKUPS_BEFORE_ID_SET = 256;

  private long persistedCatalogVersion;

  CollectionState(Namespace namespace, BsonDocument options) {
    this(namespace, options, new DocumentBuffer(), null);
  }

  /** A collection a create record made, with the identity the record gives (null: a new one). */
  CollectionState(Namespace namespace, BsonDocument options, java.util.UUID uuid) {
    this(namespace, options);
    if (uuid != null) {
      this.uuid = uuid;
    }
  }

  /**
   * A collection a first write creates, before any record of its creation is in the log: the writer
   * logs its create (see {@link #createLogged()}) with the identity it has.
   */
  static CollectionState implicit(Namespace namespace) {
    CollectionState state = new CollectionState(namespace, new BsonDocument());
    state.createLogged = false;
    return state;
  }

  private CollectionState(
      Namespace namespace, BsonDocument options, DocumentBuffer buffer, CollectionIndexes shared) {
    this.buffer = buffer;
    this.layered = shared != null;
    this.namespace = namespace;
    this.options = options.clone();
    this.validation = CollectionValidation.of(this.options);
    this.collation = DefaultCollation.of(this.options);
    this.capped = CappedOptions.of(this.options);
    this.preAndPostImages = PreAndPostImages.enabled(this.options);
    this.insertionOrder = capped == null ? null : new InsertionOrder();
    // Options given at creation have yet to reach the table's options file.
    this.optionsVersion = this.options.isEmpty() ? 0 : 1;
    if (shared != null) {
      this.indexes = shared;
      return;
    }
    this.indexes = new CollectionIndexes(namespace);
    // A created collection holds no documents yet: its _id keys under the collation start empty.
    this.indexes.collateIds(collation, java.util.Collections.emptyIterator());
  }

  /**
   * A transaction's view of {@code base}: its table at {@code view}, its buffer as it was at {@code
   * snapshotSequence} under the transaction's own writes, its options, and its indexes (shared,
   * read at the snapshot, never written through this state).
   */
  static CollectionState layeredOver(CollectionState base, TableView view, long snapshotSequence) {
    CollectionState layered =
        new CollectionState(
            base.namespace(),
            base.options(),
            DocumentBuffer.layeredOver(base.buffer(), snapshotSequence),
            base.indexes());
    layered.table = base.table();
    layered.view = view;
    layered.uuid = base.uuid();
    return layered;
  }

  /**
   * A transaction's layer of a collection the snapshot does not hold, which the transaction
   * creates: empty, with {@code options} and indexes of its own. {@code implicit}: made for a write
   * that may create it, which logs its create (see {@link #createLogged()}) with its first
   * document; else created explicitly, its create already staged.
   */
  static CollectionState newInTransaction(
      Namespace namespace, BsonDocument options, long snapshotSequence, boolean implicit) {
    CollectionState layer =
        layeredOver(new CollectionState(namespace, options), TableView.EMPTY, snapshotSequence);
    layer.createLogged = !implicit;
    return layer;
  }

  /**
   * Whether reads may choose a secondary index: always, except over a transaction's own writes,
   * which the shared indexes do not hold.
   */
  boolean secondaryIndexesUsable() {
    return !layered || !buffer.hasOwnVersions();
  }

  CollectionState(Namespace namespace, DocumentTable table, TableView view) {
    this(namespace, new BsonDocument());
    this.table = table;
    this.view = view;
    this.uuid = uuidOf(table);
  }

  /**
   * The collection's identity, as listCollections reports it: the one its create record in the log
   * names, and its Delta table's id once the table exists (the table is created with it), so that
   * it lasts across restarts and renames.
   */
  java.util.UUID uuid() {
    return uuid;
  }

  private static java.util.UUID uuidOf(DocumentTable table) {
    try {
      return java.util.UUID.fromString(table.id());
    } catch (IllegalArgumentException e) {
      // A table another writer created with an id that is no UUID: one derived from it.
      return java.util.UUID.nameUUIDFromBytes(
          table.id().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  /**
   * Whether the log holds what fixes the collection's identity (its create record, or the first
   * change replay derives it from); false only for a collection a first write created and has not
   * logged yet.
   */
  boolean createLogged() {
    return createLogged;
  }

  /**
   * Fixes the identity of a collection a first write created: {@code identity} when the log now
   * holds its create, else as replay derives it (see {@link #derivedIdentity}). Caller holds the
   * write lock, or replays.
   */
  void identityLogged(java.util.UUID identity) {
    if (!createLogged) {
      identityRecorded(identity);
    }
  }

  /**
   * Gives the collection the identity its create record names: the record decides, also over one a
   * change before it derived (replay of a collection a write created before its first insert).
   */
  void identityRecorded(java.util.UUID identity) {
    uuid = identity;
    createLogged = true;
  }

  /**
   * The identity of a collection whose first change at {@code sequence} has no create record (a
   * transaction's first insert, or a log written before creates carried identities): the same at
   * every replay.
   */
  static java.util.UUID derivedIdentity(Namespace namespace, long sequence) {
    return java.util.UUID.nameUUIDFromBytes(
        (namespace.fullName() + "@" + sequence).getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  Namespace namespace() {
    return namespace;
  }

  /**
   * Gives the collection its new name; its buffer, indexes and table stay. Caller holds the write
   * lock.
   */
  void renameTo(Namespace newName) {
    namespace = newName;
    indexes.renamedTo(newName);
  }

  /** The path of the collection's table, or {@code null} before a flush created it. */
  String tablePath() {
    DocumentTable current = table;
    return current == null ? null : current.path();
  }

  DocumentBuffer buffer() {
    return buffer;
  }

  CollectionIndexes indexes() {
    return indexes;
  }

  /** Whether the index catalog changed since it was last written to disk. Writer-only. */
  boolean catalogStale() {
    return indexes.catalogVersion() != persistedCatalogVersion;
  }

  /** Records that the catalog file now holds the current definitions. Writer-only. */
  void catalogPersisted() {
    persistedCatalogVersion = indexes.catalogVersion();
  }

  ReentrantLock writeLock() {
    return writeLock;
  }

  BsonDocument options() {
    return options.clone();
  }

  /** The validator, validationLevel and validationAction its options give. */
  CollectionValidation validation() {
    return validation;
  }

  /** The collection's default collation (simple unless {@code create} gave one). */
  Collation collation() {
    return collation;
  }

  /**
   * Replaces the collection's options (a logged {@code collMod}, or the options file read at open).
   * Caller holds the write lock, or is recovery.
   */
  void setOptions(BsonDocument newOptions) {
    BsonDocument copy = newOptions.clone();
    validation = CollectionValidation.of(copy);
    collation = DefaultCollation.of(copy);
    capped = CappedOptions.of(copy);
    preAndPostImages = PreAndPostImages.enabled(copy);
    if (capped != null && insertionOrder == null) {
      insertionOrder = new InsertionOrder();
    }
    options = copy;
    optionsVersion++;
  }

  /**
   * Whether the collection's changes log the documents they change as they were before ({@code
   * changeStreamPreAndPostImages}).
   */
  boolean preAndPostImages() {
    return preAndPostImages;
  }

  /** The collection's cap, or null when it is not capped. */
  CappedOptions capped() {
    return capped;
  }

  /** A capped collection's natural order (see {@link InsertionOrder}); null when not capped. */
  InsertionOrder insertionOrder() {
    return insertionOrder;
  }

  /** Whether the options changed since they were last written with the table. Writer-only. */
  boolean optionsStale() {
    return optionsVersion != persistedOptionsVersion;
  }

  /** Records that the table's options file holds the current options. Writer-only. */
  void optionsPersisted() {
    persistedOptionsVersion = optionsVersion;
  }

  DocumentTable table() {
    return table;
  }

  TableView view() {
    return view;
  }

  /** Installs a new table version. Caller holds the write lock. */
  void publish(DocumentTable newTable, TableView newView) {
    table = newTable;
    view = newView;
  }

  /**
   * The {@code _id}s the current table version holds, loaded on first use. Caller holds the write
   * lock, which also guards the set.
   */
  NavigableSet<BsonValue> tableIds() {
    if (tableIds == null) {
      NavigableSet<BsonValue> ids = new TreeSet<>(BsonComparisonOrder.INSTANCE);
      TableView current = view;
      if (current.snapshot() != null) {
        try (var scan = current.snapshot().scan()) {
          scan.forEachRemaining(document -> ids.add(document.get("_id")));
        }
      }
      tableIds = ids;
    }
    return tableIds;
  }

  /**
   * Whether the current table version holds a document with this {@code _id}. Asks the table's
   * point read, whose {@code _id} statistics and bloom filters answer without opening a file unless
   * one may hold the id (an insert of a new id, ordered or random, opens none); once lookups keep
   * opening files that do not hold it (ids the bloom filters cannot take, files written without
   * them), loads the id set and answers from memory. Caller holds the write lock.
   */
  boolean tableHolds(BsonValue id) {
    if (tableIds != null) {
      return tableIds.contains(id);
    }
    TableView current = view;
    if (current.snapshot() == null) {
      return false;
    }
    PointLookup lookup = current.snapshot().lookupById(id);
    boolean found = lookup.document().isPresent();
    if (lookup.metrics().filesOpened() > (found ? 1 : 0)
        && ++lookupsThatOpenedFiles >= LOOKUPS_BEFORE_ID_SET) {
      tableIds();
    }
    return found;
  }

  /** Whether the id set is loaded (flush keeps a loaded set current). */
  boolean tableIdsLoaded() {
    return tableIds != null;
  }
}
