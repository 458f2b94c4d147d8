package dev.mongolake.delta;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.ActionCodec;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;

/**
 * Blind appends racing on one table, from threads or from separate JVMs ({@link AppendingProcess}),
 * and the check that the log holds every acknowledged append exactly once. Shared by the filesystem
 * tests here and by every other backend that claims safe concurrent commits (the S3 module runs it
 * against a real S3 server).
 *
 * <p>Each append adds one file whose path is unique to its writer and index ({@link
 * AddFileMarker}); writers report the version each commit was acknowledged with.
 */
public final class ConcurrentAppendRace {
  private static final Pattern COMMIT_FILE = Pattern.compile("(\\d{20})\\.json");

  private ConcurrentAppendRace() {}

  /** Creates the partitioned test table at {@code tablePath}: version 0, no files. */
  public static void createTable(Storage storage, String tablePath) {
    DeltaTable.create(storage, tablePath, TestTables.PARTITIONED, DeltaTableOptions.defaults());
  }

  /**
   * Runs {@code writers} threads, each with its own table handle (as separate processes would have)
   * over the shared storage, released together, each committing {@code commitsEach} appends.
   *
   * @return acknowledged add paths and the version each was acknowledged with
   */
  public static Map<String, Long> appendFromThreads(
      Storage storage, String tablePath, int writers, int commitsEach) throws Exception {
    Map<String, Long> acknowledged = new ConcurrentHashMap<>();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        String writer = "w" + w;
        futures.add(
            pool.submit(
                () -> {
                  DeltaTable handle = DeltaTable.forPath(storage, tablePath);
                  start.await();
                  for (int i = 0; i < commitsEach; i++) {
                    AddFileMarker marker = new AddFileMarker(writer, i);
                    CommitResult result = handle.startTransaction().add(marker.addFile()).commit();
                    assertThat(acknowledged.put(marker.path(), result.version())).isNull();
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> future : futures) {
        future.get();
      }
    } finally {
      pool.shutdownNow();
    }
    return acknowledged;
  }

  /**
   * Runs {@code processes} separate JVMs ({@link AppendingProcess}) on the table at {@code
   * tablePath} of the storage at {@code location}, released together once all have loaded the
   * table, each committing {@code commitsEach} appends. The children run this JVM's class path, so
   * the caller's test class path must hold the backend's provider.
   *
   * @param logDir where each child's standard error goes, for diagnosis
   * @return acknowledged add paths and the version each was acknowledged with
   */
  public static Map<String, Long> appendFromProcesses(
      String location, String tablePath, int processes, int commitsEach, Path logDir)
      throws Exception {
    List<Process> children = new ArrayList<>();
    try {
      List<BufferedReader> outputs = new ArrayList<>();
      for (int p = 0; p < processes; p++) {
        Process child =
            new ProcessBuilder(
                    ProcessHandle.current().info().command().orElseThrow(),
                    "-Xmx256m",
                    "-cp",
                    System.getProperty("java.class.path"),
                    AppendingProcess.class.getName(),
                    location,
                    tablePath,
                    "p" + p,
                    Integer.toString(commitsEach))
                .redirectError(logDir.resolve("p" + p + ".err").toFile())
                .start();
        children.add(child);
        outputs.add(new BufferedReader(new InputStreamReader(child.getInputStream(), UTF_8)));
      }
      for (BufferedReader output : outputs) {
        assertThat(output.readLine()).as("child start-up (see %s)", logDir).isEqualTo("READY");
      }
      for (Process child : children) {
        child.getOutputStream().write('\n');
        child.getOutputStream().flush();
      }
      Map<String, Long> acknowledged = new HashMap<>();
      for (BufferedReader output : outputs) {
        readAcknowledgements(output, acknowledged, logDir);
      }
      for (Process child : children) {
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as("child exit (see %s)", logDir).isZero();
      }
      return acknowledged;
    } finally {
      children.forEach(Process::destroyForcibly);
    }
  }

  private static void readAcknowledgements(
      BufferedReader output, Map<String, Long> acknowledged, Path logDir) throws IOException {
    for (String line = output.readLine(); !"DONE".equals(line); line = output.readLine()) {
      assertThat(line).as("child output (see %s)", logDir).isNotNull().startsWith("ACK ");
      String[] parts = line.split(" ");
      assertThat(acknowledged.put(parts[1], Long.parseLong(parts[2])))
          .as("%s acknowledged once", parts[1])
          .isNull();
    }
  }

  /**
   * Checks the outcome of a race on a table created by {@link #createTable}: the log's commits are
   * exactly versions {@code 0..n} where {@code n} is the number of acknowledged appends; every
   * acknowledged file is added exactly once, at the version it was acknowledged with; and no file
   * that was not acknowledged is in the log at all (so no retry committed an append twice).
   */
  public static void assertEachAcknowledgedAppendIsInTheLogOnce(
      Storage storage, String tablePath, Map<String, Long> acknowledged) {
    String logDir = tablePath + "/_delta_log/";
    List<Long> commitVersions = new ArrayList<>();
    for (FileEntry entry : storage.list(logDir, logDir)) {
      Matcher name = COMMIT_FILE.matcher(entry.path().substring(logDir.length()));
      if (name.matches()) {
        commitVersions.add(Long.parseLong(name.group(1)));
      }
    }
    long last = acknowledged.size();
    assertThat(commitVersions)
        .as("commit versions in the log")
        .containsExactlyElementsOf(LongStream.rangeClosed(0, last).boxed().toList());

    Map<String, Long> inLog = new HashMap<>();
    for (long v = 1; v <= last; v++) {
      String path = logDir + "%020d.json".formatted(v);
      for (Action action : ActionCodec.parse(storage.read(path), path)) {
        if (action instanceof AddFile add) {
          assertThat(inLog.put(add.path(), v)).as("%s is added once", add.path()).isNull();
        }
      }
    }
    assertThat(inLog).isEqualTo(acknowledged);
    Snapshot snapshot = DeltaTable.forPath(storage, tablePath).snapshot();
    assertThat(snapshot.version()).isEqualTo(last);
    assertThat(snapshot.fileCount()).isEqualTo(acknowledged.size());
  }
}
