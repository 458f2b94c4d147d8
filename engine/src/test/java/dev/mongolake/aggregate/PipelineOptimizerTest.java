package dev.mongolake.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** The optimizer's rewrites, seen through {@link Pipeline#explain()} and the results. */
class PipelineOptimizerTest {

  private static List<BsonDocument> stages(String... json) {
    List<BsonDocument> out = new ArrayList<>();
    for (String stage : json) {
      out.add(BsonDocument.parse(stage));
    }
    return out;
  }

  private static List<String> names(Pipeline pipeline) {
    return pipeline.explain().stream().map(BsonDocument::getFirstKey).toList();
  }

  @Test
  void aMatchMovesAheadOfASortAndBecomesThePlanFilter() {
    Pipeline pipeline = Pipeline.parse(stages("{$sort: {a: 1}}", "{$match: {a: 5}}"));
    assertThat(names(pipeline)).containsExactly("$match", "$sort");
    assertThat(pipeline.findPrefix().filter()).isEqualTo(BsonDocument.parse("{a: 5}"));
    assertThat(pipeline.findPrefix().sort()).isEqualTo(BsonDocument.parse("{a: 1}"));
  }

  @Test
  void aMatchStaysBehindStagesThatChangeWhichDocumentsReachIt() {
    assertThat(names(Pipeline.parse(stages("{$limit: 3}", "{$match: {a: 5}}"))))
        .containsExactly("$limit", "$match");
    assertThat(names(Pipeline.parse(stages("{$skip: 3}", "{$match: {a: 5}}"))))
        .containsExactly("$skip", "$match");
    assertThat(names(Pipeline.parse(stages("{$group: {_id: '$a'}}", "{$match: {_id: 5}}"))))
        .containsExactly("$group", "$match");
    assertThat(names(Pipeline.parse(stages("{$project: {a: 1}}", "{$match: {a: 5}}"))))
        .containsExactly("$project", "$match");
  }

  @Test
  void adjacentMatchesMergeIntoOneThatNeedsBoth() {
    Pipeline pipeline =
        Pipeline.parse(stages("{$match: {a: 1}}", "{$sort: {b: 1}}", "{$match: {b: {$gt: 2}}}"));
    assertThat(pipeline.explain())
        .containsExactly(
            BsonDocument.parse("{$match: {$and: [{a: 1}, {b: {$gt: 2}}]}}"),
            BsonDocument.parse("{$sort: {sortKey: {b: 1}}}"));
    List<BsonDocument> out = new ArrayList<>();
    pipeline
        .run(
            List.of(
                    BsonDocument.parse("{a: 1, b: 3}"),
                    BsonDocument.parse("{a: 1, b: 1}"),
                    BsonDocument.parse("{a: 2, b: 9}"))
                .iterator())
        .forEachRemaining(out::add);
    assertThat(out).containsExactly(BsonDocument.parse("{a: 1, b: 3}"));
  }

  @Test
  void aSortFollowedByALimitKeepsOnlyThatManyAndTiesKeepInputOrder() {
    Pipeline pipeline = Pipeline.parse(stages("{$sort: {k: -1}}", "{$limit: 3}"));
    assertThat(pipeline.explain().getFirst())
        .isEqualTo(BsonDocument.parse("{$sort: {sortKey: {k: -1}, limit: NumberLong(3)}}"));
    List<BsonDocument> input = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      input.add(BsonDocument.parse("{i: " + i + ", k: " + (i % 5) + "}"));
    }
    List<Integer> out = new ArrayList<>();
    pipeline.run(input.iterator()).forEachRemaining(d -> out.add(d.getInt32("i").getValue()));
    assertThat(out).containsExactly(4, 9, 14);
  }
}
