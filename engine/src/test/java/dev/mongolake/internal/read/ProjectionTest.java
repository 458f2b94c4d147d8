package dev.mongolake.internal.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.MongoLakeException;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class ProjectionTest {

  private static final BsonDocument SCHOOL =
      BsonDocument.parse(
          "{_id: 1, zipcode: '63109', name: 'North', "
              + "students: [{name: 'john', school: 102, age: 10}, {name: 'jess', school: 102,"
              + " age: 11}, {name: 'jeff', school: 108, age: 15}], "
              + "address: {city: 'Springfield', zip: '63109', geo: [1, 2]}, tags: [1, 2, 3, 4, 5]}");

  private static BsonDocument project(String spec, BsonDocument document) {
    return Projection.parse(BsonDocument.parse(spec)).apply(document);
  }

  private static BsonDocument project(String spec, String query, BsonDocument document) {
    return Projection.forFind(BsonDocument.parse(spec), BsonDocument.parse(query)).apply(document);
  }

  @Test
  void inclusionKeepsIdAndTheNamedFieldsInDocumentOrder() {
    assertThat(project("{name: 1, zipcode: 1}", SCHOOL))
        .isEqualTo(BsonDocument.parse("{_id: 1, zipcode: '63109', name: 'North'}"));
  }

  @Test
  void exclusionKeepsEverythingElse() {
    assertThat(project("{students: 0, address: 0, tags: 0, _id: 0}", SCHOOL))
        .isEqualTo(BsonDocument.parse("{zipcode: '63109', name: 'North'}"));
  }

  @Test
  void dottedInclusionThroughAnArrayProjectsEachDocumentElementAndDropsScalars() {
    BsonDocument document = BsonDocument.parse("{_id: 1, a: [{b: 1, c: 2}, 3, {c: 4}, [{b: 5}]]}");

    assertThat(project("{'a.b': 1}", document))
        .isEqualTo(BsonDocument.parse("{_id: 1, a: [{b: 1}, {}, [{b: 5}]]}"));
  }

  @Test
  void dottedExclusionThroughAnArrayKeepsScalars() {
    BsonDocument document = BsonDocument.parse("{_id: 1, a: [{b: 1, c: 2}, 3]}");

    assertThat(project("{'a.b': 0}", document))
        .isEqualTo(BsonDocument.parse("{_id: 1, a: [{c: 2}, 3]}"));
  }

  @Test
  void nestedSpecDocumentMeansTheDottedPath() {
    assertThat(project("{address: {city: 1}}", SCHOOL))
        .isEqualTo(project("{'address.city': 1}", SCHOOL))
        .isEqualTo(BsonDocument.parse("{_id: 1, address: {city: 'Springfield'}}"));
  }

  @Test
  void dottedInclusionOfAMissingSubfieldLeavesAnEmptyDocument() {
    assertThat(project("{'address.country': 1}", SCHOOL))
        .isEqualTo(BsonDocument.parse("{_id: 1, address: {}}"));
  }

  @Test
  void sliceAloneReturnsTheOtherFieldsToo() {
    BsonDocument projected = project("{tags: {$slice: 2}}", SCHOOL);

    assertThat(projected.getArray("tags")).isEqualTo(BsonDocument.parse("{t: [1, 2]}").get("t"));
    assertThat(projected.keySet())
        .containsExactly("_id", "zipcode", "name", "students", "address", "tags");
  }

  @Test
  void sliceCountsFromTheEndAndTakesSkipAndLimit() {
    assertThat(project("{_id: 0, tags: {$slice: -2}, name: 1}", SCHOOL))
        .isEqualTo(BsonDocument.parse("{name: 'North', tags: [4, 5]}"));
    assertThat(project("{_id: 0, tags: {$slice: [1, 2]}, name: 1}", SCHOOL).get("tags"))
        .isEqualTo(BsonDocument.parse("{t: [2, 3]}").get("t"));
    assertThat(project("{_id: 0, tags: {$slice: [-2, 10]}, name: 1}", SCHOOL).get("tags"))
        .isEqualTo(BsonDocument.parse("{t: [4, 5]}").get("t"));
    assertThat(project("{_id: 0, tags: {$slice: [10, 2]}, name: 1}", SCHOOL).get("tags"))
        .isEqualTo(BsonDocument.parse("{t: []}").get("t"));
  }

  @Test
  void sliceOfANonArrayLeavesTheValue() {
    assertThat(project("{name: {$slice: 1}, _id: 0, zipcode: 1}", SCHOOL))
        .isEqualTo(BsonDocument.parse("{zipcode: '63109', name: 'North'}"));
  }

  @Test
  void elemMatchReturnsOnlyTheFirstMatchingElementAndMakesAnInclusion() {
    assertThat(project("{students: {$elemMatch: {school: 102}}}", SCHOOL))
        .isEqualTo(
            BsonDocument.parse("{_id: 1, students: [{name: 'john', school: 102, age: 10}]}"));
    assertThat(project("{students: {$elemMatch: {school: 102, age: {$gt: 10}}}}", SCHOOL))
        .isEqualTo(
            BsonDocument.parse("{_id: 1, students: [{name: 'jess', school: 102, age: 11}]}"));
  }

  @Test
  void elemMatchWithoutAMatchOmitsTheField() {
    assertThat(project("{name: 1, students: {$elemMatch: {school: 999}}}", SCHOOL))
        .isEqualTo(BsonDocument.parse("{_id: 1, name: 'North'}"));
  }

  @Test
  void elemMatchOnScalarElementsUsesOperators() {
    assertThat(project("{_id: 0, tags: {$elemMatch: {$gt: 3}}}", SCHOOL))
        .isEqualTo(BsonDocument.parse("{tags: [4]}"));
  }

  @Test
  void positionalReturnsTheElementTheQueryMatched() {
    assertThat(project("{'students.$': 1}", "{'students.school': 108}", SCHOOL))
        .isEqualTo(
            BsonDocument.parse("{_id: 1, students: [{name: 'jeff', school: 108, age: 15}]}"));
    assertThat(project("{'tags.$': 1, _id: 0}", "{tags: {$gte: 3}}", SCHOOL))
        .isEqualTo(BsonDocument.parse("{tags: [3]}"));
  }

  @Test
  void positionalWithoutAMatchingQueryConditionIsAnError() {
    assertThatThrownBy(() -> project("{'tags.$': 1}", "{name: 'North'}", SCHOOL))
        .isInstanceOf(MongoLakeException.class)
        .hasMessageContaining("positional operator '.$' couldn't find a matching element");
  }

  @Test
  void computedValuesReadPathsAndLiterals() {
    assertThat(
            project(
                "{_id: 0, city: '$address.city', kind: {$literal: '$notAPath'}, one: {$literal: 1}}",
                SCHOOL))
        .isEqualTo(BsonDocument.parse("{city: 'Springfield', kind: '$notAPath', one: 1}"));
  }

  @Test
  void findComputesFieldsFromTheWholeDocumentAndRemoveLeavesThemOut() {
    BsonDocument document = BsonDocument.parse("{_id: 1, a: 2}");
    assertThat(project("{_id: 0, whole: '$$ROOT', gone: '$$REMOVE', n: '$$NOW'}", document))
        .containsOnlyKeys("whole", "n")
        .containsEntry("whole", document);
  }

  @Test
  void findRefusesExpressionsInAnExclusionWithoutAStageContext() {
    assertThatThrownBy(() -> project("{a: 0, b: '$a'}", SCHOOL))
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode().code()).isEqualTo(31310))
        .hasMessage("Cannot use an expression b: \"$a\" in an exclusion projection");
  }

  @Test
  void idZeroAloneExcludesOnlyTheId() {
    assertThat(project("{_id: 0}", SCHOOL).keySet())
        .containsExactly("zipcode", "name", "students", "address", "tags");
  }

  @Test
  void idOneAloneKeepsOnlyTheId() {
    assertThat(project("{_id: 1}", SCHOOL)).isEqualTo(BsonDocument.parse("{_id: 1}"));
  }

  @Test
  void mixingInclusionAndExclusionIsRefusedWithMongoDbsCodes() {
    assertThatThrownBy(() -> project("{name: 1, zipcode: 0}", SCHOOL))
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode().code()).isEqualTo(31254))
        .hasMessage("Cannot do exclusion on field zipcode in inclusion projection");
    assertThatThrownBy(() -> project("{name: 0, zipcode: 1}", SCHOOL))
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode().code()).isEqualTo(31253));
    assertThatThrownBy(() -> project("{name: 0, students: {$elemMatch: {school: 1}}}", SCHOOL))
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode().code()).isEqualTo(31253));
    assertThatThrownBy(() -> project("{'tags.$': 0}", SCHOOL))
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode().code()).isEqualTo(31395));
  }

  @Test
  void overlappingPathsAreAPathCollision() {
    assertThatThrownBy(() -> project("{address: 1, 'address.city': 1}", SCHOOL))
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode().code()).isEqualTo(31249))
        .hasMessage("Path collision at address.city remaining portion city");
    assertThatThrownBy(() -> project("{'address.city': 1, address: 1}", SCHOOL))
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode().code()).isEqualTo(31250));
  }

  @Test
  void malformedOperatorsAreRefusedClearly() {
    assertThatThrownBy(() -> project("{tags: {$slice: 'x'}}", SCHOOL))
        .hasMessage("$slice only supports numbers and [skip, limit] arrays");
    assertThatThrownBy(() -> project("{tags: {$slice: [1, 0]}}", SCHOOL))
        .hasMessage("$slice limit must be positive");
    assertThatThrownBy(() -> project("{'a.b': {$elemMatch: {x: 1}}}", SCHOOL))
        .hasMessage("Cannot use $elemMatch projection on a nested field.");
    assertThatThrownBy(() -> project("{tags: {$elemMatch: 1}}", SCHOOL))
        .hasMessage("elemMatch: Invalid argument, object required.");
    assertThatThrownBy(() -> project("{'a.$': 1, 'b.$': 1}", SCHOOL))
        .hasMessage("Cannot specify more than one positional projection per query.");
    assertThatThrownBy(() -> project("{'a.$.b': 1}", SCHOOL))
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode().code()).isEqualTo(31394));
    assertThatThrownBy(() -> project("{a: {}}", SCHOOL))
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode().code()).isEqualTo(51270));
    assertThatThrownBy(() -> project("{'$a': 1}", SCHOOL))
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode().code()).isEqualTo(16410));
  }

  @Test
  void stageProjectionTreatsSliceAsAnExpression() {
    assertThatThrownBy(
            () ->
                Projection.forStage(
                        BsonDocument.parse("{tags: {$slice: 2}}"),
                        dev.mongolake.aggregate.internal.expression.VariableScope.root())
                    .apply(SCHOOL))
        .isInstanceOf(MongoLakeException.class)
        .hasMessageContaining("$slice");
  }
}
