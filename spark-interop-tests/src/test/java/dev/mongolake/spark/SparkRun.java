package dev.mongolake.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * One run of the Spark program for all the tests of this module (Spark's start-up is most of its
 * time): first the library writes {@link OurTables} under {@code ours/}, then Spark, as a child
 * process on Java 17 or 21, reads them and writes its tables under {@code spark/}, recording what
 * it read under {@code rows/}.
 *
 * <p>Without a Java 17 or 21 runtime the tests are skipped with the reason outside CI and fail in
 * CI ({@code CI=true}).
 */
final class SparkRun {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long TIMEOUT_SECONDS = 300;

  /** The flags Spark documents for Java 17 and later. */
  private static final List<String> SPARK_JVM_FLAGS =
      List.of(
          "--add-opens=java.base/java.lang=ALL-UNNAMED",
          "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
          "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
          "--add-opens=java.base/java.io=ALL-UNNAMED",
          "--add-opens=java.base/java.net=ALL-UNNAMED",
          "--add-opens=java.base/java.nio=ALL-UNNAMED",
          "--add-opens=java.base/java.util=ALL-UNNAMED",
          "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
          "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
          "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
          "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
          "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
          "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
          "-Djdk.reflect.useDirectMethodHandle=false",
          "-Dio.netty.tryReflectionSetAccessible=true");

  private static SparkRun run;
  private static Throwable failure;

  private final Path work;
  private final Map<String, TreeMap<Long, BsonDocument>> ourLiveDocuments;

  private SparkRun(Path work, Map<String, TreeMap<Long, BsonDocument>> ourLiveDocuments) {
    this.work = work;
    this.ourLiveDocuments = ourLiveDocuments;
  }

  /** The run, started by the first caller. */
  static synchronized SparkRun get() {
    Optional<Path> java = SparkJava.find();
    if (java.isEmpty()) {
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        Assertions.fail(SparkJava.looked() + " (CI=true: in CI Spark must run)");
      }
      Assumptions.abort(SparkJava.looked());
    }
    if (failure != null) {
      throw new AssertionError("The Spark run failed", failure);
    }
    if (run == null) {
      try {
        run = start(java.get());
      } catch (RuntimeException | Error e) {
        failure = e;
        throw e;
      }
    }
    return run;
  }

  private static SparkRun start(Path java) {
    try {
      Path program = Path.of(System.getProperty("mongolake.spark.program"));
      Path work = Path.of(System.getProperty("mongolake.spark.work"));
      deleteRecursively(work);
      Files.createDirectories(work);
      Map<String, TreeMap<Long, BsonDocument>> live = OurTables.write(work.resolve("ours"));
      String classPath =
          program.resolve("test-classes")
              + File.pathSeparator
              + Files.readString(program.resolve("spark-classpath.txt")).strip();
      List<String> command = new ArrayList<>();
      command.add(java.toString());
      command.addAll(SPARK_JVM_FLAGS);
      Path tmp = Files.createDirectories(work.resolve("tmp"));
      command.addAll(
          List.of(
              "-Xmx2g", "-XX:TieredStopAtLevel=1", "-Djava.io.tmpdir=" + tmp, "-cp", classPath));
      command.add("dev.mongolake.spark.program.SparkInteropProgram");
      command.add(work.toString());
      Path log = work.resolve("spark.log");
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .directory(work.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile());
      builder.environment().remove("JAVA_TOOL_OPTIONS");
      builder.environment().remove("JDK_JAVA_OPTIONS");
      builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
      Process process = builder.start();
      boolean exited = process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      if (!exited) {
        process.destroyForcibly();
      }
      assertThat(exited).as("Spark finished within %ds (log: %s)", TIMEOUT_SECONDS, log).isTrue();
      assertThat(process.exitValue()).as("Spark's exit status (log: %s)", log).isZero();
      return new SparkRun(work, live);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The folder of the tables the library wrote. */
  Path ours() {
    return work.resolve("ours");
  }

  /** The folder of the tables Spark wrote. */
  Path spark() {
    return work.resolve("spark");
  }

  /** The live documents of one of {@link OurTables}, by {@code _id}. */
  TreeMap<Long, BsonDocument> ourLiveDocuments(String table) {
    return ourLiveDocuments.get(table);
  }

  /**
   * The rows Spark read of a table ({@code side} {@code ours} or {@code spark}), each as its column
   * texts; fails with Spark's error when it could not read or write the table.
   */
  List<List<String>> rows(String side, String table) {
    Path rows = work.resolve("rows");
    Path error = rows.resolve(side + "-" + table + ".error");
    if (Files.exists(error)) {
      Assertions.fail("Spark failed on " + side + " table " + table + ":\n" + read(error));
    }
    List<List<String>> result = new ArrayList<>();
    for (String line : lines(rows.resolve(side + "-" + table + ".jsonl"))) {
      try {
        result.add(JSON.readValue(line, new TypeReference<List<String>>() {}));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return result;
  }

  /** The schema Spark read of a table, as Spark's schema JSON. */
  String schema(String side, String table) {
    return read(work.resolve("rows").resolve(side + "-" + table + ".schema.json"));
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
          .filter(l -> !l.isBlank())
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
