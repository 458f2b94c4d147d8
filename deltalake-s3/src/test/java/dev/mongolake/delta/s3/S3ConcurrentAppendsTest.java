package dev.mongolake.delta.s3;

import dev.mongolake.delta.ConcurrentAppendRace;
import dev.mongolake.delta.storage.Storage;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Threads and separate JVMs append to one table on a real S3 server (s3proxy), where commits are
 * made atomic by conditional PUT: every acknowledged commit is in the log exactly once, at the
 * version it was acknowledged with, and no version is lost or duplicated.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES) // a hung writer fails the test instead of the build
class S3ConcurrentAppendsTest {
  private static final int THREADS = 8;
  private static final int COMMITS_PER_THREAD = 10;
  private static final int PROCESSES = 2;
  private static final int COMMITS_PER_PROCESS = 25;

  @RegisterExtension static final S3ProxyExtension S3 = new S3ProxyExtension();

  private final URI location = S3.location("race-" + UUID.randomUUID());

  @TempDir Path logDir;

  @Test
  void eightThreadsAppendingLoseAndDuplicateNothing() throws Exception {
    try (Storage storage = Storage.create(location)) {
      ConcurrentAppendRace.createTable(storage, "t");

      Map<String, Long> acknowledged =
          ConcurrentAppendRace.appendFromThreads(storage, "t", THREADS, COMMITS_PER_THREAD);

      ConcurrentAppendRace.assertEachAcknowledgedAppendIsInTheLogOnce(storage, "t", acknowledged);
    }
  }

  @Test
  void twoProcessesAppendingLoseAndDuplicateNothing() throws Exception {
    try (Storage storage = Storage.create(location)) {
      ConcurrentAppendRace.createTable(storage, "t");

      Map<String, Long> acknowledged =
          ConcurrentAppendRace.appendFromProcesses(
              location.toString(), "t", PROCESSES, COMMITS_PER_PROCESS, logDir);

      ConcurrentAppendRace.assertEachAcknowledgedAppendIsInTheLogOnce(storage, "t", acknowledged);
    }
  }
}
