package dev.mongolake.aggregate.internal;

import static dev.mongolake.aggregate.internal.Stages.assertFails;
import static dev.mongolake.aggregate.internal.Stages.documents;
import static dev.mongolake.aggregate.internal.Stages.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class FacetStageTest {

  private static final List<BsonDocument> ARTWORK =
      documents(
          "{_id: 1, title: 'The Pillars of Society', artist: 'Grosz', year: 1926, tags: ['painting',"
              + " 'satire']}",
          "{_id: 2, title: 'Melancholy III', artist: 'Munch', year: 1902, tags: ['woodcut',"
              + " 'Expressionism']}",
          "{_id: 3, title: 'Dancer', artist: 'Miro', year: 1925, tags: ['oil', 'painting']}");

  @Test
  void everySubPipelineReadsTheSameInputIntoOneDocument() {
    assertThat(
            run(
                ARTWORK,
                "{$facet: {byTag: [{$unwind: '$tags'}, {$group: {_id: '$tags', n: {$sum: 1}}},"
                    + " {$sort: {n: -1, _id: 1}}, {$limit: 2}], titles: [{$project: {_id: 0, title:"
                    + " 1}}], total: [{$count: 'n'}], all: []}}"))
        .containsExactly(
            BsonDocument.parse(
                "{byTag: [{_id: 'painting', n: 2}, {_id: 'Expressionism', n: 1}], titles: [{title:"
                    + " 'The Pillars of Society'}, {title: 'Melancholy III'}, {title: 'Dancer'}],"
                    + " total: [{n: 3}], all: "
                    + ARTWORK.stream().map(BsonDocument::toJson).toList()
                    + "}"));
  }

  @Test
  void noInputStillGivesOneDocumentOfEmptyArrays() {
    assertThat(run(List.of(), "{$facet: {a: [{$match: {x: 1}}], b: []}}"))
        .containsExactly(BsonDocument.parse("{a: [], b: []}"));
  }

  @Test
  void stagesThatMustStandAloneAreRefusedInside() {
    assertFails(
        ARTWORK,
        ErrorCode.LOCATION_40600,
        "$facet is not allowed to be used within a $facet stage",
        "{$facet: {x: [{$facet: {y: []}}]}}");
    assertFails(
        ARTWORK,
        ErrorCode.LOCATION_40600,
        "$out is not allowed to be used within a $facet stage",
        "{$facet: {x: [{$out: 'c'}]}}");
  }

  @Test
  void malformedSpecificationsAreRefusedWithMongoDbsCodes() {
    assertFails(
        ARTWORK,
        ErrorCode.LOCATION_40169,
        "the $facet specification must be a non-empty object, but found: $facet: {}",
        "{$facet: {}}");
    assertFails(
        ARTWORK,
        ErrorCode.LOCATION_40170,
        "arguments to $facet must be arrays, a is type object",
        "{$facet: {a: {}}}");
    assertFails(
        ARTWORK,
        ErrorCode.LOCATION_40171,
        "elements of arrays in $facet spec must be non-empty objects, a argument contained an"
            + " element of type int: 0: 1",
        "{$facet: {a: [1]}}");
    assertFails(
        ARTWORK,
        ErrorCode.LOCATION_16410,
        "$facet pipeline names must follow the naming rules of field path expressions. :: caused"
            + " by :: FieldPath field names may not start with '$'. Consider using $getField or"
            + " $setField.",
        "{$facet: {'$a': []}}");
    assertFails(
        ARTWORK,
        ErrorCode.LOCATION_40324,
        "Unrecognized pipeline stage name: '$nope'",
        "{$facet: {a: [{$nope: 1}]}}");
  }

  @Test
  void isBlockingAndExplainsItsSubPipelines() {
    PipelineStage stage = Stages.stage("{$facet: {a: [{$limit: 1}]}}");
    assertThat(stage.isBlocking()).isTrue();
    assertThat(stage.matchMayMoveBeforeUnlessReading()).isEmpty();
    assertThat(stage.explain())
        .isEqualTo(BsonDocument.parse("{$facet: {a: [{$limit: {$numberLong: '1'}}]}}"));
  }
}
