package dev.mongolake.aggregate.collation;

import static dev.mongolake.aggregate.collation.CollatedPipelines.CASE_INSENSITIVE;
import static dev.mongolake.aggregate.collation.CollatedPipelines.NUMERIC;
import static dev.mongolake.aggregate.collation.CollatedPipelines.SIMPLE;
import static dev.mongolake.aggregate.collation.CollatedPipelines.documents;
import static dev.mongolake.aggregate.collation.CollatedPipelines.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * {@code $setWindowFields} and {@code $densify} under a collation: partitions are the groups of
 * partition values the collation finds equal, and {@code sortBy} orders (and ties) by it.
 */
class WindowsUnderACollationTest {

  @Test
  void partitionsJoinValuesTheCollationFindsEqual() {
    List<BsonDocument> input =
        documents("{_id: 1, p: 'a', v: 1}", "{_id: 2, p: 'A', v: 2}", "{_id: 3, p: 'b', v: 4}");
    String stage =
        "{$setWindowFields: {partitionBy: '$p', sortBy: {_id: 1},"
            + " output: {total: {$sum: '$v'}}}}";
    assertThat(run(CASE_INSENSITIVE, input, stage, "{$sort: {_id: 1}}", "{$project: {total: 1}}"))
        .containsExactly(
            BsonDocument.parse("{_id: 1, total: 3}"),
            BsonDocument.parse("{_id: 2, total: 3}"),
            BsonDocument.parse("{_id: 3, total: 4}"));
    assertThat(run(SIMPLE, input, stage, "{$sort: {_id: 1}}", "{$project: {total: 1}}"))
        .containsExactly(
            BsonDocument.parse("{_id: 1, total: 1}"),
            BsonDocument.parse("{_id: 2, total: 2}"),
            BsonDocument.parse("{_id: 3, total: 4}"));
  }

  @Test
  void sortByOrdersAndTiesByTheCollation() {
    List<BsonDocument> input = documents("{_id: 1, k: '10'}", "{_id: 2, k: '9'}");
    String stage = "{$setWindowFields: {sortBy: {k: 1}, output: {r: {$rank: {}}}}}";
    assertThat(run(NUMERIC, input, stage, "{$sort: {_id: 1}}"))
        .containsExactly(
            BsonDocument.parse("{_id: 1, k: '10', r: 2}"),
            BsonDocument.parse("{_id: 2, k: '9', r: 1}"));
    List<BsonDocument> cased = documents("{_id: 1, k: 'a'}", "{_id: 2, k: 'A'}");
    assertThat(run(CASE_INSENSITIVE, cased, stage, "{$sort: {_id: 1}}"))
        .extracting(document -> document.getInt32("r").getValue())
        .containsExactly(1, 1);
  }

  @Test
  void densifyPartitionsByTheCollation() {
    List<BsonDocument> input = documents("{p: 'a', x: 1}", "{p: 'A', x: 3}");
    String stage =
        "{$densify: {field: 'x', partitionByFields: ['p'], range: {step: 1, bounds: 'partition'}}}";
    // One partition {1, 3} gains x: 2; two partitions of one value each gain nothing.
    assertThat(run(CASE_INSENSITIVE, input, stage)).hasSize(3);
    assertThat(run(SIMPLE, input, stage)).hasSize(2);
  }
}
