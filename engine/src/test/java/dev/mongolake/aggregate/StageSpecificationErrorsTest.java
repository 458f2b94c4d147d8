package dev.mongolake.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * The specifications of {@code $limit}, {@code $skip}, {@code $match}, {@code $sort} and {@code
 * $count} fail with the codes and messages of MongoDB's stage parsers (MongoDB 8.0 for {@code
 * $count: "_id"}).
 */
class StageSpecificationErrorsTest {

  private static final List<BsonDocument> INPUT =
      List.of(BsonDocument.parse("{_id: 1, a: 1}"), BsonDocument.parse("{_id: 2, a: 2}"));

  private static List<BsonDocument> run(String stage) {
    List<BsonDocument> out = new ArrayList<>();
    Pipeline.parse(List.of(BsonDocument.parse(stage)))
        .run(INPUT.iterator())
        .forEachRemaining(out::add);
    return out;
  }

  private static void assertFails(String stage, ErrorCode code, String message) {
    assertThatThrownBy(() -> run(stage))
        .as(stage)
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(code);
              assertThat(e.getMessage()).isEqualTo(message);
            });
  }

  @Test
  void limitMustBeAPositiveWholeNumber() {
    assertFails("{$limit: 0}", ErrorCode.LOCATION_15958, "the limit must be positive");
    assertFails(
        "{$limit: 'a'}",
        ErrorCode.LOCATION_5107201,
        "invalid argument to $limit stage: Expected a number in: $limit: \"a\"");
    assertFails(
        "{$limit: -1}",
        ErrorCode.LOCATION_5107201,
        "invalid argument to $limit stage: Expected a non-negative number in: $limit: -1");
    assertFails(
        "{$limit: 1.5}",
        ErrorCode.LOCATION_5107201,
        "invalid argument to $limit stage: Expected an integer: $limit: 1.5");
    // (The value is shown as extended JSON, where MongoDB's shell notation may differ.)
    for (String tooLarge : List.of("{$limit: 1e30}", "{$limit: {$numberDecimal: '1.5'}}")) {
      assertThatThrownBy(() -> run(tooLarge))
          .isInstanceOfSatisfying(
              MongoLakeException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.LOCATION_5107201))
          .hasMessageStartingWith(
              "invalid argument to $limit stage: Cannot represent as a 64-bit integer: $limit: ");
    }
    // Any numeric type holding a whole number is one.
    assertThat(run("{$limit: 1.0}")).hasSize(1);
    assertThat(run("{$limit: {$numberLong: '1'}}")).hasSize(1);
    assertThat(run("{$limit: {$numberDecimal: '1'}}")).hasSize(1);
  }

  @Test
  void skipMustBeANonNegativeWholeNumber() {
    assertFails(
        "{$skip: -1}",
        ErrorCode.LOCATION_5107200,
        "invalid argument to $skip stage: Expected a non-negative number in: $skip: -1");
    assertFails(
        "{$skip: 'a'}",
        ErrorCode.LOCATION_5107200,
        "invalid argument to $skip stage: Expected a number in: $skip: \"a\"");
    assertFails(
        "{$skip: 0.5}",
        ErrorCode.LOCATION_5107200,
        "invalid argument to $skip stage: Expected an integer: $skip: 0.5");
    assertThat(run("{$skip: 0}")).hasSize(2);
    assertThat(run("{$skip: {$numberDecimal: '-0'}}")).hasSize(2);
    assertThat(run("{$skip: 1.0}")).hasSize(1);
  }

  @Test
  void matchAndSortSpecificationsMustBeObjects() {
    assertFails(
        "{$match: 1}",
        ErrorCode.LOCATION_15959,
        "the match filter must be an expression in an object");
    assertFails(
        "{$sort: 1}", ErrorCode.LOCATION_15973, "the $sort key specification must be an object");
  }

  @Test
  void countFieldFailsAsMongoDbChecksIt() {
    assertFails(
        "{$count: 1}", ErrorCode.LOCATION_40156, "the count field must be a non-empty string");
    assertFails(
        "{$count: ''}", ErrorCode.LOCATION_40157, "the count field must be a non-empty string");
    assertFails(
        "{$count: '$a'}", ErrorCode.LOCATION_40158, "the count field cannot be a $-prefixed path");
    assertFails(
        "{$count: 'a\\u0000b'}",
        ErrorCode.LOCATION_40159,
        "the count field cannot contain a null byte");
    assertFails("{$count: 'a.b'}", ErrorCode.LOCATION_40160, "the count field cannot contain '.'");
    assertFails("{$count: '_id'}", ErrorCode.LOCATION_9039800, "the count field cannot be '_id'");
    assertThat(run("{$count: 'n'}")).containsExactly(BsonDocument.parse("{n: 2}"));
  }
}
