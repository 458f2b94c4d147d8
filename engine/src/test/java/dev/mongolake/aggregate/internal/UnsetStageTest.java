package dev.mongolake.aggregate.internal;

import static dev.mongolake.aggregate.internal.Stages.assertFails;
import static dev.mongolake.aggregate.internal.Stages.documents;
import static dev.mongolake.aggregate.internal.Stages.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class UnsetStageTest {

  private static final List<BsonDocument> BOOKS =
      documents(
          "{_id: 1, title: 'Antelope Antics', isbn: '0001122223334', author: {last: 'An', first:"
              + " 'Auntie'}, copies: [{warehouse: 'A', qty: 5}, {warehouse: 'B', qty: 15}]}");

  @Test
  void aStringRemovesOneField() {
    assertThat(run(BOOKS, "{$unset: 'copies'}"))
        .containsExactly(
            BsonDocument.parse(
                "{_id: 1, title: 'Antelope Antics', isbn: '0001122223334', author: {last: 'An',"
                    + " first: 'Auntie'}}"));
  }

  @Test
  void dottedPathsRemoveEmbeddedFieldsAndReachIntoArrays() {
    assertThat(run(BOOKS, "{$unset: ['isbn', 'author.first', 'copies.warehouse']}"))
        .containsExactly(
            BsonDocument.parse(
                "{_id: 1, title: 'Antelope Antics', author: {last: 'An'}, copies: [{qty: 5}, {qty:"
                    + " 15}]}"));
  }

  @Test
  void idMayBeRemoved() {
    assertThat(run(BOOKS, "{$unset: ['_id', 'copies', 'author', 'isbn']}"))
        .containsExactly(BsonDocument.parse("{title: 'Antelope Antics'}"));
  }

  @Test
  void malformedSpecificationsAreRefusedWithMongoDbsCodes() {
    assertFails(
        BOOKS,
        ErrorCode.LOCATION_31002,
        "$unset specification must be a string or an array",
        "{$unset: 1}");
    assertFails(
        BOOKS,
        ErrorCode.LOCATION_31119,
        "$unset specification must be a string or an array with at least one field",
        "{$unset: []}");
    assertFails(
        BOOKS,
        ErrorCode.LOCATION_31120,
        "$unset specification must be a string or an array containing only string values",
        "{$unset: ['a', 1]}");
    assertFails(
        BOOKS,
        ErrorCode.LOCATION_31249,
        "Invalid $unset :: caused by :: Path collision at a.b remaining portion b",
        "{$unset: ['a', 'a.b']}");
  }

  @Test
  void declaresTheFieldsItRemovesAndReadsNothing() {
    PipelineStage stage = Stages.stage("{$unset: ['a', 'b.c']}");
    assertThat(stage.matchMayMoveBeforeUnlessReading()).contains(Set.of("a", "b.c"));
    var dependencies = new dev.mongolake.aggregate.internal.expression.Dependencies();
    stage.addDependencies(dependencies);
    assertThat(dependencies.paths()).isEmpty();
    assertThat(dependencies.needsWholeDocument()).isFalse();
  }
}
