package dev.mongolake.delta.iceberg.internal;

import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.CommitInfo;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.log.schema.StructType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The net change of consecutive Delta versions, as one Iceberg snapshot applies it: the files live
 * after the last version that were not before the first ({@link #added}), the files live before the
 * first that are not after the last ({@link #removed}), the newest schema, and the operations.
 *
 * <p>A file added and removed within the versions is in neither. A file removed and then added
 * again (a new deletion vector for the same path) is in both, so the snapshot replaces its entry.
 * Files are matched by location. Within one version the removes apply before the adds: Delta does
 * not order a version's actions, and one version never adds and removes the same logical file.
 */
final class CoalescedVersions {
  private final UnaryOperator<String> location;
  private final Map<String, AddFile> added = new LinkedHashMap<>();
  private final Map<String, RemoveFile> removed = new LinkedHashMap<>();
  private final Set<String> operations = new LinkedHashSet<>();
  private StructType schema;

  /**
   * @param location the location Iceberg names a file by, from the path in its action
   */
  CoalescedVersions(UnaryOperator<String> location) {
    this.location = location;
  }

  /** Applies the next version's actions. */
  void apply(List<Action> actions) {
    List<AddFile> adds = new ArrayList<>();
    for (Action action : actions) {
      switch (action) {
        case AddFile add -> adds.add(add);
        case RemoveFile remove -> {
          String key = location.apply(remove.path());
          if (added.remove(key) == null) {
            removed.put(key, remove);
          }
        }
        case Metadata metadata -> schema = metadata.schema();
        case CommitInfo info -> info.operation().ifPresent(operations::add);
        default -> {
          // Protocol, transactions, domain metadata and change data files have no Iceberg part.
        }
      }
    }
    adds.forEach(add -> added.put(location.apply(add.path()), add));
  }

  Collection<AddFile> added() {
    return added.values();
  }

  Collection<RemoveFile> removed() {
    return removed.values();
  }

  /** The schema of the newest version that changed the metadata, or null if none did. */
  StructType schema() {
    return schema;
  }

  /** The distinct Delta operations in order, joined by commas; empty if none was recorded. */
  String operation() {
    return String.join(",", operations);
  }
}
