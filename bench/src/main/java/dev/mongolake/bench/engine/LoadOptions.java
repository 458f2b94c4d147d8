package dev.mongolake.bench.engine;

import dev.mongolake.MongoLakeOptions;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.time.Duration;

/** How the engine workloads open the lake they load. */
final class LoadOptions {

  private LoadOptions() {}

  /**
   * A lake at {@code dir} with batch durability that flushes at the default size threshold, as a
   * long-running lake does, but never by age: documents a workload leaves in the buffer stay there
   * while it measures.
   */
  static MongoLakeOptions flushingBySize(Path dir) {
    return MongoLakeOptions.defaults()
        .withPath(dir)
        .withDurability(Durability.BATCH)
        .withFlushInterval(Duration.ofDays(1));
  }
}
