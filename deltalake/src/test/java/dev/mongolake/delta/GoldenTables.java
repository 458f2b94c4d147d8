package dev.mongolake.delta;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Where the Spark-written golden Delta tables are: the {@code mongolake.golden.tables} system
 * property or the {@code MONGOLAKE_GOLDEN_TABLES} environment variable if set, else a {@code
 * shared/delta-golden} folder beside the repository or one of its ancestors, else the team
 * machines' {@code /work/shared/delta-golden} (a clone may sit anywhere on the machine). The tables
 * are read in place, never copied into the repository.
 *
 * <p>A clone without them skips the tests that read them, saying where they were looked for. In CI,
 * meaning the environment variable {@code CI} is {@code true} (CI services set it, and {@code
 * .ci/run} exports it), their absence fails those tests instead, so CI never passes without having
 * read them.
 */
public final class GoldenTables {

  /** System property naming the folder of the golden tables. */
  static final String PROPERTY = "mongolake.golden.tables";

  /** Environment variable naming the folder of the golden tables. */
  static final String VARIABLE = "MONGOLAKE_GOLDEN_TABLES";

  private GoldenTables() {}

  /** The folder, or the first candidate when none exists (so a message can name it). */
  static Path location() {
    List<Path> candidates = candidates();
    for (Path candidate : candidates) {
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    return candidates.getFirst();
  }

  /**
   * The folder, for a test that reads it: when it is missing, aborts the calling test (it shows as
   * skipped, with the reason) outside CI, and fails it in CI.
   */
  public static Path require() {
    Path location = location();
    if (!Files.isDirectory(location)) {
      String reason = missingReason();
      if (inCi()) {
        Assertions.fail(reason + " (CI=true: in CI the golden tables are required)");
      }
      Assumptions.abort(reason);
    }
    return location;
  }

  /** Why the tests that read the golden tables cannot run, naming every place looked at. */
  static String missingReason() {
    List<Path> candidates = candidates();
    String looked =
        candidates.size() == 1
            ? ""
            : " (also looked in " + candidates.subList(1, candidates.size()) + ")";
    return "the Spark-written golden tables are not at "
        + candidates.getFirst()
        + looked
        + ": set "
        + VARIABLE
        + " or -D"
        + PROPERTY
        + " to their folder, or place them at ../shared/delta-golden beside the repository";
  }

  /** Whether the tests run in CI, where a missing prerequisite is a failure, not a skip. */
  static boolean inCi() {
    return "true".equalsIgnoreCase(System.getenv("CI"));
  }

  /** Every place looked at, in order. */
  static List<Path> candidates() {
    List<Path> candidates = new ArrayList<>();
    String property = System.getProperty(PROPERTY);
    if (property != null && !property.isBlank()) {
      candidates.add(Path.of(property).toAbsolutePath().normalize());
      // An explicit location is the only one: a typo must not fall back to another folder.
      return candidates;
    }
    String environment = System.getenv(VARIABLE);
    if (environment != null && !environment.isBlank()) {
      candidates.add(Path.of(environment).toAbsolutePath().normalize());
      return candidates;
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
    // The team machines keep them there, wherever a clone (CI's among them) is made.
    Path teamMachines = Path.of("/work/shared/delta-golden");
    if (!candidates.contains(teamMachines)) {
      candidates.add(teamMachines);
    }
    return candidates;
  }
}
