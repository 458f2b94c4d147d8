package dev.mongolake.daktilo.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.LogInspection;
import dev.mongolake.daktilo.LogInspector;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompressedLogCliTest {

  private static final int RECORDS = 400;

  @TempDir Path dir;

  private Path log;

  private static String text(int i) {
    return "record " + i + " " + "compressible ".repeat(10);
  }

  /** A log whose sealed segments were all compressed in the background. */
  @BeforeEach
  void writeCompressedLog() {
    log = dir.resolve("log");
    DaktiloOptions options =
        DaktiloOptions.defaults()
            .withSegmentSize(16 * 1024)
            .withCompression(true)
            .withCompressionBlockBytes(4096);
    try (Daktilo daktilo = Daktilo.open(log, options)) {
      for (int i = 1; i <= RECORDS; i++) {
        daktilo.append(text(i).getBytes(UTF_8));
      }
      await()
          .atMost(Duration.ofSeconds(60))
          .until(
              () ->
                  LogInspector.inspect(log).segments().stream()
                      .filter(LogInspection.SegmentInfo::sealed)
                      .allMatch(LogInspection.SegmentInfo::compressed));
    }
    assertThat(LogInspector.inspect(log).segments())
        .filteredOn(LogInspection.SegmentInfo::compressed)
        .hasSizeGreaterThan(1);
  }

  private static List<String> expectedLines(int from, int to) {
    List<String> lines = new ArrayList<>();
    for (int i = from; i <= to; i++) {
      lines.add(i + "\t" + text(i));
    }
    return lines;
  }

  @Test
  void dumpReadsCompressedSegments() {
    CliRun run = CliRun.of("dump", log.toString());

    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines()).containsExactlyElementsOf(expectedLines(1, RECORDS));
  }

  @Test
  void dumpOfARangeInsideACompressedSegmentStartsAtItsFirstSequence() {
    CliRun run = CliRun.of("dump", log.toString(), "--from", "37", "--to", "41");

    assertThat(run.outLines()).containsExactlyElementsOf(expectedLines(37, 41));
  }

  @Test
  void tailReadsFromACompressedSegmentIntoTheActiveOne() {
    CliRun run = CliRun.of("tail", log.toString(), "--from", "2", "--limit", "" + (RECORDS - 1));

    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines()).containsExactlyElementsOf(expectedLines(2, RECORDS));
  }

  @Test
  void verifyAndInspectUnderstandCompressedSegments() {
    assertThat(CliRun.of("verify", log.toString()).exitCode()).isEqualTo(DaktiloCli.OK);
    assertThat(CliRun.of("inspect", log.toString()).out()).contains("sealed, compressed");
  }
}
