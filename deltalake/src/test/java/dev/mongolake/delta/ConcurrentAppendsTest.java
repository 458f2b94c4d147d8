package dev.mongolake.delta;

import dev.mongolake.delta.storage.FileSystemStorage;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Threads, each with its own table handle (as separate processes would have), append to one table
 * on the filesystem: every acknowledged commit is in the log exactly once, at the version it was
 * acknowledged with, and no version is lost or duplicated.
 */
class ConcurrentAppendsTest {
  private static final int WRITERS = 6;
  private static final int COMMITS_EACH = 15;

  @TempDir Path dir;

  @Test
  void everyAcknowledgedAppendIsInTheLogExactlyOnce() throws Exception {
    try (FileSystemStorage storage = new FileSystemStorage(dir)) {
      ConcurrentAppendRace.createTable(storage, "t");

      Map<String, Long> acknowledged =
          ConcurrentAppendRace.appendFromThreads(storage, "t", WRITERS, COMMITS_EACH);

      ConcurrentAppendRace.assertEachAcknowledgedAppendIsInTheLogOnce(storage, "t", acknowledged);
    }
  }
}
