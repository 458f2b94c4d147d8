package dev.mongolake.internal.engine;

import dev.mongolake.delta.table.DocumentSnapshot;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Counts open readers per table view: by floor, so that buffer versions a reader of an older table
 * version still needs are not released after a flush; by snapshot, so that vacuum never deletes a
 * data file an open reader (a cursor among them) still scans. Thread-safe.
 */
final class ReaderPins {

  private final ConcurrentSkipListMap<Long, Integer> counts = new ConcurrentSkipListMap<>();
  // Identity: two snapshots of one version are the same files, and the count is per open reader.
  private final Map<DocumentSnapshot, Integer> snapshots = new IdentityHashMap<>();

  void pin(TableView view) {
    counts.merge(view.floor(), 1, Integer::sum);
    if (view.snapshot() != null) {
      synchronized (snapshots) {
        snapshots.merge(view.snapshot(), 1, Integer::sum);
      }
    }
  }

  void unpin(TableView view) {
    counts.computeIfPresent(view.floor(), (f, n) -> n == 1 ? null : n - 1);
    if (view.snapshot() != null) {
      synchronized (snapshots) {
        snapshots.computeIfPresent(view.snapshot(), (s, n) -> n == 1 ? null : n - 1);
      }
    }
  }

  /** The lowest floor any open reader uses, or {@code ceiling} if none is lower. */
  long lowestPinned(long ceiling) {
    Long lowest = counts.isEmpty() ? null : counts.firstKey();
    return lowest == null ? ceiling : Math.min(lowest, ceiling);
  }

  /** The storage paths of the data files the snapshots of open readers list. */
  Set<String> filesInUse() {
    Set<String> paths = new HashSet<>();
    synchronized (snapshots) {
      for (DocumentSnapshot snapshot : snapshots.keySet()) {
        paths.addAll(snapshot.delta().storagePaths());
        paths.addAll(snapshot.delta().deletionVectorPaths());
      }
    }
    return paths;
  }
}
