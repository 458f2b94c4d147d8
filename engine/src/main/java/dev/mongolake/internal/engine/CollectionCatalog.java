package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WriteAheadLog;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The databases, collections and views of the lake, and the commands that create, drop and rename
 * them. Collection changes are logged like writes (and durable on return); views live in their
 * catalog file.
 *
 * <p>Thread-safe. A name never becomes both a collection and a view; a drop or rename waits for a
 * flush in progress (see {@link TableFlusher#exclusively}).
 */
public final class CollectionCatalog {

  private final CollectionRegistry collections;
  private final ViewCatalog views;
  private final WriteAheadLog wal;
  private final LogApplier applier;
  private final TableFlusher flusher;
  private final CollectionRenames renames;
  // Which names may be created and which collections dropped (null when read-only).
  private final Branches branches;
  // How a read-only catalog (a past point's) refuses a change, naming it; null when writable.
  private final java.util.function.Function<String, MongoLakeException> readOnly;
  // The transaction running on the calling thread, if any: its creates are staged in it.
  private final java.util.function.Supplier<EngineTransaction> transaction;

  CollectionCatalog(
      CollectionRegistry collections,
      ViewCatalog views,
      WriteAheadLog wal,
      LogApplier applier,
      TableFlusher flusher,
      CollectionRenames renames,
      Branches branches,
      java.util.function.Supplier<EngineTransaction> transaction) {
    this(collections, views, wal, applier, flusher, renames, branches, null, transaction);
  }

  /** A catalog that lists {@code collections} and refuses every change with {@code refusal}. */
  static CollectionCatalog readOnly(
      CollectionRegistry collections,
      ViewCatalog views,
      java.util.function.Function<String, MongoLakeException> refusal) {
    return new CollectionCatalog(
        collections, views, null, null, null, null, null, refusal, () -> null);
  }

  private void checkWritable(String action) {
    if (readOnly != null) {
      throw readOnly.apply(action);
    }
  }

  private CollectionCatalog(
      CollectionRegistry collections,
      ViewCatalog views,
      WriteAheadLog wal,
      LogApplier applier,
      TableFlusher flusher,
      CollectionRenames renames,
      Branches branches,
      java.util.function.Function<String, MongoLakeException> readOnly,
      java.util.function.Supplier<EngineTransaction> transaction) {
    this.readOnly = readOnly;
    this.transaction = transaction;
    this.branches = branches;
    this.collections = collections;
    this.views = views;
    this.wal = wal;
    this.applier = applier;
    this.flusher = flusher;
    this.renames = renames;
  }

  /**
   * Adds a view (its pipeline already validated by the caller).
   *
   * @throws MongoLakeException NamespaceExists when a collection or view has the name,
   *     GraphContainsCycle or ViewDepthLimitExceeded for a chain MongoDB refuses
   */
  public void createView(ViewDefinition view) {
    checkWritable("create view " + view.name());
    collections.checkCreatable(view.name());
    synchronized (collections.namingLock()) {
      views.create(view, collections::exists);
    }
  }

  /** Gives a view another source and pipeline (see {@link ViewCatalog#modify}). */
  public void modifyView(ViewDefinition view) {
    checkWritable("modify view " + view.name());
    views.modify(view);
  }

  /** Removes a view; whether it existed. */
  public boolean dropView(Namespace namespace) {
    if (views.isView(namespace)) {
      checkWritable("drop view " + namespace);
    }
    return views.drop(namespace);
  }

  /** Names of databases that hold at least one collection or view, sorted. */
  public SortedSet<String> databaseNames() {
    SortedSet<String> names = new TreeSet<>();
    collections.namespaces().forEach(ns -> names.add(ns.database()));
    names.addAll(views.databases());
    return names;
  }

  /** The collections of a database, sorted by name. */
  public List<Namespace> collections(String database) {
    return collections.collections(database);
  }

  /** Whether the collection exists (a view is not a collection). */
  public boolean exists(Namespace namespace) {
    return state(namespace) != null;
  }

  /**
   * The collection's state: inside a transaction that created it, the transaction's own; else the
   * lake's (null without the collection).
   */
  private CollectionState state(Namespace namespace) {
    EngineTransaction current = transaction.get();
    CollectionState own = current == null ? null : current.createdCollection(namespace);
    return own != null ? own : collections.get(namespace);
  }

  /** The collection's Delta table, once a flush created it. */
  public Optional<DocumentTable> table(Namespace namespace) {
    CollectionState state = collections.get(namespace);
    return state == null ? Optional.empty() : Optional.ofNullable(state.table());
  }

  /**
   * The collation operations on a collection follow when they name none: its {@code create}'s, else
   * simple (also for a collection that does not exist yet, which an insert creates with no
   * options).
   */
  public Collation collation(Namespace namespace) {
    CollectionState state = state(namespace);
    return state == null ? Collation.SIMPLE : state.collation();
  }

  /** The collection's UUID (see {@link CollectionState#uuid()}); empty without the collection. */
  public Optional<java.util.UUID> uuid(Namespace namespace) {
    return Optional.ofNullable(state(namespace)).map(CollectionState::uuid);
  }

  /** The options a collection was created with (empty when created implicitly). */
  public Optional<BsonDocument> options(Namespace namespace) {
    return Optional.ofNullable(state(namespace)).map(CollectionState::options);
  }

  /**
   * Creates a collection with the {@code requested} options (its validation: see {@link
   * CollectionValidation}; its cap: see {@link CappedOptions}; its default collation, stored
   * resolved: see {@link DefaultCollation}). A collection that exists with the same options is left
   * as it is; one with other options fails with NamespaceExists; invalid options fail with
   * MongoDB's error. Inside a transaction the create is staged in it (see {@link
   * TransactionCatalogChanges}): an existing collection fails with NamespaceExists whatever its
   * options, as in MongoDB.
   */
  public void createCollection(Namespace namespace, BsonDocument requested) {
    checkWritable("create collection " + namespace);
    collections.checkCreatable(namespace);
    BsonDocument options = DefaultCollation.resolve(requested);
    BsonDocument stored = CappedOptions.forCreate(options);
    BsonDocument validation = without(options, CappedOptions.CREATE_OPTIONS);
    validation.remove(DefaultCollation.OPTION);
    BsonValue lakeOptions = validation.remove(LakeCollectionOptions.OPTION);
    BsonValue images = validation.remove(PreAndPostImages.OPTION);
    CollectionValidation.check("create", namespace, validation);
    stored.putAll(validation);
    if (images != null) {
      stored.put(PreAndPostImages.OPTION, PreAndPostImages.check("create", images));
    }
    if (lakeOptions != null) {
      stored.put(
          LakeCollectionOptions.OPTION,
          LakeCollectionOptions.check("create", namespace, lakeOptions));
    }
    if (options.containsKey(DefaultCollation.OPTION)) {
      stored.put(DefaultCollation.OPTION, options.get(DefaultCollation.OPTION));
    }
    EngineTransaction current = transaction.get();
    if (current != null) {
      // MongoDB 4.4+: staged in the transaction, made at its commit.
      current.createCollection(namespace, stored);
      return;
    }
    synchronized (collections.namingLock()) {
      if (views.isView(namespace)) {
        throw ViewCatalog.viewExists(namespace);
      }
      if (collections.exists(namespace)) {
        // Since MongoDB 7.0 (SERVER-60064) creating a collection that exists with the same
        // options succeeds, so that a create can be retried and an application may create its
        // collections at every start.
        if (options(namespace).orElseThrow().equals(stored)) {
          return;
        }
        throw new MongoLakeException(
            ErrorCode.NAMESPACE_EXISTS,
            "Collection " + namespace + " already exists with different options.");
      }
      wal.append(
              new WalRecord.CreateCollection(namespace, stored, java.util.UUID.randomUUID()),
              applier)
          .awaitDurable();
    }
  }

  /**
   * {@code collMod}'s options: {@code changes} ({@code validator}, {@code validationLevel}, {@code
   * validationAction}, a capped collection's {@code cappedSize} and {@code cappedMax}) replace
   * those the collection has, the others stay; its {@code mongolake} option merges key by key (see
   * {@link LakeCollectionOptions#merge}), and a layout change reaches the collection's table before
   * return (see {@link TableLayoutOptions}). Durable on return; writes after it see the new options
   * (a smaller cap removes documents at the next insert, as in MongoDB).
   *
   * @throws MongoLakeException NamespaceNotFound without the collection, InvalidOptions for a cap
   *     on a collection that is not capped, or MongoDB's error for invalid options
   */
  public void modifyCollection(Namespace namespace, BsonDocument changes) {
    BsonValue lake = changes.get(LakeCollectionOptions.OPTION);
    if (flusher != null
        && lake != null
        && lake.isDocument()
        && TableLayoutOptions.givesLayout(lake.asDocument())) {
      // Under the flush lock: no flush (nor its automatic promotion) comes between checking the
      // table's layout and changing it.
      flusher.exclusively(
          () -> {
            modifyCollectionOptions(namespace, changes);
            flusher.applyLayout(namespace);
          });
      return;
    }
    modifyCollectionOptions(namespace, changes);
  }

  private void modifyCollectionOptions(Namespace namespace, BsonDocument changes) {
    checkWritable("modify collection " + namespace);
    BsonDocument cap = CappedOptions.forModify(changes);
    BsonDocument validation = without(changes, CappedOptions.MODIFY_OPTIONS);
    BsonValue lakeChanges = validation.remove(LakeCollectionOptions.OPTION);
    BsonValue imageChange = validation.remove(PreAndPostImages.OPTION);
    BsonDocument images =
        imageChange == null ? null : PreAndPostImages.check("collMod", imageChange);
    BsonDocument lakeOptions =
        lakeChanges == null ? null : LakeCollectionOptions.check("collMod", namespace, lakeChanges);
    CollectionValidation.check("collMod", namespace, validation);
    CollectionState state = collections.lockedExisting(namespace);
    if (state == null) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_NOT_FOUND, "ns does not exist: " + namespace.fullName());
    }
    WriteAheadLog.Appended appended;
    try {
      if (!cap.isEmpty() && state.capped() == null) {
        throw new MongoLakeException(ErrorCode.INVALID_OPTIONS, "Collection must be capped.");
      }
      BsonDocument before = state.options();
      BsonDocument options = state.options();
      options.putAll(cap);
      options.putAll(validation);
      if (images != null) {
        options.put(PreAndPostImages.OPTION, images);
      }
      if (lakeOptions != null) {
        options.put(
            LakeCollectionOptions.OPTION,
            LakeCollectionOptions.merge(
                namespace,
                options,
                lakeOptions,
                state.table() == null ? null : state.table().snapshot().config()));
      }
      appended = wal.append(new WalRecord.ModifyCollection(namespace, options, before), applier);
    } finally {
      state.writeLock().unlock();
    }
    appended.awaitDurable();
  }

  private static BsonDocument without(BsonDocument options, List<String> names) {
    BsonDocument rest = new BsonDocument();
    options.forEach(
        (name, value) -> {
          if (!names.contains(name)) {
            rest.append(name, value);
          }
        });
    return rest;
  }

  /**
   * Refuses to drop {@code database} when a branch needs one of its collections (see {@link
   * Branches#checkRemovable}), before anything of it is dropped.
   */
  public void checkDatabaseDroppable(String database) {
    checkWritable("drop database " + database);
    for (Namespace namespace : collections.collections(database)) {
      CollectionState state = collections.get(namespace);
      if (state != null) {
        branches.checkRemovable(state, "drop database " + database + ": its collection");
      }
    }
  }

  /**
   * Drops a collection. Waits for a flush in progress: its table folder must not be deleted while a
   * flush writes or commits into it, which would leave a half table behind. Takes the flush lock
   * before the collection's write lock, in the order a flush takes them.
   *
   * @return whether it existed
   */
  public boolean dropCollection(Namespace namespace) {
    return dropCollection(namespace, false);
  }

  /**
   * {@link #dropCollection(Namespace)}; {@code endsDatabase} marks the last collection a {@code
   * dropDatabase} drops, so that the database's change streams see the database go.
   */
  public boolean dropCollection(Namespace namespace, boolean endsDatabase) {
    checkWritable("drop collection " + namespace);
    return flusher.exclusively(
        () -> {
          renames.finishPending();
          CollectionState state = collections.get(namespace);
          if (state == null) {
            return false;
          }
          branches.checkRemovable(state, "drop collection");
          state.writeLock().lock();
          try {
            wal.append(new WalRecord.DropCollection(namespace, endsDatabase), applier)
                .awaitDurable();
            return true;
          } finally {
            state.writeLock().unlock();
          }
        });
  }

  /**
   * Renames a collection, with its documents, indexes and table, returning once the rename is
   * durable (see {@link CollectionRenames} for how it survives a crash). With {@code dropTarget}, a
   * collection already named {@code target} is dropped.
   *
   * @throws MongoLakeException IllegalOperation for the same name, NamespaceNotFound without the
   *     source, NamespaceExists when the target exists and {@code dropTarget} is not set
   */
  public void renameCollection(Namespace source, Namespace target, boolean dropTarget) {
    checkWritable("rename collection " + source);
    if (views.isView(source)) {
      throw new MongoLakeException(
          ErrorCode.COMMAND_NOT_SUPPORTED_ON_VIEW, "cannot rename view: " + source.fullName());
    }
    if (views.isView(target)) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_EXISTS, "a view already exists with that name: " + target.fullName());
    }
    collections.checkCreatable(target);
    flusher.exclusively(
        () -> {
          CollectionState moved = collections.get(source);
          if (moved != null) {
            branches.checkRemovable(moved, "rename collection");
          }
          CollectionState replaced = collections.get(target);
          if (replaced != null && dropTarget) {
            branches.checkRemovable(replaced, "drop collection");
          }
          renames.rename(source, target, dropTarget);
        });
  }
}
