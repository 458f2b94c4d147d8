package dev.mongolake.internal.engine;

import dev.mongolake.BranchDifference;
import dev.mongolake.ErrorCode;
import dev.mongolake.MergePolicy;
import dev.mongolake.MergeResult;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.internal.engine.SnapshotDifference.Change;
import dev.mongolake.internal.engine.SnapshotDifference.Kind;
import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WriteAheadLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A branch compared with its parent, and merged into it: a three-way comparison from the merge base
 * (the branch table versions both sides last agreed on) to each side's latest table version, with
 * both sides flushed first so that their tables hold everything (see {@link SnapshotDifference} for
 * what is read). A document changed on both sides to different results is a conflict, which the
 * {@link MergePolicy} settles.
 *
 * <p>A merge writes the branch's changes into the parent as one log record, like a committed
 * transaction: indexes follow, change streams see each change, all or nothing after a crash. The
 * parent's writers wait while it runs (their collections are locked from the parent's flush to the
 * record), so that nothing they write is overwritten unseen; the branch's writers do not, and what
 * they write after its flush is for the next merge. Caller holds the flush lock.
 */
final class BranchMerge {

  /** A merge done: its result, the merge base it leaves, and its record's log time. */
  record Merged(MergeResult result, Map<String, BranchMarker.Base> bases, long logTime) {}

  private final CollectionRegistry collections;
  private final WriteAheadLog wal;
  private final LogApplier applier;
  private final TableFlusher flusher;
  private final ReadPath reads;

  BranchMerge(
      CollectionRegistry collections,
      WriteAheadLog wal,
      LogApplier applier,
      TableFlusher flusher,
      ReadPath reads) {
    this.collections = collections;
    this.wal = wal;
    this.applier = applier;
    this.flusher = flusher;
    this.reads = reads;
  }

  /** One collection's two sides since the base. */
  private record Sides(
      String collection,
      NavigableMap<BsonValue, Change> onBranch,
      NavigableMap<BsonValue, Change> onParent,
      DocumentSnapshot branchVersion) {

    boolean conflict(BsonValue id) {
      Change branch = onBranch.get(id);
      Change parent = onParent.get(id);
      if (branch == null || parent == null) {
        return false;
      }
      boolean bothRemoved = branch.kind() == Kind.REMOVED && parent.kind() == Kind.REMOVED;
      return !bothRemoved && (branch.after() == null || !branch.after().equals(parent.after()));
    }

    List<BsonValue> conflicts() {
      List<BsonValue> ids = new ArrayList<>();
      for (BsonValue id : onBranch.keySet()) {
        if (conflict(id)) {
          ids.add(id);
        }
      }
      return ids;
    }
  }

  List<BranchDifference> diff(BranchMarker marker) {
    List<BranchDifference> out = new ArrayList<>();
    for (String collection : collectionsOf(marker)) {
      Sides sides = sides(marker, collection, false);
      List<BsonValue> conflicts = sides.conflicts();
      out.add(
          new BranchDifference(
              collection,
              changes(sides.onBranch()),
              changes(sides.onParent()),
              conflicts.subList(0, Math.min(conflicts.size(), BranchDifference.Changes.LISTED)),
              conflicts.size()));
    }
    return out;
  }

  Merged merge(BranchMarker marker, MergePolicy policy) {
    List<String> names = collectionsOf(marker);
    List<CollectionState> held = new ArrayList<>();
    WriteAheadLog.Appended appended = null;
    List<MergeResult.Merged> results = new ArrayList<>();
    Map<String, BranchMarker.Base> bases = new TreeMap<>(marker.bases());
    try {
      for (String collection : names) {
        held.add(collections.locked(new Namespace(marker.parent(), collection)));
      }
      RecordSize size = new RecordSize("merge branch " + marker.database(), "the merge");
      List<WalRecord> all = new ArrayList<>();
      List<Sides> compared = new ArrayList<>();
      for (String collection : names) {
        Sides sides = sides(marker, collection, true);
        compared.add(sides);
        refuseConflicts(marker, sides, policy);
      }
      for (int i = 0; i < names.size(); i++) {
        Sides sides = compared.get(i);
        CollectionState parent = held.get(i);
        long[] counts = new long[4];
        List<WalRecord> changes = changesFor(parent, sides, policy, size, counts);
        CollectionRestore.checkUnique(parent, changes);
        all.addAll(changes);
        if (counts[0] + counts[1] + counts[2] + counts[3] > 0) {
          results.add(
              new MergeResult.Merged(
                  sides.collection(), counts[0], counts[1], counts[2], counts[3]));
        }
        DocumentSnapshot merged = sides.branchVersion();
        bases.put(
            sides.collection(),
            new BranchMarker.Base(
                merged == null ? -1 : merged.version(),
                marker.bases().containsKey(sides.collection())
                    ? marker.bases().get(sides.collection()).parentTable()
                    : null));
      }
      if (!all.isEmpty()) {
        appended = wal.append(new WalRecord.Transaction(all, null, 0), applier);
      }
    } finally {
      held.forEach(state -> state.writeLock().unlock());
    }
    if (appended != null) {
      appended.awaitDurable();
    }
    return new Merged(
        new MergeResult(results), bases, appended == null ? wal.durableTime() : appended.time());
  }

