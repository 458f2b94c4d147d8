package dev.mongolake.aggregate.internal;

import static dev.mongolake.aggregate.internal.Stages.assertFails;
import static dev.mongolake.aggregate.internal.Stages.documents;
import static dev.mongolake.aggregate.internal.Stages.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;

class UnwindStageTest {

  private static final List<BsonDocument> CLOTHING =
      documents(
          "{_id: 1, item: 'Shirt', sizes: ['S', 'M', 'L']}",
          "{_id: 2, item: 'Shorts', sizes: []}",
          "{_id: 3, item: 'Hat', sizes: 'M'}",
          "{_id: 4, item: 'Gloves'}",
          "{_id: 5, item: 'Scarf', sizes: null}");

  @Test
  void eachElementBecomesADocumentAndANonArrayPassesAsItself() {
    assertThat(run(CLOTHING, "{$unwind: '$sizes'}"))
        .containsExactly(
            BsonDocument.parse("{_id: 1, item: 'Shirt', sizes: 'S'}"),
            BsonDocument.parse("{_id: 1, item: 'Shirt', sizes: 'M'}"),
            BsonDocument.parse("{_id: 1, item: 'Shirt', sizes: 'L'}"),
            BsonDocument.parse("{_id: 3, item: 'Hat', sizes: 'M'}"));
  }

  @Test
  void preserveKeepsMissingNullAndEmptyArraysRemovingTheEmptyArray() {
    assertThat(run(CLOTHING, "{$unwind: {path: '$sizes', preserveNullAndEmptyArrays: true}}"))
        .containsExactly(
            BsonDocument.parse("{_id: 1, item: 'Shirt', sizes: 'S'}"),
            BsonDocument.parse("{_id: 1, item: 'Shirt', sizes: 'M'}"),
            BsonDocument.parse("{_id: 1, item: 'Shirt', sizes: 'L'}"),
            BsonDocument.parse("{_id: 2, item: 'Shorts'}"),
            BsonDocument.parse("{_id: 3, item: 'Hat', sizes: 'M'}"),
            BsonDocument.parse("{_id: 4, item: 'Gloves'}"),
            BsonDocument.parse("{_id: 5, item: 'Scarf', sizes: null}"));
  }

  @Test
  void includeArrayIndexIsALongOrNullForANonArray() {
    List<BsonDocument> out =
        run(CLOTHING, "{$unwind: {path: '$sizes', includeArrayIndex: 'arrayIndex'}}");
    assertThat(out)
        .containsExactly(
            BsonDocument.parse(
                "{_id: 1, item: 'Shirt', sizes: 'S', arrayIndex: {$numberLong: '0'}}"),
            BsonDocument.parse(
                "{_id: 1, item: 'Shirt', sizes: 'M', arrayIndex: {$numberLong: '1'}}"),
            BsonDocument.parse(
                "{_id: 1, item: 'Shirt', sizes: 'L', arrayIndex: {$numberLong: '2'}}"),
            BsonDocument.parse("{_id: 3, item: 'Hat', sizes: 'M', arrayIndex: null}"));
    assertThat(out.getFirst().get("arrayIndex")).isInstanceOf(BsonInt64.class);
  }

  @Test
  void dottedPathsGoThroughSubDocumentsOnly() {
    assertThat(
            run(
                documents("{_id: 1, a: {b: [1, 2]}}", "{_id: 2, a: [{b: [3]}]}"),
                "{$unwind: '$a.b'}"))
        .containsExactly(
            BsonDocument.parse("{_id: 1, a: {b: 1}}"), BsonDocument.parse("{_id: 1, a: {b: 2}}"));
  }

  @Test
  void malformedSpecificationsAreRefusedWithMongoDbsCodes() {
    assertFails(
        CLOTHING,
        ErrorCode.LOCATION_15981,
        "expected either a string or an object as specification for $unwind stage, got int",
        "{$unwind: 1}");
    assertFails(
        CLOTHING,
        ErrorCode.LOCATION_28808,
        "expected a string as the path for $unwind stage, got int",
        "{$unwind: {path: 1}}");
    assertFails(
        CLOTHING,
        ErrorCode.LOCATION_28809,
        "expected a boolean for the preserveNullAndEmptyArrays option to $unwind stage, got int",
        "{$unwind: {path: '$a', preserveNullAndEmptyArrays: 1}}");
    assertFails(
        CLOTHING,
        ErrorCode.LOCATION_28810,
        "expected a non-empty string for the includeArrayIndex  option to $unwind stage, got"
            + " string",
        "{$unwind: {path: '$a', includeArrayIndex: ''}}");
    assertFails(
        CLOTHING,
        ErrorCode.LOCATION_28822,
        "includeArrayIndex option to $unwind stage should not be prefixed with a '$': $i",
        "{$unwind: {path: '$a', includeArrayIndex: '$i'}}");
    assertFails(
        CLOTHING,
        ErrorCode.LOCATION_28811,
        "unrecognized option to $unwind stage: nested",
        "{$unwind: {path: '$a', nested: true}}");
    assertFails(
        CLOTHING, ErrorCode.LOCATION_28812, "no path specified to $unwind stage", "{$unwind: {}}");
    assertFails(
        CLOTHING,
        ErrorCode.LOCATION_28818,
        "path option to $unwind stage should be prefixed with a '$': sizes",
        "{$unwind: 'sizes'}");
  }

  @Test
  void declaresItsPathAndIndexAsChangedAndExplainsItsOptions() {
    PipelineStage stage =
        Stages.stage(
            "{$unwind: {path: '$a.b', includeArrayIndex: 'i', preserveNullAndEmptyArrays: true}}");
    assertThat(stage.matchMayMoveBeforeUnlessReading()).contains(Set.of("a.b", "i"));
    assertThat(stage.explain())
        .isEqualTo(
            BsonDocument.parse(
                "{$unwind: {path: '$a.b', preserveNullAndEmptyArrays: true, includeArrayIndex:"
                    + " 'i'}}"));
  }
}
