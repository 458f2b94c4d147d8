package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.IndexChange;
import dev.mongolake.IndexesCreated;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.internal.index.CollectionIndexes;
import dev.mongolake.internal.index.IndexSpec;
import dev.mongolake.internal.index.IndexSpecParser;
import dev.mongolake.internal.index.SecondaryIndex;
import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WriteAheadLog;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * createIndexes, listIndexes and dropIndexes with MongoDB's semantics. Each change is logged (and
 * so replayed after a crash) and waits until durable; a create builds the index over the
 * collection's documents first, so a unique index over duplicates fails before anything is logged.
 */
public final class IndexCatalogOperations {

  private final CollectionRegistry collections;
  private final ViewCatalog views;
  private final ReadPath reads;
  private final WriteAheadLog wal;
  private final LogApplier applier;
  // The transaction these operations run in (creates only, as MongoDB allows), or null.
  private final EngineTransaction transaction;

  /** The operations inside {@code transaction}: creates staged in it, the others refused. */
  static IndexCatalogOperations inTransaction(EngineTransaction transaction) {
    return new IndexCatalogOperations(transaction);
  }

  private IndexCatalogOperations(EngineTransaction transaction) {
    this.collections = null;
    this.views = null;
    this.reads = null;
    this.wal = null;
    this.applier = null;
    this.transaction = transaction;
  }

  IndexCatalogOperations(
      CollectionRegistry collections,
      ViewCatalog views,
      ReadPath reads,
      WriteAheadLog wal,
      LogApplier applier) {
    this.collections = collections;
    this.views = views;
    this.reads = reads;
    this.wal = wal;
    this.applier = applier;
    this.transaction = null;
  }

  /**
   * Refuses listing, dropping and changing indexes inside a transaction, as MongoDB does
   * (OperationNotSupportedInTransaction).
   */
  private void refuseInTransaction() {
    if (transaction != null) {
      throw new MongoLakeException(
          ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION,
          "Cannot change or list indexes in a multi-document transaction.");
    }
  }

