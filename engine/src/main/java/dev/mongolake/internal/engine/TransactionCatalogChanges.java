package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.IndexesCreated;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.internal.index.CollectionIndexes;
import dev.mongolake.internal.index.IndexSpec;
import dev.mongolake.internal.index.IndexSpecParser;
import dev.mongolake.internal.index.SecondaryIndex;
import dev.mongolake.internal.wal.WalRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.bson.BsonDocument;

/**
 * The collections and indexes a multi-document transaction creates, as MongoDB 4.4+ allows them: a
 * new collection ({@code create}, or implicitly by its first document or index) and indexes on a
 * collection it creates while that is still empty. Each is staged as a log record and applied to
 * the transaction's own layer of the collection, so that the transaction's reads and writes see the
 * collection with its options and indexes (unique ones enforced) and nobody else does; the commit
 * record carries the records before the document changes, and the commit binds the new collections
 * under the collection locks, failing with WriteConflict when another operation made one of them
 * meanwhile.
 *
 * <p>Not thread-safe: the transaction runs one operation at a time.
 */
final class TransactionCatalogChanges {

  private final CollectionRegistry present;
  private final CollectionRegistry layers;
  private final ViewCatalog views;
  private final long snapshot;
  // Takes a staged record's size into the transaction's (and refuses once it ended).
  private final Consumer<WalRecord> staging;
  // The transaction's layers of the collections it created, by name, and their options.
  private final Map<Namespace, CollectionState> created = new LinkedHashMap<>();
  private final Map<Namespace, BsonDocument> options = new LinkedHashMap<>();
  private final List<WalRecord> records = new ArrayList<>();

  TransactionCatalogChanges(
      CollectionRegistry present,
      CollectionRegistry layers,
      ViewCatalog views,
      long snapshot,
      Consumer<WalRecord> staging) {
    this.present = present;
    this.layers = layers;
    this.views = views;
    this.snapshot = snapshot;
    this.staging = staging;
  }

  /**
   * The layer of a collection a write of the transaction needs and neither the snapshot nor the
   * transaction holds: empty, created once a document goes into it ({@link #createdImplicitly}).
   */
  CollectionState newLayer(Namespace namespace) {
    return CollectionState.newInTransaction(namespace, new BsonDocument(), snapshot, true);
  }

  /** Stages the create of the collection a first document makes ({@code layer}'s). */
  void createdImplicitly(CollectionState layer) {
    stage(layer, new BsonDocument());
  }

