package dev.mongolake.aggregate.internal.expression;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** Evaluates expressions written as extended JSON, for the operator tests. */
final class ExpressionTesting {

  private ExpressionTesting() {}

  /** {@code expression} evaluated against {@code document}; {@code null} for missing. */
  static BsonValue eval(String expression, String document) {
    Expression parsed =
        ExpressionParser.parse(
            BsonDocument.parse("{e: " + expression + "}").get("e"), VariableScope.root());
    return parsed.evaluate(
        new Variables(new BsonDateTime(42)).setDocument(BsonDocument.parse(document)));
  }

  /** {@code expression} evaluated against an empty document. */
  static BsonValue eval(String expression) {
    return eval(expression, "{}");
  }

  /** A value written as extended JSON. */
  static BsonValue value(String json) {
    return BsonDocument.parse("{v: " + json + "}").get("v");
  }

  /** Asserts that evaluating fails with {@code code} and exactly {@code message}. */
  static void assertFails(String expression, String document, ErrorCode code, String message) {
    assertThatThrownBy(() -> eval(expression, document))
        .isInstanceOf(MongoLakeException.class)
        .hasMessage(message)
        .extracting(e -> ((MongoLakeException) e).errorCode())
        .isEqualTo(code);
  }

  /** As {@link #assertFails(String, String, ErrorCode, String)} against an empty document. */
  static void assertFails(String expression, ErrorCode code, String message) {
    assertFails(expression, "{}", code, message);
  }
}
