package dev.mongolake.delta;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mongolake.delta.log.internal.LastCheckpoint;
import dev.mongolake.delta.log.internal.LastCheckpointChecksum;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The checksums Spark wrote into the golden tables' {@code _last_checkpoint} files verify. */
class GoldenLastCheckpointChecksumsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void everySparkWrittenChecksumMatchesOursAndTheHintIsUsed() throws Exception {
    Path golden = GoldenTables.require();
    List<Path> hints;
    try (Stream<Path> tables = Files.list(golden)) {
      hints =
          tables
              .map(t -> t.resolve("_delta_log").resolve(LastCheckpoint.NAME))
              .filter(Files::isRegularFile)
              .sorted()
              .toList();
    }
    int withChecksum = 0;
    DirectoryTestStorage storage = new DirectoryTestStorage(golden);
    for (Path hint : hints) {
      JsonNode json = JSON.readTree(hint.toFile());
      if (!json.hasNonNull("checksum")) {
        continue;
      }
      withChecksum++;
      assertThat(LastCheckpointChecksum.of(json))
          .as("%s", hint)
          .isEqualTo(json.get("checksum").asText());
      String logPrefix = golden.relativize(hint.getParent()) + "/";
      assertThat(LastCheckpoint.read(storage, logPrefix)).as("%s", hint).isPresent();
    }
    assertThat(withChecksum).as("golden hints carrying a checksum").isGreaterThanOrEqualTo(5);
  }
}
