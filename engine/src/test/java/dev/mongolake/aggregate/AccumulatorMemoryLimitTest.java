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

/**
 * {@code $push}, {@code $addToSet} and the {@code N} accumulators fail with ExceededMemoryLimit
 * past 100 MiB of state, as MongoDB's do, even though disk use is allowed (their state cannot
 * spill).
 */
class AccumulatorMemoryLimitTest {

  // One string of a million characters counts about 2 MB; documents share it, so the test's heap
  // stays small while the accumulators count every copy.
  private static final BsonString LARGE = new BsonString("x".repeat(1_000_000));

  private static List<BsonDocument> sharedLargeValues(int count) {
    List<BsonDocument> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(new BsonDocument("i", new BsonInt32(i)).append("s", LARGE));
    }
    return out;
  }

  /** A stage limit far above the accumulators', so that only theirs can fail. */
  private static AggregationEnvironment largeStageLimit(boolean allowDiskUse) {
    return new LimitedMemoryEnvironment(
        1L << 40, allowDiskUse, Path.of(System.getProperty("java.io.tmpdir")));
  }

  private static void assertFails(String group, List<BsonDocument> input, String operator) {
    for (boolean allowDiskUse : new boolean[] {true, false}) {
      Pipeline pipeline =
          Pipeline.parse(
              List.of(BsonDocument.parse("{$group: " + group + "}")),
              largeStageLimit(allowDiskUse));
      assertFails(pipeline, input, operator);
    }
  }

  private static void assertFails(Pipeline pipeline, List<BsonDocument> input, String operator) {
    assertThatThrownBy(() -> pipeline.run(input.iterator()).next())
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.EXCEEDED_MEMORY_LIMIT))
        .hasMessage(
            operator
                + " used too much memory and cannot spill to disk. Memory limit: 104857600"
                + " bytes");
  }

  @Test
  void pushPastOneHundredMebibytesFails() {
    assertFails("{_id: null, all: {$push: '$s'}}", sharedLargeValues(60), "$push");
  }

  @Test
  void pushJustUnderTheLimitWorks() {
    Pipeline pipeline =
        Pipeline.parse(List.of(BsonDocument.parse("{$group: {_id: null, all: {$push: '$s'}}}")));
    assertThat(pipeline.run(sharedLargeValues(40).iterator()).next().getArray("all")).hasSize(40);
  }

  @Test
  void addToSetPastOneHundredMebibytesOfDistinctValuesFails() {
    List<BsonDocument> input = new ArrayList<>();
    String base = "y".repeat(2_000_000);
    for (int i = 0; i < 30; i++) {
      input.add(new BsonDocument("s", new BsonString(base + i)));
    }
    assertFails("{_id: null, set: {$addToSet: '$s'}}", input, "$addToSet");
  }

  @Test
  void addToSetCountsEachDistinctValueOnce() {
    Pipeline pipeline =
        Pipeline.parse(
            List.of(BsonDocument.parse("{$group: {_id: null, set: {$addToSet: '$s'}}}")));
    assertThat(pipeline.run(sharedLargeValues(200).iterator()).next().getArray("set")).hasSize(1);
  }

  @Test
  void theNAccumulatorsFailPastTheLimitNamingThemselves() {
    assertFails(
        "{_id: null, last: {$lastN: {n: 100, input: '$s'}}}", sharedLargeValues(60), "$lastN");
    assertFails(
        "{_id: null, top: {$topN: {n: 100, sortBy: {i: 1}, output: '$s'}}}",
        sharedLargeValues(60),
        "$topN");
    assertFails("{_id: null, low: {$minN: {n: 100, input: '$s'}}}", sharedLargeValues(60), "$minN");
  }

  @Test
  void aBoundedNAccumulatorOverManyLargeValuesWorks() {
    Pipeline pipeline =
        Pipeline.parse(
            List.of(
                BsonDocument.parse(
                    "{$group: {_id: null, last: {$lastN: {n: 3, input: '$i'}},"
                        + " first: {$firstN: {n: 2, input: '$s'}}}}")));
    BsonDocument result = pipeline.run(sharedLargeValues(500).iterator()).next();
    assertThat(result.getArray("last"))
        .containsExactly(new BsonInt32(497), new BsonInt32(498), new BsonInt32(499));
  }
}
