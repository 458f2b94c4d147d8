package dev.mongolake.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.aggregate.internal.StageParsers;
import dev.mongolake.aggregate.internal.accumulator.AccumulatorRegistry;
import dev.mongolake.aggregate.internal.expression.OperatorRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/aggregation.md names every stage, expression operator and accumulator the registries hold,
 * and every operator they refuse on purpose: a new one cannot land undocumented.
 */
class AggregationPageListsEveryOperatorTest {

  private static final Path PAGE = Path.of("..", "docs", "aggregation.md");

  private static List<String> missingFrom(String page, Iterable<String> names) {
    List<String> missing = new ArrayList<>();
    for (String name : names) {
      if (!page.contains("`" + name + "`")) {
        missing.add(name);
      }
    }
    return missing;
  }

  @Test
  void everyStageOperatorAndAccumulatorIsOnThePage() throws IOException {
    String page = Files.readString(PAGE);
    assertThat(missingFrom(page, StageParsers.supported())).as("stages").isEmpty();
    assertThat(missingFrom(page, OperatorRegistry.instance().supported()))
        .as("expression operators")
        .isEmpty();
    assertThat(missingFrom(page, OperatorRegistry.instance().refused().keySet()))
        .as("refused expression operators")
        .isEmpty();
    assertThat(missingFrom(page, AccumulatorRegistry.instance().names()))
        .as("accumulators")
        .isEmpty();
  }
}
