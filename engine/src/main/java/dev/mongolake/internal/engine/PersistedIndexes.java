package dev.mongolake.internal.engine;

import dev.mongolake.Namespace;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.internal.index.IndexFile;
import dev.mongolake.internal.index.IndexSpec;
import dev.mongolake.internal.index.SecondaryIndex;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps each collection's secondary indexes on disk as {@link IndexFile}s, one per index and Delta
 * table version, so that opening the engine loads them instead of scanning every table.
 *
 * <p>When: after a flush commits table version V, an index gets a file for V when it has none yet
 * or when the documents changed since its last file reach an eighth of its entries; in between, a
 * file for an older version stays and opening catches it up with the table's change data feed
 * between the two versions. This bounds the cost of writing big indexes to that of the changes
 * (amortized), and the catch-up on open to an eighth of a rebuild. The newest {@value #KEEP} files
 * of each index are kept (the older one is a fallback if the newest is damaged); files of dropped
 * indexes go at the next flush.
 *
 * <p>Nothing here may fail a flush or an open: a file that cannot be written is logged and written
 * at a later flush, a file that cannot be loaded (missing, damaged, another definition, a vacuumed
 * change feed) makes the index be rebuilt from the table, as before files existed.
 *
 * <p>Called by the flush thread (under the engine's flush lock) and by open, never concurrently.
 */
final class PersistedIndexes {

  private static final Logger LOG = LoggerFactory.getLogger(PersistedIndexes.class);

  /** Index files kept per index. */
  static final int KEEP = 2;

  /** A new file is written once the documents changed since the last reach this share. */
  static final int CHANGED_SHARE_DIVISOR = 8;

  /** The last file written or loaded for one index, and the documents changed since. */
  private record Written(SecondaryIndex index, long tableVersion, long changedSince) {}

  /** What opening did with the indexes, for tests and logs. */
  record LoadCounts(long loaded, long caughtUp, long rebuilt) {}

  private final Storage storage;
  private final Map<Namespace, Map<String, Written>> written = new ConcurrentHashMap<>();
  private final AtomicLong loaded = new AtomicLong();
  private final AtomicLong caughtUp = new AtomicLong();
  private final AtomicLong rebuilt = new AtomicLong();

  PersistedIndexes(Storage storage) {
    this.storage = storage;
  }

  LoadCounts counts() {
    return new LoadCounts(loaded.get(), caughtUp.get(), rebuilt.get());
  }

  /**
   * Loads the indexes of {@code specs} from their newest file at or before the snapshot's version
   * (catching up to it when older) and installs them.
   *
   * @return the specs that could not be loaded and must be rebuilt from the table
   */
  List<IndexSpec> load(CollectionState state, DocumentSnapshot snapshot, List<IndexSpec> specs) {
    Namespace namespace = state.namespace();
    String tablePath = state.tablePath();
    long version = snapshot.version();
    Map<String, List<IndexFile.Stored>> byName;
    try {
      byName =
          IndexFile.list(storage, tablePath).stream()
              .filter(stored -> stored.tableVersion() <= version)
              .collect(Collectors.groupingBy(IndexFile.Stored::indexName));
    } catch (RuntimeException e) {
      LOG.warn("Cannot list the index files of {}, rebuilding: {}", namespace, e.getMessage());
      byName = Map.of();
    }
    List<IndexSpec> missing = new ArrayList<>();
    Map<String, Written> progress = new HashMap<>();
    for (IndexSpec spec : specs) {
      List<IndexFile.Stored> files = new ArrayList<>(byName.getOrDefault(spec.name(), List.of()));
      files.sort(Comparator.comparingLong(IndexFile.Stored::tableVersion).reversed());
      SecondaryIndex index = null;
      IndexFile.Stored from = null;
      for (IndexFile.Stored stored : files) {
        try {
          index = IndexFile.read(storage, stored, spec, stored.tableVersion());
          from = stored;
          break;
        } catch (RuntimeException e) {
          LOG.warn("Index {} of {}: {}", spec.name(), namespace, e.getMessage());
        }
      }
      if (index != null && from.tableVersion() < version) {
        long changed = catchUp(state.table(), index, from.tableVersion(), version);
        if (changed < 0) {
          index = null;
        } else {
          caughtUp.incrementAndGet();
          progress.put(spec.name(), new Written(index, from.tableVersion(), changed));
        }
      } else if (index != null) {
        progress.put(spec.name(), new Written(index, version, 0));
      }
      if (index == null) {
        LOG.info(
            "Rebuilding index {} of {} from its table (no usable index file)",
            spec.name(),
            namespace);
        missing.add(spec);
        rebuilt.incrementAndGet();
        continue;
      }
      loaded.incrementAndGet();
      state.indexes().install(index, 0);
    }
    written.put(namespace, new ConcurrentHashMap<>(progress));
    return missing;
  }

  /** Applies the table's changes after {@code from} up to {@code to}; -1 when it cannot. */
  private static long catchUp(DocumentTable table, SecondaryIndex index, long from, long to) {
    try {
      var changes = table.changes(from + 1, to);
      IndexFile.catchUp(index, changes);
      return changes.size();
    } catch (RuntimeException e) {
      LOG.warn(
          "Cannot catch index {} up from table version {} to {}: {}",
          index.spec().name(),
          from,
          to,
          e.getMessage());
      return -1;
    }
  }

  /**
   * After a flush: writes the files that are due for table version {@code tableVersion}, which
   * holds the log up to {@code cut}, and deletes superseded files and those of dropped indexes.
   *
   * @param changedDocuments documents the flush inserted, replaced or deleted
   */
  void afterFlush(CollectionState state, long cut, long tableVersion, long changedDocuments) {
    Namespace namespace = state.namespace();
    // A renamed collection keeps its table folder: the files go where the table is.
    String tablePath = state.tablePath();
    Map<String, Written> progress =
        written.computeIfAbsent(namespace, ns -> new ConcurrentHashMap<>());
    boolean wroteOrDropped = !progress.keySet().equals(names(state));
    progress.keySet().retainAll(names(state));
    for (SecondaryIndex index : state.indexes().all()) {
      // An index created after the cut may hold keys of versions the table does not have yet.
      if (index.readyAt() > cut) {
        continue;
      }
      String name = index.spec().name();
      Written last = progress.get(name);
      if (last != null && last.index() == index) {
        if (last.tableVersion() == tableVersion) {
          continue;
        }
        long changed = last.changedSince() + changedDocuments;
        if (changed * CHANGED_SHARE_DIVISOR < Math.max(1, index.entryCount())) {
          progress.put(name, new Written(index, last.tableVersion(), changed));
          continue;
        }
      }
      try {
        IndexFile.write(storage, tablePath, index, tableVersion, cut);
        progress.put(name, new Written(index, tableVersion, 0));
        wroteOrDropped = true;
      } catch (RuntimeException e) {
        LOG.warn("Cannot write the file of index {} of {}: {}", name, namespace, e.getMessage());
      }
    }
    if (wroteOrDropped) {
      deleteSuperseded(namespace, tablePath, names(state));
    }
  }

  private static Set<String> names(CollectionState state) {
    return state.indexes().all().stream().map(i -> i.spec().name()).collect(Collectors.toSet());
  }

  /** Deletes the files of indexes not in {@code live} and all but the newest few of the others. */
  private void deleteSuperseded(Namespace namespace, String tablePath, Set<String> live) {
    try {
      Map<String, List<IndexFile.Stored>> byName =
          IndexFile.list(storage, tablePath).stream()
              .collect(Collectors.groupingBy(IndexFile.Stored::indexName));
      for (var files : byName.entrySet()) {
        List<IndexFile.Stored> sorted = new ArrayList<>(files.getValue());
        sorted.sort(Comparator.comparingLong(IndexFile.Stored::tableVersion).reversed());
        int keep = live.contains(files.getKey()) ? KEEP : 0;
        for (IndexFile.Stored stale :
            sorted.subList(Math.min(keep, sorted.size()), sorted.size())) {
          storage.delete(stale.path());
        }
      }
    } catch (RuntimeException e) {
      LOG.warn("Cannot delete superseded index files of {}: {}", namespace, e.getMessage());
    }
  }
}
