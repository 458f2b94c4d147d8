package dev.mongolake;

import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A child JVM that a crash test kills with SIGKILL: it runs {@code main} with this test's class
 * path, writes {@code ready} then one line per acknowledged operation to an acknowledgements file,
 * and is killed about {@code runMillis} after it is ready. The file is read after it died: what a
 * killed process wrote to a file is all there, while the tail of a pipe can be lost when the
 * process ends during a read.
 */
final class KilledChild {

  private KilledChild() {}

  /**
   * Runs {@code main} with {@code args} followed by the acknowledgements file's path, kills it, and
   * returns the complete lines it acknowledged ({@code ready} left out).
   *
   * @param scratch a folder for the acknowledgements file
   */
  static List<String> runAndKill(Class<?> main, List<String> args, Path scratch, int runMillis)
      throws Exception {
    Path acknowledgements = Files.createTempFile(scratch, "acks-", ".txt");
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.add("--enable-native-access=ALL-UNNAMED");
    command.add("--sun-misc-unsafe-memory-access=allow");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(main.getName());
    command.addAll(args);
    command.add(acknowledgements.toString());
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.redirectError(ProcessBuilder.Redirect.DISCARD);
    builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process child = builder.start();
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> Files.readString(acknowledgements).startsWith("ready\n") || !child.isAlive());
    long deadline = System.nanoTime() + Duration.ofMillis(runMillis).toNanos();
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> System.nanoTime() >= deadline || !child.isAlive());
    child.destroyForcibly();
    child.waitFor();
    String written = Files.readString(acknowledgements, StandardCharsets.UTF_8);
    Files.delete(acknowledgements);
    // Only complete lines: a torn last line was never acknowledged to the test.
    List<String> lines = new ArrayList<>(List.of(written.split("\n", -1)));
    lines.removeLast();
    return lines.stream().filter(line -> !line.equals("ready")).toList();
  }
}
