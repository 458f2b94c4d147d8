package dev.mongolake.server.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonNesting;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** Extended JSON is held to MongoDB's BSON depth, counted as the wire protocol counts it. */
class ExtendedJsonNestingTest {

  @Test
  void aDocumentNestedToTheLimitParses() {
    BsonDocument parsed =
        ExtendedJson.parseDocument(nested(BsonNesting.MAX_DEPTH, "{\"a\": ", "}"), "body");

    assertThat(BsonNesting.nestedLevels(parsed, 1000)).isEqualTo(BsonNesting.MAX_DEPTH);
  }

  @Test
  void extendedJsonWrappersAreValuesNotLevels() {
    String leaf = "{\"$date\": {\"$numberLong\": \"0\"}}";
    // 200 documents below the top one, the innermost holding a date written as two wrappers.
    String json =
        "{\"a\": ".repeat(BsonNesting.MAX_DEPTH)
            + "{\"d\": "
            + leaf
            + "}"
            + "}".repeat(BsonNesting.MAX_DEPTH);

    BsonDocument parsed = ExtendedJson.parseDocument(json, "body");

    assertThat(BsonNesting.nestedLevels(parsed, 1000)).isEqualTo(BsonNesting.MAX_DEPTH);
  }

  @Test
  void aDocumentNestedOnePastTheLimitIsOverflow() {
    assertOverflow(
        () ->
            ExtendedJson.parseDocument(nested(BsonNesting.MAX_DEPTH + 1, "{\"a\": ", "}"), "body"),
        "Cannot parse body: BSONObj exceeds maximum nested object depth of 200");
  }

  @Test
  void aHundredThousandLevelsAreRefusedWithoutOverflowingTheStack() {
    assertOverflow(
        () -> ExtendedJson.parseDocumentOrArray(nested(100_000, "{\"a\": ", "}"), "request body"),
        "Cannot parse request body: BSONObj exceeds maximum nested object depth of 200");
    assertOverflow(
        () -> ExtendedJson.parseDocumentOrArray(nested(100_000, "[", "]"), "request body"),
        "Cannot parse request body: BSONObj exceeds maximum nested object depth of 200");
    assertOverflow(
        () -> ExtendedJson.parseValue(nested(100_000, "[", "]"), "query parameter 'filter'"),
        "Cannot parse query parameter 'filter': BSONObj exceeds maximum nested object depth of"
            + " 200");
  }

  @Test
  void aValueMayNestToTheLimitBelowItself() {
    assertThat(ExtendedJson.parseValue(nested(BsonNesting.MAX_DEPTH, "[", "]"), "value").isArray())
        .isTrue();
    assertOverflow(
        () -> ExtendedJson.parseValue(nested(BsonNesting.MAX_DEPTH + 1, "[", "]"), "value"),
        "Cannot parse value: BSONObj exceeds maximum nested object depth of 200");
  }

  private static void assertOverflow(Runnable parse, String message) {
    assertThatThrownBy(parse::run)
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.OVERFLOW))
        .hasMessage(message);
  }

  /** A top-level container with {@code levels} more nested inside: {@code levels + 1} opens. */
  private static String nested(int levels, String open, String close) {
    String innermost = open.startsWith("[") ? "[]" : "{}";
    return open.repeat(levels) + innermost + close.repeat(levels);
  }
}
