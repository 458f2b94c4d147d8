package dev.mongolake.internal.engine;

import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.internal.wal.CollectionIdentities;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.LongSupplier;

/**
 * The collections that exist, each with its state, and the locks writers take on them.
 *
 * <p>Thread-safe. A name is bound to one {@link CollectionState} at a time; a drop or rename binds
 * it to another (or none), so a writer checks after locking that the state it locked is still the
 * name's. Creating a collection or a view synchronizes on {@link #namingLock()}, so that a name
 * never becomes both.
 */
final class CollectionRegistry {

  private final ConcurrentMap<Namespace, CollectionState> collections = new ConcurrentHashMap<>();
  private final ViewCatalog views;
  private volatile WriteStall writeStall = WriteStall.NONE;
  // The log sequence of the latest drop or rename applied: a reader of an older snapshot that meets
  // a name must ask whether it still means the same collection.
  private final java.util.concurrent.atomic.AtomicLong lastRemoval =
      new java.util.concurrent.atomic.AtomicLong();

  // A transaction's registry finds the collections it has not met yet here; else none.
  private final java.util.function.Function<Namespace, CollectionState> onFirstUse;
  // How a first write creates a collection: empty, with no options.
  private final java.util.function.Function<Namespace, CollectionState> onCreate;

  CollectionRegistry(ViewCatalog views) {
    this(views, null, CollectionState::implicit);
  }

  /**
   * A registry that binds a collection's state on first use, from {@code onFirstUse} (which may
   * answer null: no such collection), and creates one a write needs with {@code onCreate}.
   */
  CollectionRegistry(
      ViewCatalog views,
      java.util.function.Function<Namespace, CollectionState> onFirstUse,
      java.util.function.Function<Namespace, CollectionState> onCreate) {
    this.views = views;
    this.onFirstUse = onFirstUse;
    this.onCreate = onCreate;
  }

  /**
   * A collection's state with its write lock held, and whether taking it created the collection.
   */
  record Locked(CollectionState state, boolean created) {}

  /** The state of an existing collection, or {@code null}. */
  CollectionState get(Namespace namespace) {
    CollectionState state = collections.get(namespace);
    if (state == null && onFirstUse != null) {
      state = collections.computeIfAbsent(namespace, onFirstUse);
    }
    return state;
  }

  /**
   * The collation operations on a collection follow when they name none: its {@code create}'s, else
   * simple (also for a collection that does not exist yet, which an insert creates with no
   * options).
   */
  Collation defaultCollation(Namespace namespace) {
    CollectionState state = get(namespace);
    return state == null ? Collation.SIMPLE : state.collation();
  }

  /** The collection's state, creating an empty collection (as a first write does) if needed. */
  CollectionState getOrCreate(Namespace namespace) {
    CollectionState existing = get(namespace);
    if (existing != null) {
      return existing;
    }
    return collections.computeIfAbsent(namespace, onCreate);
  }

  boolean exists(Namespace namespace) {
    return get(namespace) != null;
  }

  /** Whether {@code state} is still the one bound to its name (no drop or rename replaced it). */
  boolean isCurrent(CollectionState state) {
    return isBound(state.namespace(), state);
  }

  /**
   * Whether {@code namespace} is bound to {@code state}. A state a rename moved has its new name: a
   * writer that locked it under the old name asks with that one.
   */
  boolean isBound(Namespace namespace, CollectionState state) {
    return collections.get(namespace) == state;
  }

  /** Binds {@code state} to its name, unless the name is bound already; whether it was bound. */
  boolean addIfAbsent(CollectionState state) {
    return bindIfAbsent(state.namespace(), state);
  }

  /**
   * Binds {@code state} to {@code namespace} unless the name is bound already (a rename reserves
   * its target so); whether it was bound.
   */
  boolean bindIfAbsent(Namespace namespace, CollectionState state) {
    return collections.putIfAbsent(namespace, state) == null;
  }

  /** Binds {@code state} to {@code namespace}, returning the state it replaces (or null). */
  CollectionState bind(Namespace namespace, CollectionState state) {
    return collections.put(namespace, state);
  }

  /** Unbinds {@code namespace} if it is bound to {@code state}. */
  void unbind(Namespace namespace, CollectionState state) {
    collections.remove(namespace, state);
  }

  /** Unbinds {@code namespace}, returning its state (or null). */
  CollectionState remove(Namespace namespace) {
    return collections.remove(namespace);
  }

  /** Records that the drop or rename at log sequence {@code sequence} took a name's collection. */
  void removedAt(long sequence) {
    lastRemoval.accumulateAndGet(sequence, Math::max);
  }

