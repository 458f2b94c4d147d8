package dev.mongolake.server.command.diagnostic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/** The per-document checks of {@code validate}, on documents a healthy engine never produces. */
class CollectionValidationTest {

  private static BsonDocument withId(int id) {
    return new BsonDocument("_id", new BsonInt32(id));
  }

  @Test
  void documentsWithValidIdsAreValid() {
    CollectionValidation result =
        CollectionValidation.check(List.of(withId(1), withId(2)).iterator());

    assertThat(result.valid()).isTrue();
    assertThat(result.records()).isEqualTo(2);
    assertThat(result.invalidDocuments()).isZero();
  }

  @Test
  void aDocumentWithoutIdIsInvalid() {
    CollectionValidation result =
        CollectionValidation.check(
            List.of(withId(1), new BsonDocument("name", new BsonString("x"))).iterator());

    assertThat(result.valid()).isFalse();
    assertThat(result.records()).isEqualTo(2);
    assertThat(result.invalidDocuments()).isEqualTo(1);
    assertThat(result.errors()).containsExactly("Record 2 is invalid: it has no _id");
  }

  @Test
  void anArrayIdIsInvalid() {
    CollectionValidation result =
        CollectionValidation.check(
            List.of(new BsonDocument("_id", new BsonArray(List.of(new BsonInt32(1))))).iterator());

    assertThat(result.errors())
        .containsExactly("Record 1 is invalid: its _id is of type ARRAY, which cannot be an _id");
  }

  @Test
  void aDocumentThatCannotBeReadStopsTheScanWithAnError() {
    Iterator<BsonDocument> broken =
        new Iterator<>() {
          private int served;

          @Override
          public boolean hasNext() {
            return true;
          }

          @Override
          public BsonDocument next() {
            if (served == 1) {
              throw new IllegalStateException("corrupt Parquet page");
            }
            served++;
            return withId(served);
          }
        };

    CollectionValidation result = CollectionValidation.check(broken);

    assertThat(result.valid()).isFalse();
    assertThat(result.records()).isEqualTo(1);
    assertThat(result.errors())
        .containsExactly("Cannot read the document after record 1: corrupt Parquet page");
  }

  @Test
  void errorMessagesStopAtTheLimitWhileInvalidDocumentsAreStillCounted() {
    List<BsonDocument> noIds =
        IntStream.range(0, CollectionValidation.MAX_ERRORS + 5)
            .mapToObj(i -> new BsonDocument("n", new BsonInt32(i)))
            .toList();

    CollectionValidation result = CollectionValidation.check(noIds.iterator());

    assertThat(result.errors()).hasSize(CollectionValidation.MAX_ERRORS);
    assertThat(result.invalidDocuments()).isEqualTo(CollectionValidation.MAX_ERRORS + 5);
  }

  @Test
  void anEmptyCollectionIsValid() {
    CollectionValidation result = CollectionValidation.check(List.<BsonDocument>of().iterator());

    assertThat(result.valid()).isTrue();
    assertThat(result.records()).isZero();
  }
}
