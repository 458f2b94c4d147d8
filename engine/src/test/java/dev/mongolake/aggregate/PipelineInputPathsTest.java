package dev.mongolake.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class PipelineInputPathsTest {

  private static Optional<Set<String>> inputPaths(String pipeline) {
    List<BsonDocument> stages =
        BsonDocument.parse("{p: " + pipeline + "}").getArray("p").stream()
            .map(stage -> stage.asDocument())
            .toList();
    try (Pipeline parsed = Pipeline.parse(stages)) {
      return parsed.inputPaths();
    }
  }

  @Test
  void groupAfterMatchAndSortReadsTheirPathsOnly() {
    assertThat(
            inputPaths(
                "[{$match: {status: 'A', $or: [{'a.b': 1}, {c: 2}]}}, {$sort: {d: 1}},"
                    + " {$group: {_id: '$department', t: {$sum: '$salary'},"
                    + " top: {$top: {sortBy: {e: 1}, output: '$f'}}}}, {$project: {zz: 1}}]"))
        .contains(Set.of("status", "a.b", "c", "d", "department", "salary", "e", "f"));
  }

  @Test
  void countBucketAndSortByCountAreExhaustive() {
    assertThat(inputPaths("[{$match: {x: 1}}, {$count: 'n'}]")).contains(Set.of("x"));
    assertThat(inputPaths("[{$sortByCount: '$y'}]")).contains(Set.of("y"));
    assertThat(
            inputPaths(
                "[{$bucket: {groupBy: '$p', boundaries: [0, 10], default: 'o',"
                    + " output: {s: {$sum: '$q'}}}}]"))
        .contains(Set.of("p", "q"));
    assertThat(inputPaths("[{$bucketAuto: {groupBy: '$p', buckets: 2}}]")).contains(Set.of("p"));
    assertThat(inputPaths("[{$replaceWith: {a: '$r'}}]")).contains(Set.of("r"));
  }

  @Test
  void replaceRootWhoseErrorWouldQuoteTheInputDocumentNeedsWholeDocuments() {
    assertThat(inputPaths("[{$replaceWith: '$r'}]")).isEmpty();
    assertThat(inputPaths("[{$replaceRoot: {newRoot: {$mergeObjects: ['$r']}}}]")).isEmpty();
    assertThat(inputPaths("[{$replaceRoot: {newRoot: {r: '$r'}}}]")).contains(Set.of("r"));
  }

  @Test
  void stagesThatPassFieldsThroughNeedWholeDocuments() {
    assertThat(inputPaths("[]")).isEmpty();
    assertThat(inputPaths("[{$match: {x: 1}}, {$sort: {y: 1}}, {$limit: 3}]")).isEmpty();
    assertThat(inputPaths("[{$addFields: {z: '$x'}}]")).isEmpty();
    assertThat(inputPaths("[{$unset: 'x'}]")).isEmpty();
  }

  @Test
  void wholeDocumentReadsBeforeTheExhaustiveStageNeedWholeDocuments() {
    assertThat(inputPaths("[{$group: {_id: null, all: {$push: '$$ROOT'}}}]")).isEmpty();
    assertThat(inputPaths("[{$addFields: {r: '$$ROOT'}}, {$group: {_id: '$x'}}]")).isEmpty();
    assertThat(inputPaths("[{$match: {$expr: {$eq: ['$a', 1]}}}, {$count: 'n'}]")).isEmpty();
    assertThat(
            inputPaths(
                "[{$lookup: {from: 'o', localField: 'a', foreignField: 'b', as: 'j'}},"
                    + " {$group: {_id: '$a'}}]"))
        .isEmpty();
  }

  @Test
  void inclusionProjectOnlyQualifiesWhenFieldOrderCannotMatter() {
    assertThat(inputPaths("[{$project: {a: 1}}]")).contains(Set.of("_id", "a"));
    assertThat(inputPaths("[{$project: {_id: 0, a: 1}}]")).contains(Set.of("a"));
    assertThat(inputPaths("[{$project: {a: 1, b: 1}}]")).isEmpty();
    assertThat(inputPaths("[{$project: {'a.b': 1}}]")).isEmpty();
    assertThat(inputPaths("[{$project: {a: 0}}]")).isEmpty();
  }
}
