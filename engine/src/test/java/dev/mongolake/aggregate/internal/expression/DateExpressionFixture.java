package dev.mongolake.aggregate.internal.expression;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.time.Instant;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** Evaluates date expressions written as extended JSON, for the date operator tests. */
final class DateExpressionFixture {

  private DateExpressionFixture() {}

  /** The value of {@code expression} over {@code document}. */
  static BsonValue eval(String expression, String document) {
    Expression parsed =
        ExpressionParser.parse(
            BsonDocument.parse("{e: " + expression + "}").get("e"), VariableScope.root());
    return parsed.evaluate(
        new Variables(new BsonDateTime(0)).setDocument(BsonDocument.parse(document)));
  }

  /** The value of {@code expression} over an empty document. */
  static BsonValue eval(String expression) {
    return eval(expression, "{}");
  }

  /** A value written as extended JSON. */
  static BsonValue value(String json) {
    return BsonDocument.parse("{v: " + json + "}").get("v");
  }

  /** The BSON date of an ISO-8601 instant. */
  static BsonDateTime date(String iso) {
    return new BsonDateTime(Instant.parse(iso).toEpochMilli());
  }

  /**
   * Asserts that {@code expression} fails over {@code document} with MongoDB's code and message.
   */
  static void assertFails(String expression, String document, ErrorCode code, String message) {
    assertThatThrownBy(() -> eval(expression, document))
        .isInstanceOf(MongoLakeException.class)
        .hasMessage(message)
        .extracting(e -> ((MongoLakeException) e).errorCode())
        .isEqualTo(code);
  }

  /** Asserts that {@code expression} fails over an empty document. */
  static void assertFails(String expression, ErrorCode code, String message) {
    assertThatThrownBy(() -> eval(expression, "{}"))
        .isInstanceOf(MongoLakeException.class)
        .hasMessage(message)
        .extracting(e -> ((MongoLakeException) e).errorCode())
        .isEqualTo(code);
  }
}
