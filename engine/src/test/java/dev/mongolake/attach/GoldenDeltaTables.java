package dev.mongolake.attach;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Where the Spark-written golden Delta tables are, read in place and never copied into the
 * repository: the {@code mongolake.golden.tables} system property or the {@code
 * MONGOLAKE_GOLDEN_TABLES} environment variable, else the team machines' {@code
 * /work/shared/delta-golden}. Without them a test is skipped (failed in CI, {@code CI=true}).
 */
final class GoldenDeltaTables {

  private GoldenDeltaTables() {}

  /** The folder of the golden tables, or aborts the calling test when it is missing. */
  static Path require() {
    String property = System.getProperty("mongolake.golden.tables");
    String environment = System.getenv("MONGOLAKE_GOLDEN_TABLES");
    Path location =
        property != null && !property.isBlank()
            ? Path.of(property)
            : environment != null && !environment.isBlank()
                ? Path.of(environment)
                : Path.of("/work/shared/delta-golden");
    if (!Files.isDirectory(location)) {
      String reason = "the Spark-written golden tables are not at " + location;
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        Assertions.fail(reason);
      }
      Assumptions.abort(reason);
    }
    return location.toAbsolutePath();
  }
}
