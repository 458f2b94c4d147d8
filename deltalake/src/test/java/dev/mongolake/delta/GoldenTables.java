package dev.mongolake.delta;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the Spark-written golden Delta tables are: the {@code delta.golden.dir} system property or
 * the {@code DELTA_GOLDEN_DIR} environment variable if set, else a {@code shared/delta-golden}
 * folder beside the repository or one of its ancestors (a clone may sit anywhere on the machine),
 * else {@code /work/shared/delta-golden}. The tables are read in place, never copied.
 */
final class GoldenTables {

  private GoldenTables() {}

  /** The folder, or the first candidate when none exists (so the failure names it). */
  static Path location() {
    List<Path> candidates = candidates();
    for (Path candidate : candidates) {
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    return candidates.getFirst();
  }

  /** Every place looked at, in order, for the error message when none exists. */
  static List<Path> candidates() {
    List<Path> candidates = new ArrayList<>();
    String property = System.getProperty("delta.golden.dir");
    if (property != null && !property.isBlank()) {
      candidates.add(Path.of(property));
    }
    String environment = System.getenv("DELTA_GOLDEN_DIR");
    if (environment != null && !environment.isBlank()) {
      candidates.add(Path.of(environment));
    }
    // The module folder is the working directory; the repository is its parent.
    for (Path dir = Path.of("..").toAbsolutePath().normalize();
        dir != null;
        dir = dir.getParent()) {
      Path parent = dir.getParent();
      if (parent != null) {
        candidates.add(parent.resolve("shared").resolve("delta-golden"));
      }
    }
    candidates.add(Path.of("/work/shared/delta-golden"));
    return candidates;
  }
}
