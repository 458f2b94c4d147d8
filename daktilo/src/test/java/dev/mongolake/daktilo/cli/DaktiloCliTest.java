package dev.mongolake.daktilo.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DaktiloCliTest {

  @TempDir Path dir;

  private Path log() {
    return dir.resolve("log");
  }

  private void appendRecords(String... payloads) {
    try (Daktilo log = Daktilo.open(log(), DaktiloOptions.defaults())) {
      for (String payload : payloads) {
        log.append(payload.getBytes(UTF_8));
      }
    }
  }

  @Test
  void helpListsEverySubcommand() {
    CliRun run = CliRun.of("--help");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("Usage: daktilo")
        .contains("inspect")
        .contains("verify")
        .contains("dump")
        .contains("append")
        .contains("tail");
  }

  @Test
  void appendWritesOneRecordPerStdinLineAndPrintsTheSequences() {
    CliRun run = CliRun.withStdin("alpha\nbeta\n\ngamma delta\n", "append", log().toString());

    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines()).containsExactly("1", "2", "3", "4");
    try (Daktilo log = Daktilo.open(log(), DaktiloOptions.defaults())) {
      assertThat(new String(log.read(1).payload(), UTF_8)).isEqualTo("alpha");
      assertThat(log.read(3).payload()).isEmpty();
      assertThat(new String(log.read(4).payload(), UTF_8)).isEqualTo("gamma delta");
    }
  }

  @Test
  void appendContinuesTheSequencesOfAnExistingLog() {
    appendRecords("one", "two");

    CliRun run = CliRun.withStdin("three\n", "append", log().toString(), "--durability", "STRICT");

    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines()).containsExactly("3");
  }

  @Test
  void dumpPrintsTheRequestedRangeAsText() {
    appendRecords("one", "two", "three\tand a tab", "four");

    CliRun run = CliRun.of("dump", log().toString(), "--from", "2", "--to", "3");

    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines()).containsExactly("2\ttwo", "3\tthree\\tand a tab");
  }

  @Test
  void dumpWithoutBoundsPrintsTheWholeLog() {
    appendRecords("one", "two", "three");

    CliRun run = CliRun.of("dump", log().toString());

    assertThat(run.outLines()).containsExactly("1\tone", "2\ttwo", "3\tthree");
  }

  @Test
  void dumpHexPrintsAHexDumpOfEachPayload() {
    appendRecords("Hello, daktilo!!", "x");

    CliRun run = CliRun.of("dump", log().toString(), "--from", "1", "--to", "1", "--hex");

    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines())
        .containsExactly(
            "1\t16 bytes",
            "  00000000  48 65 6c 6c 6f 2c 20 64 61 6b 74 69 6c 6f 21 21  |Hello, daktilo!!|");
  }

  @Test
  void dumpShowsNonUtf8PayloadsAsHex() {
    try (Daktilo log = Daktilo.open(log(), DaktiloOptions.defaults())) {
      log.append(new byte[] {(byte) 0xff, 0x00, 0x10});
    }

    CliRun run = CliRun.of("dump", log().toString());

    assertThat(run.outLines()).containsExactly("1\t0xff0010");
  }

  @Test
  void dumpReadsALogThatIsOpenForWriting() {
    try (Daktilo log = Daktilo.open(log(), DaktiloOptions.defaults())) {
      log.append("open".getBytes(UTF_8));

      CliRun run = CliRun.of("dump", log().toString());

      assertThat(run.exitCode()).isZero();
      assertThat(run.outLines()).containsExactly("1\topen");
    }
  }

  @Test
  void inspectShowsFormatSegmentsHeadAndCheckpoint() {
    try (Daktilo log = Daktilo.open(log(), DaktiloOptions.defaults().withSegmentSize(4096))) {
      for (int i = 0; i < 30; i++) {
        log.append(new byte[300]);
      }
      log.checkpoint(12);
    }

    CliRun run = CliRun.of("inspect", log().toString());

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("format version: 1")
        .contains("head sequence:  30")
        .contains("checkpoint:     12")
        .contains("sealed")
        .contains("active");
  }

  @Test
  void verifyExitsZeroOnASoundLog() {
    appendRecords("one", "two", "three");

    CliRun run = CliRun.of("verify", log().toString());

    assertThat(run.exitCode()).isEqualTo(DaktiloCli.OK);
    assertThat(run.out()).startsWith("OK: ").contains("3 records");
  }

  @Test
  void commandsOnAMissingDirectoryFailWithTheReason() {
    Path missing = dir.resolve("nothing-here");

    CliRun run = CliRun.of("dump", missing.toString());

    assertThat(run.exitCode()).isEqualTo(DaktiloCli.FAILED);
    assertThat(run.err()).contains("Cannot open the log: no directory " + missing);
  }

  @Test
  void appendToALogOpenForWritingElsewhereFailsWithTheReason() {
    try (Daktilo log = Daktilo.open(log(), DaktiloOptions.defaults())) {
      CliRun run = CliRun.withStdin("x\n", "append", log().toString());

      assertThat(run.exitCode()).isEqualTo(DaktiloCli.FAILED);
      assertThat(run.err()).contains("daktilo append: ").contains("already open for writing");
      assertThat(log.lastSequence()).isZero();
    }
  }

  @Test
  void unknownSubcommandIsAUsageError() {
    CliRun run = CliRun.of("frobnicate");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("Unmatched argument at index 0: 'frobnicate'");
  }
}
