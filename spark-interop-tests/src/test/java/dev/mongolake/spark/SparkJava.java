package dev.mongolake.spark;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds a Java 17 or 21 runtime for Spark, which cannot run on this build's Java 25 (Hadoop's
 * {@code UserGroupInformation} calls {@code Subject.getSubject}, which Java 24 and later refuse).
 * Looked for in order: the {@code mongolake.spark.java} system property or {@code
 * MONGOLAKE_SPARK_JAVA} environment variable (a {@code java} binary), the JDKs under {@code
 * /usr/lib/jvm}, then {@code java} on the {@code PATH}; each candidate's version is checked.
 */
final class SparkJava {
  static final String PROPERTY = "mongolake.spark.java";
  static final String VARIABLE = "MONGOLAKE_SPARK_JAVA";
  private static final List<Integer> SUPPORTED = List.of(17, 21);
  private static final Pattern VERSION = Pattern.compile("version \"(\\d+)");

  private SparkJava() {}

  /** A {@code java} binary of a version Spark runs on, if the machine has one. */
  static Optional<Path> find() {
    for (Path candidate : candidates()) {
      if (Files.isExecutable(candidate) && SUPPORTED.contains(majorVersion(candidate))) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** Where {@link #find()} looked, for a message when it finds nothing. */
  static String looked() {
    return "no Java 17 or 21 runtime (Spark cannot run on Java 24 and later): set "
        + VARIABLE
        + " or -D"
        + PROPERTY
        + " to its java binary; looked at "
        + candidates();
  }

  private static List<Path> candidates() {
    List<Path> candidates = new ArrayList<>();
    String named = System.getProperty(PROPERTY, System.getenv(VARIABLE));
    if (named != null && !named.isBlank()) {
      candidates.add(Path.of(named));
    }
    Path jvms = Path.of("/usr/lib/jvm");
    if (Files.isDirectory(jvms)) {
      try (Stream<Path> homes = Files.list(jvms)) {
        homes
            .filter(home -> home.getFileName().toString().matches(".*\\D(17|21)(\\D.*)?"))
            .sorted()
            .forEach(home -> candidates.add(home.resolve("bin/java")));
      } catch (IOException e) {
        // An unreadable folder holds no candidates.
      }
    }
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!dir.isEmpty()) {
        candidates.add(Path.of(dir, "java"));
      }
    }
    return candidates;
  }

  /** The major version {@code java -version} reports, or 0. */
  private static int majorVersion(Path java) {
    try {
      Process process =
          new ProcessBuilder(java.toString(), "-version").redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
        process.destroyForcibly();
        return 0;
      }
      Matcher matcher = VERSION.matcher(output);
      return matcher.find() ? Integer.parseInt(matcher.group(1)) : 0;
    } catch (IOException e) {
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    }
  }
}
