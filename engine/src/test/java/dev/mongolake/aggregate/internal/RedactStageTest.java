package dev.mongolake.aggregate.internal;

import static dev.mongolake.aggregate.internal.Stages.assertFails;
import static dev.mongolake.aggregate.internal.Stages.documents;
import static dev.mongolake.aggregate.internal.Stages.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class RedactStageTest {

  // Each level says what to do with itself; $redact: "$access" reads it from $$CURRENT.
  private static final List<BsonDocument> REPORTS =
      documents(
          "{_id: 1, access: 'descend', title: 'public', details: {access: 'prune', secret: 1},"
              + " sections: [{access: 'keep', text: 'a', inner: {access: 'prune'}}, {access:"
              + " 'prune', text: 'b'}, 7, [{access: 'descend', x: {access: 'prune'}}]]}",
          "{_id: 2, access: 'prune'}",
          "{_id: 3, access: 'keep', details: {access: 'prune'}}");

  @Test
  void descendsIntoSubDocumentsAndArraysKeepingAndPruningAsTold() {
    assertThat(run(REPORTS, "{$redact: '$access'}"))
        .containsExactly(
            BsonDocument.parse(
                "{_id: 1, access: 'descend', title: 'public', sections: [{access: 'keep', text:"
                    + " 'a', inner: {access: 'prune'}}, 7, [{access: 'descend'}]]}"),
            BsonDocument.parse("{_id: 3, access: 'keep', details: {access: 'prune'}}"));
  }

  @Test
  void theSystemVariablesKeepAndPruneEverything() {
    assertThat(run(REPORTS, "{$redact: '$$KEEP'}")).isEqualTo(REPORTS);
    assertThat(run(REPORTS, "{$redact: '$$PRUNE'}")).isEmpty();
    assertThat(run(REPORTS, "{$redact: '$$DESCEND'}")).isEqualTo(REPORTS);
  }

  @Test
  void rootStaysTheWholeDocumentWhileCurrentDescends() {
    assertThat(
            run(
                documents("{_id: 1, mode: 'descend', a: {mode: 'keep'}}"),
                "{$redact: '$$ROOT.mode'}"))
        .containsExactly(BsonDocument.parse("{_id: 1, mode: 'descend', a: {mode: 'keep'}}"));
  }

  @Test
  void anyOtherAnswerFailsNamingIt() {
    assertFails(
        REPORTS,
        ErrorCode.LOCATION_17053,
        "$redact's expression should not return anything aside from the variables $$KEEP,"
            + " $$DESCEND, and $$PRUNE, but returned \"public\"",
        "{$redact: '$title'}");
    assertFails(
        documents("{_id: 1}"),
        ErrorCode.LOCATION_17053,
        "$redact's expression should not return anything aside from the variables $$KEEP,"
            + " $$DESCEND, and $$PRUNE, but returned MISSING",
        "{$redact: '$access'}");
  }

  @Test
  void readsTheWholeDocumentAndNeverLetsAMatchMove() {
    PipelineStage stage = Stages.stage("{$redact: '$access'}");
    var dependencies = new dev.mongolake.aggregate.internal.expression.Dependencies();
    stage.addDependencies(dependencies);
    assertThat(dependencies.needsWholeDocument()).isTrue();
    assertThat(stage.matchMayMoveBeforeUnlessReading()).isEmpty();
  }
}
