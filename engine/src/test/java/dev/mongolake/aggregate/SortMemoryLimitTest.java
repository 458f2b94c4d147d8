package dev.mongolake.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code $sort} over its memory limit spills sorted runs and merges them (allowDiskUse), or fails
 * as MongoDB's does without it; the runs are deleted when the pipeline closes.
 */
class SortMemoryLimitTest {

  @TempDir Path spill;

  private AggregationEnvironment environment(long limit, boolean allowDiskUse) {
    return new LimitedMemoryEnvironment(limit, allowDiskUse, spill);
  }

  private static List<BsonDocument> input(int count) {
    List<BsonDocument> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      // Many ties, so that the merge must keep input order among equals.
      out.add(
          BsonDocument.parse("{i: " + i + ", k: " + ((i * 7919) % 97) + ", pad: 'xxxxxxxxxx'}"));
    }
    return out;
  }

  private static long filesUnder(Path folder) throws IOException {
    try (Stream<Path> files = Files.walk(folder)) {
      return files.filter(Files::isRegularFile).count();
    }
  }

  @Test
  void aSortOverTheLimitSpillsAndReturnsWhatAnInMemorySortReturns() throws IOException {
    List<BsonDocument> documents = input(5_000);
    List<BsonDocument> expected = new ArrayList<>();
    Pipeline.parse(List.of(BsonDocument.parse("{$sort: {k: 1}}")))
        .run(documents.iterator())
        .forEachRemaining(expected::add);
    Pipeline spilling =
        Pipeline.parse(List.of(BsonDocument.parse("{$sort: {k: 1}}")), environment(20_000, true));
    List<BsonDocument> actual = new ArrayList<>();
    var results = spilling.run(documents.iterator());
    boolean first = true;
    while (results.hasNext()) {
      actual.add(results.next());
      if (first) {
        assertThat(filesUnder(spill)).isGreaterThan(10);
        first = false;
      }
    }
    assertThat(actual).isEqualTo(expected);
    spilling.close();
    assertThat(filesUnder(spill)).isZero();
  }

  @Test
  void aSortWithALimitThatStillExceedsMemorySpillsToo() {
    List<BsonDocument> documents = input(3_000);
    List<BsonDocument> expected = new ArrayList<>();
    List<BsonDocument> stages =
        List.of(BsonDocument.parse("{$sort: {k: -1}}"), BsonDocument.parse("{$limit: 2000}"));
    Pipeline.parse(stages).run(documents.iterator()).forEachRemaining(expected::add);
    List<BsonDocument> actual = new ArrayList<>();
    try (Pipeline spilling = Pipeline.parse(stages, environment(20_000, true))) {
      spilling.run(documents.iterator()).forEachRemaining(actual::add);
    }
    assertThat(actual).hasSize(2000).isEqualTo(expected);
  }

  @Test
  void withoutDiskUseASortOverTheLimitFailsWithMongoDbsCode() {
    Pipeline pipeline =
        Pipeline.parse(List.of(BsonDocument.parse("{$sort: {k: 1}}")), environment(20_000, false));
    assertThatThrownBy(() -> pipeline.run(input(5_000).iterator()).hasNext())
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e ->
                assertThat(e.errorCode())
                    .isEqualTo(ErrorCode.QUERY_EXCEEDED_MEMORY_LIMIT_NO_DISK_USE_ALLOWED))
        .hasMessage(
            "Sort exceeded memory limit of 20000 bytes, but did not opt in to external sorting.");
  }
}
