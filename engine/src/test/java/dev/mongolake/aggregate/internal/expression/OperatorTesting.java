package dev.mongolake.aggregate.internal.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** Evaluates expressions written as extended JSON, for the operator families' tests. */
final class OperatorTesting {

  private OperatorTesting() {}

  /** {@code expression} evaluated against {@code document}; {@code null} for missing. */
  static BsonValue eval(String expression, String document) {
    Expression parsed =
        ExpressionParser.parse(
            BsonDocument.parse("{e: " + expression + "}").get("e"), VariableScope.root());
    return parsed.evaluate(
        new Variables(new BsonDateTime(0)).setDocument(BsonDocument.parse(document)));
  }

  /** {@code expression} evaluated against an empty document. */
  static BsonValue eval(String expression) {
    return eval(expression, "{}");
  }

  /** The value of extended JSON {@code json}. */
  static BsonValue value(String json) {
    return BsonDocument.parse("{v: " + json + "}").get("v");
  }

  /** Asserts that evaluating {@code expression} fails with {@code code} and {@code message}. */
  static void assertFails(String expression, String document, ErrorCode code, String message) {
    MongoLakeException error =
        catchThrowableOfType(MongoLakeException.class, () -> eval(expression, document));
    assertThat(error).as("error of %s", expression).isNotNull();
    assertThat(error.errorCode()).isEqualTo(code);
    assertThat(error.getMessage()).isEqualTo(message);
  }

  /** Asserts that evaluating {@code expression} on an empty document fails so. */
  static void assertFails(String expression, ErrorCode code, String message) {
    assertFails(expression, "{}", code, message);
  }
}
