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
 * MongoDB's manual: under a collation, {@code $group} puts values the collation finds equal in one
 * group (its {@code _id} one of them: MongoLake keeps the first seen), and the accumulators that
 * compare ({@code $addToSet}, {@code $min}, {@code $max}, {@code $minN}, {@code $top}'s {@code
 * sortBy}) compare by it; {@code $bucket}, {@code $bucketAuto} and {@code $sortByCount} group the
 * same way.
 */
class GroupingUnderACollationTest {

  private static final List<BsonDocument> NAMES =
      documents(
          "{_id: 1, name: 'alice', tag: 'x', v: 1}",
          "{_id: 2, name: 'ALICE', tag: 'X', v: 2}",
          "{_id: 3, name: 'Bob', tag: 'y', v: 3}");

  @Test
  void groupKeysTheCollationFindsEqualFormOneGroupKeyedByTheFirstSeen() {
    assertThat(run(CASE_INSENSITIVE, NAMES, "{$group: {_id: '$name', n: {$sum: 1}}}"))
        .containsExactly(
            BsonDocument.parse("{_id: 'alice', n: 2}"), BsonDocument.parse("{_id: 'Bob', n: 1}"));
  }

  @Test
  void documentKeysHoldingStringsGroupByTheCollation() {
    assertThat(run(CASE_INSENSITIVE, NAMES, "{$group: {_id: {n: '$name'}, n: {$sum: 1}}}"))
        .hasSize(2);
  }

  @Test
  void theSimpleCollationKeepsBinaryGroups() {
    assertThat(run(SIMPLE, NAMES, "{$group: {_id: '$name', n: {$sum: 1}}}")).hasSize(3);
  }

  @Test
  void addToSetKeepsOneOfTheValuesTheCollationFindsEqual() {
    assertThat(run(CASE_INSENSITIVE, NAMES, "{$group: {_id: null, tags: {$addToSet: '$tag'}}}"))
        .containsExactly(BsonDocument.parse("{_id: null, tags: ['x', 'y']}"));
    assertThat(run(SIMPLE, NAMES, "{$group: {_id: null, tags: {$addToSet: '$tag'}}}"))
        .containsExactly(BsonDocument.parse("{_id: null, tags: ['x', 'X', 'y']}"));
  }

  @Test
  void minAndMaxAccumulatorsOrderStringsByTheCollation() {
    String stage = "{$group: {_id: null, low: {$min: '$name'}, high: {$max: '$name'}}}";
    // Binary: 'ALICE' < 'Bob' < 'alice'; English: alice, ALICE < Bob.
    assertThat(run(CASE_INSENSITIVE, NAMES, stage))
        .containsExactly(BsonDocument.parse("{_id: null, low: 'alice', high: 'Bob'}"));
    assertThat(run(SIMPLE, NAMES, stage))
        .containsExactly(BsonDocument.parse("{_id: null, low: 'ALICE', high: 'alice'}"));
  }

  @Test
  void nAccumulatorsAndTopSortByTheCollation() {
    List<BsonDocument> input = documents("{k: '10', v: 1}", "{k: '9', v: 2}", "{k: '2', v: 3}");
    assertThat(
            run(
                NUMERIC,
                input,
                "{$group: {_id: null, top: {$top: {sortBy: {k: -1}, output: '$v'}},"
                    + " least: {$minN: {n: 2, input: '$k'}}}}"))
        .containsExactly(BsonDocument.parse("{_id: null, top: 1, least: ['2', '9']}"));
    assertThat(
            run(
                SIMPLE,
                input,
                "{$group: {_id: null, top: {$top: {sortBy: {k: -1}, output: '$v'}}}}"))
        .containsExactly(BsonDocument.parse("{_id: null, top: 2}"));
  }

  @Test
  void sortByCountCountsTheGroupsOfTheCollation() {
    assertThat(run(CASE_INSENSITIVE, NAMES, "{$sortByCount: '$tag'}"))
        .containsExactly(
            BsonDocument.parse("{_id: 'x', count: 2}"), BsonDocument.parse("{_id: 'y', count: 1}"));
  }

  @Test
  void bucketBoundariesOfStringsCompareByTheCollation() {
    List<BsonDocument> input = documents("{k: '9'}", "{k: '10'}", "{k: '25'}");
    // Numerically 2 < 9 < 10 < 25 < 100: ascending boundaries here, not in binary order.
    assertThat(
            run(
                NUMERIC,
                input,
                "{$bucket: {groupBy: '$k', boundaries: ['2', '10', '100'], default: 'other'}}"))
        .containsExactly(
            BsonDocument.parse("{_id: '2', count: 1}"),
            BsonDocument.parse("{_id: '10', count: 2}"));
  }

  @Test
  void bucketAutoSortsAndCutsStringsByTheCollation() {
    List<BsonDocument> input = documents("{k: 'a'}", "{k: 'A'}", "{k: 'b'}", "{k: 'B'}");
    List<BsonDocument> buckets =
        run(CASE_INSENSITIVE, input, "{$bucketAuto: {groupBy: '$k', buckets: 2}}");
    // Equal values share a bucket: a/A in the first, b/B in the second.
    assertThat(buckets).hasSize(2);
    assertThat(buckets.getFirst().getInt32("count").getValue()).isEqualTo(2);
    assertThat(buckets.getFirst().getDocument("_id").getString("min").getValue())
        .isEqualToIgnoringCase("a");
  }
}
