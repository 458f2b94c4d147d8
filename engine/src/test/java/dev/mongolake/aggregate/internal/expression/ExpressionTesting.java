package dev.mongolake.aggregate.internal.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** Parses and evaluates expressions written as relaxed JSON, for the operator tests. */
final class ExpressionTesting {

  private ExpressionTesting() {}

  /** The value of {@code expression} on {@code document} ({@code null} for missing). */
  static BsonValue eval(String expression, String document) {
    Expression parsed = parse(expression);
    return parsed.evaluate(
        new Variables(new BsonDateTime(0)).setDocument(BsonDocument.parse(document)));
  }

  /** The value of {@code expression} on an empty document. */
  static BsonValue eval(String expression) {
    return eval(expression, "{}");
  }

  /** Compiles {@code expression} in the root scope. */
  static Expression parse(String expression) {
    return ExpressionParser.parse(
        BsonDocument.parse("{e: " + expression + "}").get("e"), VariableScope.root());
  }

  /** A BSON value written as relaxed JSON ({@code 1} is an int, {@code 1.0} a double). */
  static BsonValue value(String json) {
    return BsonDocument.parse("{v: " + json + "}").get("v");
  }

  /** Asserts that evaluating {@code expression} on {@code document} fails with code and message. */
  static void assertFails(String expression, String document, ErrorCode code, String message) {
    assertThatThrownBy(() -> eval(expression, document))
        .isInstanceOf(MongoLakeException.class)
        .hasMessage(message)
        .satisfies(e -> assertThat(((MongoLakeException) e).errorCode()).isEqualTo(code));
  }

  /**
   * Asserts that evaluating {@code expression} on an empty document fails with code and message.
   */
  static void assertFails(String expression, ErrorCode code, String message) {
    assertThatThrownBy(() -> eval(expression, "{}"))
        .isInstanceOf(MongoLakeException.class)
        .hasMessage(message)
        .satisfies(e -> assertThat(((MongoLakeException) e).errorCode()).isEqualTo(code));
  }
}
