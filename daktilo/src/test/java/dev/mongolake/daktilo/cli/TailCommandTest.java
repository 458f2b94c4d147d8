package dev.mongolake.daktilo.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TailCommandTest {

  private static final Duration PATIENCE = Duration.ofSeconds(30);

  @TempDir Path dir;

  /** The tool running on its own thread, with output readable while it runs. */
  private record Running(
      Thread thread, StringWriter out, StringWriter err, AtomicInteger exitCode) {
    static Running start(String... args) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      AtomicInteger exitCode = new AtomicInteger(-1);
      Thread thread =
          Thread.ofPlatform()
              .start(
                  () ->
                      exitCode.set(
                          DaktiloCli.run(
                              new PrintWriter(out, true), new PrintWriter(err, true), args)));
      return new Running(thread, out, err, exitCode);
    }

    List<String> lines() {
      return out.toString().lines().toList();
    }
  }

  private static String text(int i) {
    return "record-" + i + "-" + "x".repeat(300);
  }

  @Test
  void tailPrintsRecordsFromTheRequestedSequence() {
    Path log = dir.resolve("log");
    try (Daktilo daktilo = Daktilo.open(log, DaktiloOptions.defaults())) {
      for (String payload : List.of("one", "two", "three")) {
        daktilo.append(payload.getBytes(UTF_8));
      }
    }

    CliRun run = CliRun.of("tail", log.toString(), "--from", "2", "--limit", "2");

    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines()).containsExactly("2\ttwo", "3\tthree");
  }

  @Test
  void tailFollowsRecordsAnotherWriterAppendsAcrossSegments() throws Exception {
    Path log = dir.resolve("log");
    try (Daktilo daktilo = Daktilo.open(log, DaktiloOptions.defaults().withSegmentSize(4096))) {
      daktilo.append(text(1).getBytes(UTF_8));
      daktilo.append(text(2).getBytes(UTF_8));
      Running tail = Running.start("tail", log.toString(), "--from", "2", "--limit", "39");
      await().atMost(PATIENCE).until(() -> tail.lines().size() == 1);

      for (int i = 3; i <= 40; i++) {
        daktilo.append(text(i).getBytes(UTF_8));
      }
      tail.thread().join(PATIENCE);

      List<String> expected = new ArrayList<>();
      for (int i = 2; i <= 40; i++) {
        expected.add(i + "\t" + text(i));
      }
      assertThat(tail.exitCode()).hasValue(DaktiloCli.OK);
      assertThat(tail.lines()).containsExactlyElementsOf(expected);
    }
  }

  @Test
  void tailWithoutFromFollowsOnlyNewRecords() throws Exception {
    Path log = dir.resolve("log");
    try (Daktilo daktilo = Daktilo.open(log, DaktiloOptions.defaults())) {
      daktilo.append("old".getBytes(UTF_8));
      Running tail = Running.start("tail", log.toString(), "--limit", "1");
      await()
          .atMost(PATIENCE)
          .until(() -> tail.err().toString().contains("from sequence 2 (Ctrl-C to stop)"));
      daktilo.append("new".getBytes(UTF_8));
      await().atMost(PATIENCE).until(() -> !tail.thread().isAlive());

      assertThat(tail.lines()).containsExactly("2\tnew");
    }
  }

  @Test
  void tailEndsCleanlyWhenInterrupted() {
    Path log = dir.resolve("log");
    try (Daktilo daktilo = Daktilo.open(log, DaktiloOptions.defaults())) {
      daktilo.append("first".getBytes(UTF_8));
      Running tail = Running.start("tail", log.toString(), "--from", "1");
      await().atMost(PATIENCE).until(() -> tail.lines().size() == 1);

      tail.thread().interrupt();

      await().atMost(PATIENCE).until(() -> !tail.thread().isAlive());
      assertThat(tail.exitCode()).hasValue(DaktiloCli.OK);
      assertThat(tail.lines()).containsExactly("1\tfirst");
    }
  }
}