  private static void refuseConflicts(BranchMarker marker, Sides sides, MergePolicy policy) {
    if (policy != MergePolicy.FAIL) {
      return;
    }
    List<BsonValue> conflicts = sides.conflicts();
    if (!conflicts.isEmpty()) {
      List<String> listed = new ArrayList<>();
      for (BsonValue id : conflicts.subList(0, Math.min(10, conflicts.size()))) {
        listed.add(new BsonDocument("_id", id).toJson());
      }
      throw new MongoLakeException(
          ErrorCode.WRITE_CONFLICT,
          "Cannot merge branch "
              + marker.database()
              + " into "
              + marker.parent()
              + ": "
              + conflicts.size()
              + " documents of "
              + sides.collection()
              + " changed on both sides since the merge base ("
              + String.join(", ", listed)
              + (conflicts.size() > listed.size() ? ", ..." : "")
              + "); merge with policy ours or theirs to settle them");
    }
  }

  /**
   * The records that give the parent the branch's changes, conflicts settled by {@code policy};
   * counts inserted, replaced, deleted and conflicts. Caller holds the parent's write lock.
   */
  private List<WalRecord> changesFor(
      CollectionState parent, Sides sides, MergePolicy policy, RecordSize size, long[] counts) {
    Namespace namespace = parent.namespace();
    boolean images = parent.preAndPostImages();
    List<WalRecord> changes = new ArrayList<>();
    for (Map.Entry<BsonValue, Change> entry : sides.onBranch().entrySet()) {
      BsonValue id = entry.getKey();
      Change branch = entry.getValue();
      if (sides.conflict(id)) {
        counts[3]++;
        if (policy == MergePolicy.OURS) {
          continue;
        }
      }
      Change onParent = sides.onParent().get(id);
      boolean parentHolds =
          onParent != null ? onParent.kind() != Kind.REMOVED : branch.kind() != Kind.ADDED;
      BsonDocument before = parentHolds && images ? current(namespace, id) : null;
      if (branch.kind() == Kind.REMOVED) {
        if (parentHolds) {
          changes.add(size.add(new WalRecord.Delete(namespace, id, before)));
          counts[2]++;
        }
      } else if (parentHolds) {
        if (onParent != null && branch.after().equals(onParent.after())) {
          continue;
        }
        changes.add(size.add(new WalRecord.Replace(namespace, branch.document(), before)));
        counts[1]++;
      } else {
        changes.add(size.add(new WalRecord.Insert(namespace, branch.document())));
        counts[0]++;
      }
    }
    return changes;
  }

  private BsonDocument current(Namespace namespace, BsonValue id) {
    BsonDocument filter = new BsonDocument("_id", id);
    try (CloseableIterator<BsonDocument> found =
        reads.candidates(
            namespace, filter, dev.mongolake.delta.query.Filter.parse(filter), Long.MAX_VALUE)) {
      return found.hasNext() ? found.next() : null;
    }
  }

  /**
   * The collection's changes on each side since the base, both sides flushed first. Caller holds
   * the flush lock (and, for a merge, the parent collection's write lock).
   */
  private Sides sides(BranchMarker marker, String collection, boolean keepDocuments) {
    Namespace onBranch = new Namespace(marker.database(), collection);
    Namespace onParent = new Namespace(marker.parent(), collection);
    BranchMarker.Base base = marker.bases().get(collection);
    CollectionState branch = flushed(onBranch);
    CollectionState parent = flushed(onParent);
    if (base != null
        && base.parentTable() != null
        && (parent == null || !base.parentTable().equals(parent.tablePath()))) {
      throw new MongoLakeException(
          ErrorCode.ILLEGAL_OPERATION,
          "Cannot compare branch "
              + marker.database()
              + " with "
              + onParent
              + ": the parent's collection was renamed or replaced since the merge base");
    }
    DocumentSnapshot baseVersion = null;
    if (base != null && base.tableVersion() >= 0) {
      DocumentTable table = branch == null ? null : branch.table();
      if (table == null) {
        throw new MongoLakeException(
            ErrorCode.INTERNAL_ERROR,
            "Cannot compare " + onBranch + " with its parent: its merge base's table is missing");
      }
      baseVersion = table.snapshot(base.tableVersion());
    }
    DocumentSnapshot branchVersion = branch == null ? null : branch.view().snapshot();
    DocumentSnapshot parentVersion = parent == null ? null : parent.view().snapshot();
    return new Sides(
        collection,
        SnapshotDifference.between(baseVersion, branchVersion, keepDocuments),
        SnapshotDifference.between(baseVersion, parentVersion, false),
        branchVersion);
  }

  /** The collection with everything durable in its table (null when there is none). */
  private CollectionState flushed(Namespace namespace) {
    CollectionState state = collections.get(namespace);
    if (state == null) {
      return null;
    }
    wal.flush();
    if (state.buffer().size() > 0) {
      flusher.flushCollection(state, wal.durableSequence());
    }
    return state;
  }

  private static BranchDifference.Changes changes(NavigableMap<BsonValue, Change> changes) {
    Map<Kind, Long> counts = SnapshotDifference.counts(changes);
    List<BsonValue> ids = new ArrayList<>();
    for (BsonValue id : changes.keySet()) {
      if (ids.size() == BranchDifference.Changes.LISTED) {
        break;
      }
      ids.add(id);
    }
    return new BranchDifference.Changes(
        counts.get(Kind.ADDED), counts.get(Kind.CHANGED), counts.get(Kind.REMOVED), ids);
  }

  /** The collections a comparison covers: the base's and the branch's, by name. */
  private List<String> collectionsOf(BranchMarker marker) {
    TreeSet<String> names = new TreeSet<>(marker.bases().keySet());
    for (Namespace namespace : collections.collections(marker.database())) {
      names.add(namespace.collection());
    }
    return List.copyOf(names);
  }
}