  /**
   * {@code create} in the transaction, with the options resolved as outside one ({@code stored}).
   *
   * @throws MongoLakeException NamespaceExists when a collection or view has the name (in the
   *     snapshot or created by the transaction), OperationNotSupportedInTransaction for a capped
   *     collection
   */
  void createCollection(Namespace namespace, BsonDocument stored) {
    if (CappedOptions.of(stored) != null) {
      throw new MongoLakeException(
          ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION,
          "Cannot create a capped collection in a multi-document transaction: " + namespace);
    }
    present.checkCreatable(namespace);
    if (views.isView(namespace)) {
      throw ViewCatalog.viewExists(namespace);
    }
    CollectionState existing = layers.get(namespace);
    if (existing != null && existing.createLogged()) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_EXISTS, "Collection " + namespace + " already exists.");
    }
    CollectionState layer = CollectionState.newInTransaction(namespace, stored, snapshot, false);
    layers.bind(namespace, layer);
    stage(layer, stored);
  }

  /**
   * {@code createIndexes} in the transaction, as MongoDB runs it there: on a collection that does
   * not exist (created by it) or that the transaction created and that is still empty; on any other
   * collection only indexes that exist already (nothing to do).
   *
   * @param reads the transaction's reads, to tell whether its collection is empty
   * @throws MongoLakeException OperationNotSupportedInTransaction for a new index on a collection
   *     the transaction did not create or that holds documents; MongoDB's errors for invalid or
   *     conflicting specifications; CommandNotSupportedOnView on a view
   */
  IndexesCreated createIndexes(Namespace namespace, List<BsonDocument> specs, ReadPath reads) {
    if (specs.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "Must specify at least one index to create");
    }
    if (views.isView(namespace)) {
      throw ViewCatalog.notACollection(namespace);
    }
    CollectionState state = layers.get(namespace);
    boolean implicit = state == null || !state.createLogged();
    Collation collation = state == null ? Collation.SIMPLE : state.collation();
    List<IndexSpec> parsed =
        specs.stream().map(spec -> IndexSpecParser.parseForCreate(spec, collation)).toList();
    if (implicit) {
      present.checkCreatable(namespace);
      state = layers.getOrCreate(namespace);
    }
    CollectionIndexes indexes = state.indexes();
    int before = indexes.specs().size();
    List<IndexSpec> missing = indexes.missing(parsed);
    if (!implicit && missing.isEmpty()) {
      return new IndexesCreated(List.of(), before, before, false);
    }
    if (!implicit && !created.containsKey(namespace)) {
      throw new MongoLakeException(
          ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION,
          "Cannot create new indexes on existing collection "
              + namespace
              + " in a multi-document transaction.");
    }
    if (!implicit) {
      try (CloseableIterator<BsonDocument> documents = reads.scan(namespace, Long.MAX_VALUE)) {
        if (documents.hasNext()) {
          throw new MongoLakeException(
              ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION,
              "Cannot create new indexes on non-empty collection "
                  + namespace
                  + " in a multi-document transaction.");
        }
      }
    }
    if (implicit) {
      createdImplicitly(state);
    }
    List<String> names = new ArrayList<>();
    for (IndexSpec spec : missing) {
      SecondaryIndex index = indexes.build(spec, Collections.emptyIterator());
      WalRecord record = new WalRecord.CreateIndex(namespace, index.spec().toDocument());
      staging.accept(record);
      records.add(record);
      // Empty, as the collection is: every read of the transaction may use it.
      indexes.install(index, 0);
      names.add(spec.name());
    }
    return new IndexesCreated(names, before, before + names.size(), implicit);
  }

  private void stage(CollectionState layer, BsonDocument stored) {
    Namespace namespace = layer.namespace();
    WalRecord record = new WalRecord.CreateCollection(namespace, stored, layer.uuid());
    staging.accept(record);
    records.add(record);
    layer.identityRecorded(layer.uuid());
    created.put(namespace, layer);
    options.put(namespace, stored);
  }

  /** The transaction's layer of a collection it created, or null. */
  CollectionState created(Namespace namespace) {
    return created.get(namespace);
  }

  /** Whether the transaction creates {@code namespace}. */
  boolean creates(Namespace namespace) {
    return created.containsKey(namespace);
  }

  /** The names of the collections it creates. */
  List<Namespace> namespaces() {
    return List.copyOf(created.keySet());
  }

  /** The staged creates, in the order the transaction made them. */
  List<WalRecord> records() {
    return List.copyOf(records);
  }

  boolean isEmpty() {
    return records.isEmpty();
  }

  /**
   * Binds the collection the transaction created to its name for the commit: a new, empty state
   * with its options and identity, its write lock held (the commit record's create then finds it).
   *
   * @throws MongoLakeException WriteConflict when another operation made a collection or view of
   *     that name since the transaction created it
   */
  CollectionState bindForCommit(Namespace namespace) {
    CollectionState fresh =
        new CollectionState(namespace, options.get(namespace), created.get(namespace).uuid());
    fresh.writeLock().lock();
    boolean bound;
    synchronized (present.namingLock()) {
      bound = !views.isView(namespace) && present.bindIfAbsent(namespace, fresh);
    }
    if (!bound) {
      fresh.writeLock().unlock();
      throw new MongoLakeException(
          ErrorCode.WRITE_CONFLICT,
          "Write conflict during commit: collection "
              + namespace
              + " was created by another operation while the transaction ran");
    }
    return fresh;
  }

  /** Unbinds a state {@link #bindForCommit} bound, for a commit that failed. */
  void unbind(CollectionState fresh) {
    present.unbind(fresh.namespace(), fresh);
  }
}
