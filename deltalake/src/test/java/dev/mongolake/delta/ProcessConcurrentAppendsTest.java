package dev.mongolake.delta;

import static dev.mongolake.delta.TestTables.PARTITIONED;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.ActionCodec;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.storage.FileSystemStorage;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
    List<Process> processes = new ArrayList<>();
    try (FileSystemStorage storage = new FileSystemStorage(dir)) {
      DeltaTable.create(storage, "t", PARTITIONED, DeltaTableOptions.defaults());
      List<BufferedReader> outputs = new ArrayList<>();
      for (int p = 0; p < PROCESSES; p++) {
        Process process =
            new ProcessBuilder(
                    ProcessHandle.current().info().command().orElseThrow(),
                    "-cp",
                    System.getProperty("java.class.path"),
                    AppendingProcess.class.getName(),
                    dir.toString(),
                    "p" + p,
                    Integer.toString(COMMITS_EACH))
                .redirectError(dir.resolve("p" + p + ".err").toFile())
                .start();
        processes.add(process);
        outputs.add(new BufferedReader(new InputStreamReader(process.getInputStream(), UTF_8)));
      }
      for (BufferedReader output : outputs) {
        assertThat(output.readLine()).as("child start-up (see %s)", dir).isEqualTo("READY");
      }
      for (Process process : processes) {
        process.getOutputStream().write('\n');
        process.getOutputStream().flush();
      }
      Map<String, Long> acknowledged = new HashMap<>();
      for (BufferedReader output : outputs) {
        for (String line = output.readLine(); !"DONE".equals(line); line = output.readLine()) {
          assertThat(line).as("child output").isNotNull().startsWith("ACK ");
          String[] parts = line.split(" ");
          assertThat(acknowledged.put(parts[1], Long.parseLong(parts[2]))).isNull();
        }
      }
      for (Process process : processes) {
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isZero();
      }
      long versions = PROCESSES * COMMITS_EACH;
      Map<String, Long> inLog = new HashMap<>();
      for (long v = 1; v <= versions; v++) {
        String path = "t/_delta_log/%020d.json".formatted(v);
        for (Action action : ActionCodec.parse(storage.read(path), path)) {
          if (action instanceof AddFile add) {
            assertThat(inLog.put(add.path(), v)).as("%s appears once", add.path()).isNull();
          }
        }
      }
      assertThat(storage.stat("t/_delta_log/%020d.json".formatted(versions + 1))).isEmpty();
      assertThat(inLog).isEqualTo(acknowledged);
      assertThat(DeltaTable.forPath(storage, "t").snapshot().fileCount()).isEqualTo((int) versions);
    } finally {
      processes.forEach(Process::destroyForcibly);
    }
  }
}
