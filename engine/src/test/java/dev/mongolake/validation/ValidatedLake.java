package dev.mongolake.validation;

import dev.mongolake.MongoLake;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** A lake in a folder that tests can restart cleanly or after a simulated crash. */
final class ValidatedLake implements AutoCloseable {
  private Path root;
  private final Path crashCopies;
  private MongoLake lake;
  private int crashes;

  ValidatedLake(Path root, Path crashCopies) {
    this.root = root;
    this.crashCopies = crashCopies;
    this.lake = MongoLake.open(root);
  }

  MongoLake lake() {
    return lake;
  }

  /** Closes (which flushes the tables and trims the log) and opens again. */
  void restart() {
    lake.close();
    lake = MongoLake.open(root);
  }

  /**
   * Simulates a crash now: the files as they are on disk (log synced, nothing flushed since the
   * last flush) are copied and opened, as a restart after SIGKILL finds them.
   */
  void crashAndRestart() throws IOException {
    lake.syncLog();
    Path copy = crashCopies.resolve("crash-" + crashes++);
    try (Stream<Path> files = Files.walk(root)) {
      for (Path source : files.toList()) {
        Path target = copy.resolve(root.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
        } else if (!source.getFileName().toString().endsWith(".lock")) {
          Files.copy(source, target);
        }
      }
    }
    lake.close();
    root = copy;
    lake = MongoLake.open(root);
  }

  @Override
  public void close() {
    lake.close();
  }
}
