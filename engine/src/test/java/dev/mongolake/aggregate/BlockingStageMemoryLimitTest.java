package dev.mongolake.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The memory limits of {@code $setWindowFields} (its sort spills; a partition over the limit fails
 * with 5414201), {@code $bucketAuto} (its sort spills, or fails with 292 without disk use) and
 * {@code $facet} (its input spills; its output document over 100 MiB fails with 4031700).
 */
class BlockingStageMemoryLimitTest {

  private static final long LARGE_LIMIT = 100L << 20;

  @TempDir Path spill;

  private AggregationEnvironment environment(long limit, boolean allowDiskUse) {
    return new LimitedMemoryEnvironment(limit, allowDiskUse, spill);
  }

  private static List<BsonDocument> input(int count) {
    List<BsonDocument> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(
          BsonDocument.parse(
              "{i: " + i + ", part: " + (i % 100) + ", v: " + ((i * 7919) % 1000) + "}"));
    }
    return out;
  }

  private List<BsonDocument> run(
      String stage, List<BsonDocument> input, long limit, boolean allowDiskUse) {
    List<BsonDocument> out = new ArrayList<>();
    try (Pipeline pipeline =
        Pipeline.parse(List.of(BsonDocument.parse(stage)), environment(limit, allowDiskUse))) {
      pipeline.run(input.iterator()).forEachRemaining(out::add);
    }
    return out;
  }

  private static final String WINDOW =
      "{$setWindowFields: {partitionBy: '$part', sortBy: {v: 1},"
          + " output: {running: {$sum: '$v', window: {documents: ['unbounded', 'current']}},"
          + " rank: {$rank: {}}}}}";

  @Test
  void aWindowStageWhoseSortSpillsGivesTheInMemoryResult() {
    List<BsonDocument> documents = input(4_000);
    assertThat(run(WINDOW, documents, 30_000, true))
        .hasSize(4_000)
        .isEqualTo(run(WINDOW, documents, LARGE_LIMIT, false));
  }

  @Test
  void withoutDiskUseAWindowStageOverTheLimitFailsInItsSort() {
    assertThatThrownBy(() -> run(WINDOW, input(4_000), 30_000, false))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e ->
                assertThat(e.errorCode())
                    .isEqualTo(ErrorCode.QUERY_EXCEEDED_MEMORY_LIMIT_NO_DISK_USE_ALLOWED))
        .hasMessage(
            "Sort exceeded memory limit of 30000 bytes, but did not opt in to external sorting.");
  }

  @Test
  void aWindowPartitionOverTheLimitFailsWithMongoDbsCodeEvenWithDiskUse() {
    String onePartition =
        "{$setWindowFields: {output: {total: {$sum: '$v', window: {documents: ['unbounded',"
            + " 'unbounded']}}}}}";
    assertThatThrownBy(() -> run(onePartition, input(4_000), 30_000, true))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.LOCATION_5414201))
        .hasMessageStartingWith("Exceeded memory limit in DocumentSourceSetWindowFields, used ")
        .hasMessageEndingWith(" bytes but max allowed is 30000");
    assertThat(run(onePartition, input(4_000), LARGE_LIMIT, false))
        .allSatisfy(d -> assertThat(d.getInt32("total").getValue()).isEqualTo(1_998_000));
  }

  private static final String BUCKET_AUTO =
      "{$bucketAuto: {groupBy: '$v', buckets: 7, output: {n: {$sum: 1}, first: {$first: '$i'},"
          + " last: {$last: '$i'}}}}";

  @Test
  void aBucketAutoWhoseSortSpillsGivesTheInMemoryBuckets() {
    List<BsonDocument> documents = input(4_000);
    assertThat(run(BUCKET_AUTO, documents, 30_000, true))
        .hasSize(7)
        .isEqualTo(run(BUCKET_AUTO, documents, LARGE_LIMIT, false));
  }

  @Test
  void withoutDiskUseABucketAutoOverTheLimitFails() {
    assertThatThrownBy(() -> run(BUCKET_AUTO, input(4_000), 30_000, false))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e ->
                assertThat(e.errorCode())
                    .isEqualTo(ErrorCode.QUERY_EXCEEDED_MEMORY_LIMIT_NO_DISK_USE_ALLOWED))
        .hasMessage(
            "Sort exceeded memory limit of 30000 bytes, but did not opt in to external sorting.");
  }

  @Test
  void aFacetInputOverTheLimitSpillsWithDiskUseAndStaysInMemoryWithout() {
    List<BsonDocument> documents = input(4_000);
    String facet =
        "{$facet: {n: [{$count: 'n'}], firstTwo: [{$limit: 2}, {$project: {_id: 0, i: 1}}],"
            + " top: [{$group: {_id: null, v: {$max: '$v'}}}]}}";
    List<BsonDocument> expected =
        List.of(
            BsonDocument.parse(
                "{n: [{n: 4000}], firstTwo: [{i: 0}, {i: 1}], top: [{_id: null, v: 999}]}"));
    assertThat(run(facet, documents, 30_000, true)).isEqualTo(expected);
    // MongoDB's $facet streams its input and does not fail on its size.
    assertThat(run(facet, documents, 30_000, false)).isEqualTo(expected);
  }

  @Test
  void aFacetOutputPastOneHundredMebibytesFails() {
    // Documents sharing one string of a million characters: about 2 MB each as counted.
    BsonString large = new BsonString("x".repeat(1_000_000));
    List<BsonDocument> documents = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      documents.add(new BsonDocument("i", new BsonInt32(i)).append("s", large));
    }
    String facet = "{$facet: {all: [{$match: {}}], few: [{$limit: 2}]}}";
    assertThatThrownBy(() -> run(facet, documents, LARGE_LIMIT, true))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.LOCATION_4031700))
        .hasMessageStartingWith("document constructed by $facet is ")
        .hasMessageEndingWith(" bytes, which exceeds the limit of 104857600 bytes");
    assertThat(run(facet, documents.subList(0, 30), LARGE_LIMIT, true).getFirst().getArray("all"))
        .hasSize(30);
  }
}