  /** The log sequence of the latest drop or rename applied (0: none since the engine opened). */
  long lastRemoval() {
    return lastRemoval.get();
  }

  /** The states of every collection now, in no order. */
  List<CollectionState> all() {
    return List.copyOf(collections.values());
  }

  /** The collections of a database, sorted by name. */
  List<Namespace> collections(String database) {
    return collections.keySet().stream()
        .filter(ns -> ns.database().equals(database))
        .sorted(Comparator.comparing(Namespace::collection))
        .toList();
  }

  /** Every collection's name, in no order. */
  List<Namespace> namespaces() {
    return List.copyOf(collections.keySet());
  }

  /** The lock under which a name becomes a collection or a view. */
  Object namingLock() {
    return collections;
  }

  /** Memory held by all buffers, roughly. */
  long bufferedBytes() {
    long total = 0;
    for (CollectionState state : collections.values()) {
      total += state.buffer().approximateBytes();
    }
    return total;
  }

  /**
   * Makes writers wait while the buffers hold {@code limitBytes} or more, until a flush (which
   * {@code requestFlush} starts) catches up: see {@link WriteStall}. Without this, writers never
   * wait.
   */
  void limitBuffers(long limitBytes, Runnable requestFlush) {
    LongSupplier buffered = this::bufferedBytes;
    writeStall = new WriteStall(limitBytes, buffered, requestFlush);
  }

  WriteStall writeStall() {
    return writeStall;
  }

  /**
   * The collection's state (created if needed) with its write lock held. A writer that waited for
   * the lock while a drop or rename took the name away locks the state now under the name instead.
   *
   * @throws MongoLakeException CommandNotSupportedOnView when the name is a view's
   */
  Locked lockedForWrite(Namespace namespace) {
    refuseView(namespace);
    writeStall.awaitRoom();
    while (true) {
      boolean existed = exists(namespace);
      if (!existed) {
        createGuard.accept(namespace);
      }
      CollectionState state = getOrCreate(namespace);
      state.writeLock().lock();
      if (isBound(namespace, state)) {
        return new Locked(state, !existed);
      }
      state.writeLock().unlock();
    }
  }

  /** {@link #lockedForWrite}'s state. */
  CollectionState locked(Namespace namespace) {
    return lockedForWrite(namespace).state();
  }

  /** Like {@link #locked} for an existing collection; {@code null} if there is none. */
  CollectionState lockedExisting(Namespace namespace) {
    refuseView(namespace);
    writeStall.awaitRoom();
    while (true) {
      CollectionState state = get(namespace);
      if (state == null) {
        return null;
      }
      state.writeLock().lock();
      if (isBound(namespace, state)) {
        return state;
      }
      state.writeLock().unlock();
    }
  }

  // Refuses a name no collection may be created under (see Branches#checkCreatable).
  private volatile java.util.function.Consumer<Namespace> createGuard = namespace -> {};

  /** Has every write that would create a collection ask {@code guard} first, which may refuse. */
  void guardCreates(java.util.function.Consumer<Namespace> guard) {
    this.createGuard = guard;
  }

  /** Refuses to create {@code namespace} when the guard does. */
  void checkCreatable(Namespace namespace) {
    createGuard.accept(namespace);
  }

  private void refuseView(Namespace namespace) {
    if (views.isView(namespace)) {
      throw ViewCatalog.notACollection(namespace);
    }
  }

  /**
   * What each collection name means, for a reader of the log from after {@code position} (see
   * {@link CollectionIdentities}): every collection's identity now holds for its records after the
   * position when no drop or rename came after it; else names are resolved one by one.
   */
  CollectionIdentities identities(long position) {
    java.util.Map<Namespace, java.util.UUID> now = new java.util.HashMap<>();
    for (Namespace namespace : namespaces()) {
      java.util.UUID identity = loggedIdentity(namespace);
      if (identity != null) {
        now.put(namespace, identity);
      }
    }
    // Read after the identities: a drop or rename is marked before it takes its name.
    boolean hold = lastRemoval() <= position;
    return new CollectionIdentities(this::currentIdentity, hold ? now : java.util.Map.of());
  }

  /**
   * The identity a name has now, if no drop or rename after {@code sequence} may have changed it.
   */
  private java.util.UUID currentIdentity(Namespace namespace, long sequence) {
    java.util.UUID identity = loggedIdentity(namespace);
    return lastRemoval() <= sequence ? identity : null;
  }

  private java.util.UUID loggedIdentity(Namespace namespace) {
    CollectionState state = get(namespace);
    return state == null || !state.createLogged() ? null : state.uuid();
  }
}
