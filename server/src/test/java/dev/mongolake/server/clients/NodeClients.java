package dev.mongolake.server.clients;

import static org.junit.jupiter.api.Assumptions.abort;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The mongosh and Node.js driver installation used by the client tests: the npm project in {@code
 * src/test/node} is copied to {@code target/node-clients} and installed there with {@code npm ci}
 * once per build (again only when the lockfile changes), so {@code node_modules} never lands in the
 * source tree.
 *
 * <p>When {@code node} or {@code npm} is not on the PATH every client test is aborted (reported as
 * skipped, with the reason); when npm is there but the install fails, the tests fail with npm's
 * output.
 */
final class NodeClients {

  private static final Duration TOOL_CHECK_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(10);
  private static final List<String> PROJECT_FILES =
      List.of(
          "package.json",
          "package-lock.json",
          "mongosh-session.js",
          "node-driver-smoke.js",
          "node-driver-replica-set.js");

  private static Optional<String> missingTool;
  private static NodeClients installed;
  private static RuntimeException installFailure;

  private final Path dir;

  private NodeClients(Path dir) {
    this.dir = dir;
  }

  /**
   * Why the client tests cannot run here ({@code node} or {@code npm} is not on the PATH), or empty
   * when both are.
   */
  static synchronized Optional<String> missingTool() {
    if (missingTool == null) {
      missingTool = findMissingTool(List.of("node", "npm"));
    }
    return missingTool;
  }

  /** Aborts the current test (reported as skipped, with the reason) without node and npm. */
  static void skipUnlessNodeAndNpmArePresent() {
    missingTool().ifPresent(reason -> abort(reason));
  }

  /** The installed clients; installs them on first use. Requires node and npm. */
  static synchronized NodeClients installed() {
    if (installed != null) {
      return installed;
    }
    if (installFailure != null) {
      throw installFailure;
    }
    skipUnlessNodeAndNpmArePresent();
    Path moduleDir = Path.of(System.getProperty("basedir", "")).toAbsolutePath();
    Path dir = moduleDir.resolve("target/node-clients");
    try {
      install(moduleDir.resolve("src/test/node"), dir);
    } catch (IOException | RuntimeException e) {
      installFailure =
          new IllegalStateException("installing mongosh and the Node driver failed", e);
      throw installFailure;
    }
    installed = new NodeClients(dir);
    return installed;
  }

  /** Runs {@code node} with {@code args} in the clients folder. */
  ClientRun node(List<String> args, Map<String, String> env, Path logDir, String logName)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(executable("node"));
    command.addAll(args);
    return ProcessRunner.run(command, dir, env, logDir, logName, Duration.ofSeconds(90));
  }

  /** The mongosh entry point, run with {@code node}. */
  Path mongoshEntryPoint() {
    return dir.resolve("node_modules/mongosh/bin/mongosh.js");
  }

  private static void install(Path source, Path dir) throws IOException {
    Files.createDirectories(dir);
    Path installedLock = dir.resolve("node_modules/.package-lock.json");
    boolean upToDate =
        Files.exists(installedLock)
            && Files.exists(dir.resolve("package-lock.json"))
            && Files.mismatch(source.resolve("package-lock.json"), dir.resolve("package-lock.json"))
                == -1;
    for (String file : PROJECT_FILES) {
      Files.copy(source.resolve(file), dir.resolve(file), StandardCopyOption.REPLACE_EXISTING);
    }
    if (upToDate) {
      return;
    }
    // --ignore-scripts: the native add-ons some mongosh dependencies build are optional, and
    // building them needs a compiler toolchain and time the tests do not need.
    ClientRun npm =
        ProcessRunner.run(
            List.of(
                executable("npm"),
                "ci",
                "--no-audit",
                "--no-fund",
                "--ignore-scripts",
                "--loglevel=warn"),
            dir,
            Map.of(),
            dir,
            "npm-ci",
            INSTALL_TIMEOUT);
    if (npm.exitCode() != 0 || !Files.exists(dir.resolve("node_modules/mongosh/bin/mongosh.js"))) {
      throw new IllegalStateException("npm ci failed in " + dir + "\n" + npm.describe());
    }
  }

  private static Optional<String> findMissingTool(List<String> names) {
    for (String name : names) {
      try {
        Process process =
            new ProcessBuilder(executable(name), "--version")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!process.waitFor(TOOL_CHECK_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
          process.destroyForcibly();
          throw new IllegalStateException(
              name + " --version did not answer in " + TOOL_CHECK_TIMEOUT);
        }
      } catch (IOException e) {
        return Optional.of(
            name
                + " is not on the PATH: the mongosh and Node.js driver tests are skipped ("
                + e.getMessage()
                + ")");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    return Optional.empty();
  }

  private static String executable(String name) {
    boolean windows = System.getProperty("os.name").toLowerCase().startsWith("windows");
    return windows && name.equals("npm") ? "npm.cmd" : name;
  }
}
