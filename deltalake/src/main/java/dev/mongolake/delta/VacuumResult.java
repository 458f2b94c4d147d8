package dev.mongolake.delta;

import java.util.List;

/**
 * What {@link DeltaTable#vacuum} deleted (or, in a dry run, would delete).
 *
 * @param paths storage paths of the files, in lexicographic order
 * @param bytes their total size
 * @param dryRun whether nothing was actually deleted
 */
public record VacuumResult(List<String> paths, long bytes, boolean dryRun) {
  public VacuumResult {
    paths = List.copyOf(paths);
  }
}
