package dev.mongolake.server.clients;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs an external process with a time limit, capturing its output in files. */
final class ProcessRunner {

  private ProcessRunner() {}

  /**
   * Runs {@code command} in {@code workDir} with {@code extraEnv} added to the environment. Output
   * goes to files under {@code logDir} (so a chatty process never blocks on a full pipe). On
   * timeout the process and every process it started are killed and an {@link
   * IllegalStateException} with the output so far is thrown.
   *
   * @throws IOException when the program cannot be started (for example, it is not installed)
   */
  static ClientRun run(
      List<String> command,
      Path workDir,
      Map<String, String> extraEnv,
      Path logDir,
      String logName,
      Duration timeout)
      throws IOException {
    Files.createDirectories(logDir);
    Path out = logDir.resolve(logName + ".stdout.log");
    Path err = logDir.resolve(logName + ".stderr.log");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(workDir.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    builder.environment().putAll(extraEnv);
    Process process = builder.start();
    boolean finished;
    try {
      finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      finished = false;
    }
    if (!finished) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      ClientRun partial = new ClientRun(command, -1, read(out), read(err));
      throw new IllegalStateException(
          "timed out after " + timeout + ", killed\n" + partial.describe());
    }
    return new ClientRun(command, process.exitValue(), read(out), read(err));
  }

  private static java.io.File nullDevice() {
    return new java.io.File(
        System.getProperty("os.name").toLowerCase().startsWith("windows") ? "NUL" : "/dev/null");
  }

  private static String read(Path file) throws IOException {
    return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
  }
}
