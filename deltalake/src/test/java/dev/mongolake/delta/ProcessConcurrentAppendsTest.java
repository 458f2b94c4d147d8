package dev.mongolake.delta;

import dev.mongolake.delta.storage.FileSystemStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two separate JVMs append to one filesystem table at the same time: every acknowledged commit is
 * in the log exactly once at its acknowledged version, and the versions are contiguous.
 */
class ProcessConcurrentAppendsTest {
  private static final int PROCESSES = 2;
  private static final int COMMITS_EACH = 25;

  @TempDir Path dir;

  @Test
  void twoProcessesAppendingLoseAndDuplicateNothing() throws Exception {
    Path root = Files.createDirectories(dir.resolve("lake"));
    try (FileSystemStorage storage = new FileSystemStorage(root)) {
      ConcurrentAppendRace.createTable(storage, "t");

      Map<String, Long> acknowledged =
          ConcurrentAppendRace.appendFromProcesses(
              root.toString(), "t", PROCESSES, COMMITS_EACH, dir);

      ConcurrentAppendRace.assertEachAcknowledgedAppendIsInTheLogOnce(storage, "t", acknowledged);
    }
  }
}
