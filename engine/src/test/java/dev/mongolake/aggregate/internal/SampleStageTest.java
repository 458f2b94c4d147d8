package dev.mongolake.aggregate.internal;

import static dev.mongolake.aggregate.internal.Stages.assertFails;
import static dev.mongolake.aggregate.internal.Stages.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

class SampleStageTest {

  private static List<BsonDocument> numbered(int count) {
    List<BsonDocument> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(new BsonDocument("_id", new BsonInt32(i)));
    }
    return out;
  }

  @Test
  void drawsTheSizeAskedForWithoutRepeatingADocument() {
    List<BsonDocument> sample = run(numbered(100), "{$sample: {size: 10}}");
    assertThat(sample).hasSize(10).doesNotHaveDuplicates();
    assertThat(numbered(100)).containsAll(sample);
  }

  @Test
  void returnsEveryDocumentWhenThereAreFewerThanTheSize() {
    assertThat(run(numbered(5), "{$sample: {size: 10.7}}"))
        .containsExactlyInAnyOrderElementsOf(numbered(5));
    assertThat(run(numbered(5), "{$sample: {size: {$numberDecimal: '2.9'}}}")).hasSize(2);
  }

  @Test
  void everyDocumentIsAboutEquallyLikely() {
    // 2,000 draws of 1 from 4: each count is 500 on average; below 350 has odds under 1e-12.
    Map<BsonValue, Integer> counts = new HashMap<>();
    for (int draw = 0; draw < 2000; draw++) {
      BsonValue id = run(numbered(4), "{$sample: {size: 1}}").getFirst().get("_id");
      counts.merge(id, 1, Integer::sum);
    }
    assertThat(counts).hasSize(4);
    assertThat(counts.values()).allSatisfy(count -> assertThat(count).isGreaterThan(350));
  }

  @Test
  void malformedSpecificationsAreRefusedWithMongoDbsCodes() {
    List<BsonDocument> input = numbered(1);
    assertFails(
        input,
        ErrorCode.LOCATION_28745,
        "the $sample stage specification must be an object",
        "{$sample: 1}");
    assertFails(
        input,
        ErrorCode.LOCATION_28746,
        "size argument to $sample must be a number",
        "{$sample: {size: 'x'}}");
    assertFails(
        input,
        ErrorCode.LOCATION_28747,
        "size argument to $sample must be a positive integer",
        "{$sample: {size: 0}}");
    assertFails(
        input,
        ErrorCode.LOCATION_28747,
        "size argument to $sample must be a positive integer",
        "{$sample: {size: {$numberDecimal: 'NaN'}}}");
    assertFails(
        input,
        ErrorCode.LOCATION_28748,
        "unrecognized option to $sample: count",
        "{$sample: {size: 1, count: 2}}");
    assertFails(
        input, ErrorCode.LOCATION_28749, "$sample stage must specify a size", "{$sample: {}}");
  }

  @Test
  void isBlockingAndExplainsItsSize() {
    PipelineStage stage = Stages.stage("{$sample: {size: 3}}");
    assertThat(stage.isBlocking()).isTrue();
    assertThat(stage.matchMayMoveBeforeUnlessReading()).isEmpty();
    assertThat(stage.explain())
        .isEqualTo(BsonDocument.parse("{$sample: {size: {$numberLong: '3'}}}"));
  }
}
