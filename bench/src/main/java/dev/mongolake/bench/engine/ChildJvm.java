package dev.mongolake.bench.engine;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** A bench class's {@code main} run in a fresh JVM, as a restart measurement needs. */
final class ChildJvm {

  private ChildJvm() {}

  /**
   * Runs {@code main} with {@code args} on {@code classpath}, its errors shown on ours, and returns
   * its last line of output; when {@code killAt} accepts a line, kills the JVM (SIGKILL) there and
   * returns that line.
   *
   * @throws IllegalStateException if the JVM fails or prints nothing
   */
  static String run(Class<?> main, String classpath, List<String> args, Predicate<String> killAt)
      throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("--enable-native-access=ALL-UNNAMED");
    command.add("--sun-misc-unsafe-memory-access=allow");
    command.add("-cp");
    command.add(classpath);
    command.add(main.getName());
    command.addAll(args);
    Process process =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String last = null;
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        last = line;
        if (killAt.test(line)) {
          process.destroyForcibly().waitFor();
          return line;
        }
      }
    }
    if (process.waitFor() != 0 || last == null) {
      throw new IllegalStateException(main.getSimpleName() + " " + args + " failed in its JVM");
    }
    return last;
  }
}
