package dev.mongolake.bench.wire;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.net.ConnectionThreads;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.bson.RawBsonDocument;
import org.bson.codecs.DocumentCodec;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WireSideBySideTest {

  @TempDir Path dir;

  @Test
  void everyWorkloadCompletesCorrectOperationsAgainstBothServers() throws Exception {
    WireOptions options =
        new WireOptions(
            null,
            0.2,
            1,
            List.of(1, 4),
            List.of(),
            false,
            ConnectionThreads.PLATFORM,
            Durability.BATCH,
            0.1);
    ByteArrayOutputStream progress = new ByteArrayOutputStream();

    List<WireCell> cells =
        WireSideBySide.runAll(
            options, dir, new PrintStream(progress, true, StandardCharsets.UTF_8));

    assertThat(cells).hasSize(WireWorkload.values().length * 2);
    for (WireCell cell : cells) {
      for (List<WireRun> runs : List.of(cell.ours(), cell.peer())) {
        assertThat(runs).hasSize(1);
        WireRun run = runs.getFirst();
        String where = cell.workload().label() + " x" + cell.clients();
        assertThat(run.operations()).as(where + " operations").isPositive();
        assertThat(run.wrong()).as(where + " wrong answers").isZero();
        assertThat(run.errors()).as(where + " errors, first: " + run.firstError()).isZero();
        assertThat(run.cpuMicrosPerOperation()).as(where + " CPU per operation").isPositive();
      }
    }
    ByteArrayOutputStream table = new ByteArrayOutputStream();
    WireSideBySide.printTable(cells, new PrintStream(table, true, StandardCharsets.UTF_8));
    assertThat(table.toString(StandardCharsets.UTF_8))
        .contains("| insertOne | 4 |")
        .contains("| find by _id | 1 |")
        .doesNotContain("FAILED");
  }

  @Test
  void benchmarkDocumentIsAboutTwoHundredBytes() {
    RawBsonDocument encoded =
        new RawBsonDocument(WireWorkload.document(new ObjectId(), 123_456), new DocumentCodec());

    assertThat(encoded.getByteBuffer().remaining()).isBetween(190, 210);
  }

  @Test
  void optionsParseFlagsAndSelectWorkloads() {
    WireOptions options =
        WireOptions.parse(
            "--seconds",
            "1.5",
            "--rounds",
            "2",
            "--clients",
            "2,8",
            "--only",
            "find",
            "--client-threads",
            "virtual",
            "--server-threads",
            "platform",
            "--warmup",
            "0.5",
            "--durability",
            "async");

    assertThat(options.runNanos()).isEqualTo(1_500_000_000L);
    assertThat(options.rounds()).isEqualTo(2);
    assertThat(options.maxClients()).isEqualTo(8);
    assertThat(options.selects("find by _id")).isTrue();
    assertThat(options.selects("ping")).isFalse();
    assertThat(options.virtualClients()).isTrue();
    assertThat(options.serverThreads()).isEqualTo(ConnectionThreads.PLATFORM);
    assertThat(options.warmUpNanos()).isEqualTo(500_000_000L);
    assertThat(options.durability()).isEqualTo(Durability.ASYNC);
    WireOptions defaults = WireOptions.parse();
    assertThat(defaults.virtualClients()).isFalse();
    assertThat(defaults.serverThreads()).isEqualTo(ConnectionThreads.EVENT_LOOP);
    assertThat(defaults.durability()).isEqualTo(Durability.BATCH);
  }
}