  /**
   * Creates the indexes in {@code specs} ({@code createIndexes} form) that do not exist yet; inside
   * a transaction, only on a collection it creates (see {@link TransactionCatalogChanges}).
   */
  public IndexesCreated create(Namespace namespace, List<BsonDocument> specs) {
    if (transaction != null) {
      return transaction.createIndexes(namespace, specs);
    }
    if (specs.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "Must specify at least one index to create");
    }
    Collation collectionDefault = collections.defaultCollation(namespace);
    List<IndexSpec> parsed =
        specs.stream()
            .map(spec -> IndexSpecParser.parseForCreate(spec, collectionDefault))
            .toList();
    CollectionRegistry.Locked locked = collections.lockedForWrite(namespace);
    CollectionState state = locked.state();
    boolean createdCollection = locked.created();
    List<WriteAheadLog.Appended> appended = new ArrayList<>();
    List<String> created = new ArrayList<>();
    int before;
    try {
      CollectionIndexes indexes = state.indexes();
      before = indexes.specs().size();
      List<SecondaryIndex> built = new ArrayList<>();
      for (IndexSpec spec : indexes.missing(parsed)) {
        try (CloseableIterator<BsonDocument> documents = reads.scan(namespace, Long.MAX_VALUE)) {
          built.add(indexes.build(spec, documents));
        }
      }
      // A collection a write made without logging it (an update that matched nothing) is
      // created here too, so that its identity is in the log before its first index.
      if (createdCollection || !state.createLogged()) {
        appended.add(
            wal.append(
                new WalRecord.CreateCollection(namespace, new BsonDocument(), state.uuid()),
                applier));
      }
      for (SecondaryIndex index : built) {
        WalRecord record = new WalRecord.CreateIndex(namespace, index.spec().toDocument());
        appended.add(wal.append(record, (sequence, r) -> indexes.install(index, sequence)));
        created.add(index.spec().name());
      }
    } finally {
      state.writeLock().unlock();
    }
    appended.forEach(WriteAheadLog.Appended::awaitDurable);
    return new IndexesCreated(created, before, before + created.size(), createdCollection);
  }

  /** The index definitions, {@code _id_} first, as {@code listIndexes} returns them. */
  public List<BsonDocument> list(Namespace namespace) {
    refuseInTransaction();
    return existing(namespace, "ns does not exist: ").indexes().specs().stream()
        .map(IndexSpec::toDocument)
        .toList();
  }

  /** Drops one index by name. */
  public void dropByName(Namespace namespace, String name) {
    refuseInTransaction();
    drop(
        namespace,
        state -> {
          if (name.equals(IndexSpec.ID_INDEX_NAME)) {
            throw cannotDropId();
          }
          return name;
        });
  }

  /** Drops the index with this key pattern. */
  public void dropByKeys(Namespace namespace, BsonDocument keys) {
    refuseInTransaction();
    drop(
        namespace,
        state -> {
          if (IndexSpecParser.isIdPattern(keys)) {
            throw cannotDropId();
          }
          return state.indexes().all().stream()
              .map(SecondaryIndex::spec)
              .filter(spec -> spec.keys().equals(keys))
              .map(IndexSpec::name)
              .findFirst()
              .orElseThrow(
                  () ->
                      new MongoLakeException(
                          ErrorCode.INDEX_NOT_FOUND,
                          "can't find index with key: { " + BsonDebugText.fields(keys) + " }"));
        });
  }

  private static MongoLakeException cannotDropId() {
    return new MongoLakeException(ErrorCode.INVALID_OPTIONS, "cannot drop _id index");
  }

  /**
   * Drops every index but {@code _id_}.
   *
   * @return the number of indexes before, {@code _id_} included
   */
  public int dropAll(Namespace namespace) {
    refuseInTransaction();
    CollectionState state = lockedExisting(namespace, "ns not found ");
    int before;
    List<WriteAheadLog.Appended> appended = new ArrayList<>();
    try {
      before = state.indexes().specs().size();
      for (SecondaryIndex index : state.indexes().all()) {
        appended.add(
            wal.append(
                new WalRecord.DropIndex(namespace, index.spec().name(), index.spec().toDocument()),
                applier));
      }
    } finally {
      state.writeLock().unlock();
    }
    appended.forEach(WriteAheadLog.Appended::awaitDurable);
    return before;
  }

  /**
   * Drops the index {@code chooser} names in the collection, once its lock is held: the name is
   * resolved against the collection the lock protects.
   */
  private void drop(Namespace namespace, Function<CollectionState, String> chooser) {
    CollectionState state = lockedExisting(namespace, "ns not found ");
    WriteAheadLog.Appended appended;
    try {
      String name = chooser.apply(state);
      var dropped = state.indexes().find(name);
      if (dropped.isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.INDEX_NOT_FOUND, "index not found with name [" + name + "]");
      }
      appended =
          wal.append(
              new WalRecord.DropIndex(namespace, name, dropped.get().spec().toDocument()), applier);
    } finally {
      state.writeLock().unlock();
    }
    appended.awaitDurable();
  }

  /**
   * {@code collMod}'s {@code index: {name | keyPattern, expireAfterSeconds?, hidden?}}: gives a
   * single-field index a new TTL (or its first), hides an index from the query planner or shows it
   * again. The index keeps its contents; the changed definition is logged as one create of the
   * index, which replaces the definition on replay, so a crash leaves either the old or the new
   * one.
   *
   * @param index the {@code index} document of the command
   */
  public IndexChange modify(Namespace namespace, BsonDocument index) {
    refuseInTransaction();
    BsonValue seconds = index.get("expireAfterSeconds");
    BsonValue hidden = index.get("hidden");
    if (seconds == null && hidden == null) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS, "no expireAfterSeconds or hidden field");
    }
    if (seconds != null && (!seconds.isNumber() || seconds.asNumber().doubleValue() < 0)) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS,
          "TTL index 'expireAfterSeconds' option must be a non-negative number");
    }
    if (hidden != null && !hidden.isBoolean()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field 'collMod.index.hidden' is the wrong type '"
              + BsonTypeNames.of(hidden)
              + "', expected type 'bool'");
    }
    if (hidden != null && isIdIndex(index)) {
      throw new MongoLakeException(ErrorCode.BAD_VALUE, "can't hide _id index");
    }
    WriteAheadLog.Appended appended;
    IndexChange change;
    CollectionState state = lockedExisting(namespace, "ns does not exist: ");
    try {
      IndexSpec current = target(state, index);
      IndexSpec changed = current;
      if (seconds != null) {
        if (current.keys().size() != 1) {
          throw new MongoLakeException(
              ErrorCode.INVALID_OPTIONS,
              "TTL indexes are single-field indexes, compound indexes do not support TTL. Index"
                  + " spec: "
                  + current.toDocument().toJson());
        }
        changed = changed.withExpireAfterSeconds(seconds.asNumber().longValue());
      }
      if (hidden != null) {
        changed = changed.withHidden(hidden.asBoolean().getValue());
      }
      change =
          new IndexChange(
              seconds == null ? null : current.expireAfterSeconds(),
              seconds == null ? null : changed.expireAfterSeconds(),
              hidden == null ? null : current.hidden(),
              hidden == null ? null : changed.hidden());
      if (changed.sameDefinition(current)) {
        return change;
      }
      IndexSpec definition = changed;
      appended =
          wal.append(
              new WalRecord.CreateIndex(namespace, definition.toDocument(), current.toDocument()),
              (sequence, record) -> state.indexes().redefine(definition));
    } finally {
      state.writeLock().unlock();
    }
    appended.awaitDurable();
    return change;
  }

  private static boolean isIdIndex(BsonDocument index) {
    return (index.isString("name")
            && index.getString("name").getValue().equals(IndexSpec.ID_INDEX_NAME))
        || (index.isDocument("keyPattern")
            && IndexSpecParser.isIdPattern(index.getDocument("keyPattern")));
  }

  /** The index an {@code index: {name | keyPattern}} document names. */
  private static IndexSpec target(CollectionState state, BsonDocument index) {
    if (index.isString("name")) {
      String name = index.getString("name").getValue();
      return state.indexes().all().stream()
          .map(SecondaryIndex::spec)
          .filter(spec -> spec.name().equals(name))
          .findFirst()
          .orElseThrow(
              () ->
                  new MongoLakeException(
                      ErrorCode.INDEX_NOT_FOUND,
                      "cannot find index " + name + " for ns " + state.namespace()));
    }
    if (index.isDocument("keyPattern")) {
      BsonDocument keys = index.getDocument("keyPattern");
      return state.indexes().all().stream()
          .map(SecondaryIndex::spec)
          .filter(spec -> spec.keys().equals(keys))
          .findFirst()
          .orElseThrow(
              () ->
                  new MongoLakeException(
                      ErrorCode.INDEX_NOT_FOUND,
                      "cannot find index { "
                          + BsonDebugText.fields(keys)
                          + " } for ns "
                          + state.namespace()));
    }
    throw new MongoLakeException(
        ErrorCode.INVALID_OPTIONS, "must specify either index name or key pattern");
  }

  private CollectionState existing(Namespace namespace, String prefix) {
    if (views.isView(namespace)) {
      throw ViewCatalog.notACollection(namespace);
    }
    if (!collections.exists(namespace)) {
      throw notFound(namespace, prefix);
    }
    return collections.getOrCreate(namespace);
  }

  /**
   * The existing collection's state with its write lock held. Taken through the registry, which
   * re-checks the name once it holds the lock: a change that waited while a rename or drop took the
   * name away must not act on the collection under its old name.
   */
  private CollectionState lockedExisting(Namespace namespace, String prefix) {
    CollectionState state = collections.lockedExisting(namespace);
    if (state == null) {
      throw notFound(namespace, prefix);
    }
    return state;
  }

  private static MongoLakeException notFound(Namespace namespace, String prefix) {
    return new MongoLakeException(ErrorCode.NAMESPACE_NOT_FOUND, prefix + namespace.fullName());
  }
}
