package dev.mongolake.internal.engine;

import dev.mongolake.BranchDifference;
import dev.mongolake.BranchInfo;
import dev.mongolake.ErrorCode;
import dev.mongolake.MergePolicy;
import dev.mongolake.MergeResult;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.DeltaTableOptions;
import dev.mongolake.delta.log.FilePaths;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.internal.buffer.BufferedDocument;
import dev.mongolake.internal.index.IndexSpec;
import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WriteAheadLog;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Branches of databases ("Git-like" versions): a branch {@code <parent>@<name>} is a database of
 * its own whose collections began as the parent's were at a point, their tables shallow clones of
 * the parent's table versions (no data file copied; see {@link DocumentTable#shallowClone}) plus
 * the log's changes between those versions and the point. From then on it is an ordinary database:
 * its writes go to the log and its own files, invisible to the parent, and its reads, indexes,
 * change streams and time travel work as anywhere. {@link BranchMerge} compares and merges it back.
 *
 * <p>What keeps it whole: the parent's vacuum keeps every file a branch's table references ({@link
 * #filesInUse}), a parent collection whose files a branch uses cannot be dropped, and a branch's
 * collections of its merge base cannot be dropped or renamed (the base is read from their tables);
 * a database name with {@code @} that names no branch cannot be created.
 *
 * <p>Thread-safe: creations, merges and deletions run under the flush lock, one at a time.
 */
public final class Branches {

  private static final Logger LOG = LoggerFactory.getLogger(Branches.class);

  static final String MARKERS = Namespace.RESERVED_CATALOG_FOLDER + "/branches/";

  /** Changes of a branch's first log records are grouped up to about this size per record. */
  private static final long RECORD_BYTES = EngineTransaction.MAX_BYTES / 4;

  private final CollectionRegistry collections;
  private final WriteAheadLog wal;
  private final LogApplier applier;
  private final TableFlusher flusher;
  private final TableCatalog tables;
  private final Storage storage;
  private final Clock clock;
  private final DeltaTableOptions tableOptions;
  private final java.util.function.Supplier<PastCollections> history;
  private final ViewCatalog views;
  private final ReadPath reads;
  private final ConcurrentMap<String, BranchMarker> known = new ConcurrentHashMap<>();

  Branches(
      CollectionRegistry collections,
      WriteAheadLog wal,
      LogApplier applier,
      TableFlusher flusher,
      TableCatalog tables,
      Storage storage,
      Clock clock,
      DeltaTableOptions tableOptions,
      java.util.function.Supplier<PastCollections> history,
      ViewCatalog views,
      ReadPath reads) {
    this.collections = collections;
    this.wal = wal;
    this.applier = applier;
    this.flusher = flusher;
    this.tables = tables;
    this.storage = storage;
    this.clock = clock;
    this.tableOptions = tableOptions;
    this.history = history;
    this.views = views;
    this.reads = reads;
  }

  /**
   * Reads the branches' markers (at open, after recovery) and finishes what a crash interrupted:
   * the collections of a branch whose creation did not finish are dropped, a deletion that did not
   * finish is finished. A database whose name has {@code @} but no marker (made before branches
   * existed) is left as it is.
   */
  void load() {
    for (FileEntry entry : storage.list(MARKERS, MARKERS)) {
      BranchMarker marker;
      try {
        marker = BranchMarker.parse(storage.read(entry.path()));
        if (!entry.path().equals(markerPath(marker.database()))) {
          throw new IllegalArgumentException("it names branch " + marker.database());
        }
      } catch (RuntimeException e) {
        // Damage is reported, not hidden: the branch's database stays, unbranched, for a look.
        LOG.error("Ignoring branch marker {}: {}", entry.path(), e.getMessage());
        continue;
      }
      if (marker.status() == BranchMarker.Status.READY) {
        known.put(marker.database(), marker);
        continue;
      }
      LOG.warn(
          "Dropping branch {}: its {} did not finish",
          marker.database(),
          marker.status() == BranchMarker.Status.CREATING ? "creation" : "deletion");
      dropAll(marker.database());
      storage.delete(entry.path());
    }
  }

  /** Whether {@code database} is a branch. */
  public boolean isBranch(String database) {
    return known.containsKey(database);
  }

  /** The branch that reads and writes as {@code database}, if it is one. */
  public Optional<BranchInfo> find(String database) {
    return Optional.ofNullable(known.get(database)).map(BranchMarker::info);
  }

  /** The branches of {@code parent} (of every database when null), by database name. */
  public List<BranchInfo> list(String parent) {
    return new TreeMap<>(known)
        .values().stream()
            .filter(marker -> parent == null || marker.parent().equals(parent))
            .map(BranchMarker::info)
            .toList();
  }

  /**
   * Creates branch {@code name} of {@code parent} as the parent is now ({@code logTime} null) or
   * was at a log time: each collection's table a shallow clone of the table version the point
   * reads, its secondary indexes (the parent's present definitions) built, the log's changes
   * between that version and the point logged as the branch's first writes and flushed, so that the
   * merge base is a table version. The time this takes depends on the buffered changes and the
   * number of files, not on the data's size, except for building secondary indexes.
   *
   * @throws MongoLakeException InvalidNamespace for a bad name or a parent that is a branch,
   *     NamespaceNotFound for a parent without collections, NamespaceExists for a branch that
   *     exists, SnapshotTooOld or SnapshotUnavailable for a past point the lake cannot rebuild
   */
  public BranchInfo create(String parent, String name, Long logTime) {
    String database = checkName(parent, name);
    return flusher.exclusively(
        () -> {
          if (known.containsKey(database) || !collections.collections(database).isEmpty()) {
            throw new MongoLakeException(
                ErrorCode.NAMESPACE_EXISTS,
                "Cannot create branch " + name + " of " + parent + ": " + database + " exists");
          }
          if (collections.collections(parent).isEmpty()) {
            throw new MongoLakeException(
                ErrorCode.NAMESPACE_NOT_FOUND,
                "Cannot create branch "
                    + name
                    + " of "
                    + parent
                    + ": database "
                    + parent
                    + " has no collections");
          }
          wal.flush();
          // First, so that a crash from here on leaves a marker that opening undoes.
          storage.overwrite(
              markerPath(database),
              new BranchMarker(name, parent, 0, null, Map.of(), BranchMarker.Status.CREATING)
                  .bytes());
          try {
            return fork(parent, name, database, logTime);
          } catch (RuntimeException e) {
            dropAll(database);
            storage.delete(markerPath(database));
            throw e;
          }
        });
  }

  /** The body of {@link #create}, after its checks. Caller holds the flush lock. */
  private BranchInfo fork(String parent, String name, String database, Long logTime) {
    PastCollections past = history.get();
    long point = logTime == null ? wal.durableSequence() : past.sequenceAt(logTime);
    long forkedAt = logTime == null ? wal.durableTime() : logTime;
    CollectionRegistry then = past.at(parent, point, views);
    for (Namespace source : then.collections(parent)) {
      if (then.get(source).capped() != null) {
        throw new MongoLakeException(
            ErrorCode.ILLEGAL_OPERATION,
            "Cannot create branch "
                + name
                + " of "
                + parent
                + ": capped collection "
                + source
                + " keeps its insertion order beside its table, which a branch does not"
                + " share");
      }
    }
    Map<String, BranchMarker.Base> bases = new TreeMap<>();
    List<CollectionState> created = new ArrayList<>();
    for (Namespace source : then.collections(parent)) {
      Namespace target = new Namespace(database, source.collection());
      created.add(forkCollection(then.get(source), collections.get(source), target, point));
    }
    wal.flush();
    long cut = wal.durableSequence();
    for (CollectionState state : created) {
      if (state.buffer().size() > 0) {
        flusher.flushCollection(state, cut);
      }
      DocumentSnapshot snapshot = state.view().snapshot();
      String parentTable =
          Optional.ofNullable(
                  collections.get(new Namespace(parent, state.namespace().collection())))
              .map(CollectionState::tablePath)
              .orElse(null);
      bases.put(
          state.namespace().collection(),
          new BranchMarker.Base(
              snapshot == null ? -1 : snapshot.version(), snapshot == null ? null : parentTable));
    }
    BranchMarker marker =
        new BranchMarker(name, parent, forkedAt, null, bases, BranchMarker.Status.READY);
    storage.overwrite(markerPath(database), marker.bytes());
    known.put(database, marker);
    return marker.info();
  }

  /**
   * The branch's collection {@code target} made from {@code then} (the parent's collection at the
   * point; {@code now} is the present one, whose index definitions it takes). Caller holds the
   * flush lock.
   */
  private CollectionState forkCollection(
      CollectionState then, CollectionState now, Namespace target, long point) {
    wal.append(new WalRecord.CreateCollection(target, then.options().clone()), applier)
        .awaitDurable();
    CollectionState state = collections.get(target);
    TableView view = then.view();
    if (view.snapshot() != null) {
      String path = tables.register(target);
      DocumentTable table =
          DocumentTable.shallowClone(
              storage,
              view.snapshot(),
              path,
              clock,
              state.uuid().toString(),
              tableOptions,
              Map.of());
      state.writeLock().lock();
      try {
        state.publish(table, new TableView(table.snapshot(), 0));
      } finally {
        state.writeLock().unlock();
      }
    }
    if (now != null) {
      for (IndexSpec spec : now.indexes().specs()) {
        if (!spec.name().equals("_id_")) {
          wal.append(new WalRecord.CreateIndex(target, spec.toDocument()), applier).awaitDurable();
        }
      }
    }
    List<WalRecord> changes = new ArrayList<>();
    long bytes = 0;
    Iterator<BufferedDocument> entries = then.buffer().entries(view.floor(), point);
    while (entries.hasNext()) {
      BufferedDocument entry = entries.next();
      WalRecord change;
      if (entry.isTombstone()) {
        if (!entry.inTable()) {
          continue;
        }
        change = new WalRecord.Delete(target, entry.id());
      } else if (entry.inTable()) {
        change = new WalRecord.Replace(target, entry.document());
      } else {
        change = new WalRecord.Insert(target, entry.document());
      }
      changes.add(change);
      bytes += entry.isTombstone() ? 64 : entry.document().size() * 2L;
      if (bytes >= RECORD_BYTES) {
        appendAll(changes);
        bytes = 0;
      }
    }
    appendAll(changes);
    return state;
  }

  private void appendAll(List<WalRecord> changes) {
    if (!changes.isEmpty()) {
      wal.append(new WalRecord.Transaction(changes, null, 0), applier).awaitDurable();
      changes.clear();
    }
  }

  /**
   * Deletes a branch: its marker first (the branch ends there), then its collections and their own
   * files; the parent's files it referenced stay, as do the parent's documents.
   *
   * @throws MongoLakeException NamespaceNotFound when there is no such branch
   */
  public void delete(String parent, String name) {
    String database = checkName(parent, name);
    flusher.exclusively(
        () -> {
          BranchMarker marker = require(database);
          storage.overwrite(
              markerPath(database), marker.with(BranchMarker.Status.DELETING).bytes());
          known.remove(database);
          dropAll(database);
          storage.delete(markerPath(database));
        });
  }

  /** Drops the collections and views of a branch's database. Caller holds the flush lock. */
  private void dropAll(String database) {
    for (Namespace namespace : collections.collections(database)) {
      drop(namespace);
    }
    for (ViewDefinition view : views.list(database)) {
      views.drop(view.name());
    }
  }

  /** Drops a collection through the log, as a drop command does. Caller holds the flush lock. */
  private void drop(Namespace namespace) {
    CollectionState state = collections.get(namespace);
    if (state == null) {
      return;
    }
    state.writeLock().lock();
    try {
      wal.append(new WalRecord.DropCollection(namespace, false), applier).awaitDurable();
    } finally {
      state.writeLock().unlock();
    }
  }

  /**
   * The differences between a branch and its parent since the merge base (see {@link BranchMerge}).
   */
  public List<BranchDifference> diff(String parent, String name) {
    String database = checkName(parent, name);
    return flusher.exclusively(() -> merger().diff(require(database)));
  }

  /**
   * Merges a branch's changes since its merge base into its parent (see {@link BranchMerge}); the
   * merge base becomes the branch as merged.
   */
  public MergeResult merge(String parent, String name, MergePolicy policy) {
    String database = checkName(parent, name);
    return flusher.exclusively(
        () -> {
          BranchMarker marker = require(database);
          BranchMerge.Merged merged = merger().merge(marker, policy);
          BranchMarker after = marker.mergedAt(merged.logTime(), merged.bases());
          storage.overwrite(markerPath(database), after.bytes());
          known.put(database, after);
          return merged.result();
        });
  }

  private BranchMerge merger() {
    return new BranchMerge(collections, wal, applier, flusher, reads);
  }

  /**
   * Refuses to create {@code namespace} in a database named like a branch that is none: such a name
   * is reserved for branches, and writing there would not branch anything.
   */
  void checkCreatable(Namespace namespace) {
    String database = namespace.database();
    if (database.indexOf(BranchInfo.SEPARATOR) >= 0 && !known.containsKey(database)) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE,
          "Cannot create collection "
              + namespace
              + ": database names with '"
              + BranchInfo.SEPARATOR
              + "' name branches, and "
              + database
              + " is not one (create it with createBranch)");
    }
  }

  /**
   * Refuses to drop or rename away {@code state}'s collection when a branch needs its table: a
   * parent collection whose files a branch references, or a branch's collection of its merge base.
   */
  void checkRemovable(CollectionState state, String action) {
    Namespace namespace = state.namespace();
    BranchMarker own = known.get(namespace.database());
    if (own != null && own.bases().containsKey(namespace.collection())) {
      throw new MongoLakeException(
          ErrorCode.ILLEGAL_OPERATION,
          "Cannot "
              + action
              + " "
              + namespace
              + ": branch "
              + own.database()
              + " compares it with its parent from its table; delete its documents instead, or"
              + " delete the branch");
    }
    String table = state.tablePath();
    for (BranchMarker marker : known.values()) {
      for (BranchMarker.Base base : marker.bases().values()) {
        if (table != null && table.equals(base.parentTable())) {
          throw new MongoLakeException(
              ErrorCode.ILLEGAL_OPERATION,
              "Cannot "
                  + action
                  + " "
                  + namespace
                  + ": branch "
                  + marker.database()
                  + " uses its files; delete the branch first");
        }
      }
    }
  }

  /**
   * The storage paths of every data and deletion vector file a branch's table may still read: its
   * latest version's, its merge base's and its tombstones'. The parent's vacuum keeps them (it
   * cannot see the branches' logs), and so does the branch's own.
   */
  Set<String> filesInUse() {
    Set<String> paths = new HashSet<>();
    for (BranchMarker marker : known.values()) {
      for (Namespace namespace : collections.collections(marker.database())) {
        CollectionState state = collections.get(namespace);
        DocumentTable table = state == null ? null : state.table();
        if (table == null) {
          continue;
        }
        DocumentSnapshot latest = table.snapshot();
        addFiles(latest, paths);
        BranchMarker.Base base = marker.bases().get(namespace.collection());
        if (base != null && base.tableVersion() >= 0 && base.tableVersion() != latest.version()) {
          addFiles(table.snapshot(base.tableVersion()), paths);
        }
        for (RemoveFile removed : latest.delta().tombstones()) {
          if (!FilePaths.isAbsolute(removed.path())) {
            paths.add(FilePaths.toStoragePath(table.path(), removed.path()));
          }
        }
      }
    }
    return paths;
  }

  private static void addFiles(DocumentSnapshot snapshot, Set<String> paths) {
    paths.addAll(snapshot.delta().storagePaths());
    paths.addAll(snapshot.delta().deletionVectorPaths());
  }

  private BranchMarker require(String database) {
    BranchMarker marker = known.get(database);
    if (marker == null) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_NOT_FOUND, "Cannot find branch " + database + ": there is none");
    }
    return marker;
  }

  /** The branch's database name, checked: {@code <parent>@<name>}. */
  private static String checkName(String parent, String name) {
    Namespace.validateDatabaseName(parent);
    if (parent.indexOf(BranchInfo.SEPARATOR) >= 0) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE,
          "Cannot branch " + parent + ": it is a branch itself (branch its parent instead)");
    }
    if (name == null || name.isEmpty() || name.indexOf(BranchInfo.SEPARATOR) >= 0) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE,
          "Invalid branch name: '"
              + name
              + "' (a branch name is not empty and has no '"
              + BranchInfo.SEPARATOR
              + "')");
    }
    String database = parent + BranchInfo.SEPARATOR + name;
    Namespace.validateDatabaseName(database);
    return database;
  }

  private static String markerPath(String database) {
    return MARKERS + database;
  }
}
