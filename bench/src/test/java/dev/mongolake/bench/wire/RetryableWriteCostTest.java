package dev.mongolake.bench.wire;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.daktilo.Durability;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RetryableWriteCostTest {

  @TempDir Path dir;

  @Test
  void bothClientsInsertAndTheTableShowsThemSideBySide() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    List<RetryableWriteCost.Round[]> medians =
        RetryableWriteCost.run(
            dir,
            0.2,
            1,
            List.of(1),
            Durability.BATCH,
            new PrintStream(out, true, StandardCharsets.UTF_8));

    assertThat(medians).hasSize(1);
    assertThat(medians.getFirst()[0].opsPerSecond()).isPositive();
    assertThat(medians.getFirst()[1].opsPerSecond()).isPositive();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("| insertOne | 1 |");
  }
}
