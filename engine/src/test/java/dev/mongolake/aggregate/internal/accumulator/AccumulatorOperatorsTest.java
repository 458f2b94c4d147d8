package dev.mongolake.aggregate.internal.accumulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import dev.mongolake.aggregate.internal.expression.Variables;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

class AccumulatorOperatorsTest {

  // The manual's student: quizzes, labs, final and midterm.
  private static final String STUDENT =
      "{quizzes: [10, 6, 7], labs: [5, 8], final: 80, midterm: 75, name: 'x'}";

  private static BsonValue eval(String expression, String document) {
    Expression parsed =
        ExpressionParser.parse(
            BsonDocument.parse("{e: " + expression + "}").get("e"), VariableScope.root());
    return parsed.evaluate(
        new Variables(new BsonDateTime(0)).setDocument(BsonDocument.parse(document)));
  }

  private static BsonValue value(String json) {
    return BsonDocument.parse("{v: " + json + "}").get("v");
  }

  @Test
  void sumRunsOverTheElementsOfOneArrayOrOverSeveralArguments() {
    assertThat(eval("{$sum: '$quizzes'}", STUDENT)).isEqualTo(value("23"));
    assertThat(eval("{$sum: ['$final', '$midterm']}", STUDENT)).isEqualTo(value("155"));
    assertThat(eval("{$sum: ['$quizzes', 1]}", STUDENT)).isEqualTo(value("1"));
    assertThat(eval("{$sum: '$nope'}", STUDENT)).isEqualTo(value("0"));
    assertThat(eval("{$sum: [1, NumberLong(2)]}", STUDENT)).isEqualTo(value("NumberLong(3)"));
  }

  @Test
  void avgMinAndMaxFollowTheAccumulators() {
    assertThat(eval("{$avg: '$labs'}", STUDENT)).isEqualTo(value("6.5"));
    assertThat(eval("{$avg: ['$final', '$midterm']}", STUDENT)).isEqualTo(value("77.5"));
    assertThat(eval("{$avg: '$name'}", STUDENT)).isEqualTo(value("null"));
    assertThat(eval("{$max: '$quizzes'}", STUDENT)).isEqualTo(value("10"));
    assertThat(eval("{$min: ['$final', null, '$nope', '$midterm']}", STUDENT))
        .isEqualTo(value("75"));
    assertThat(eval("{$max: []}", STUDENT)).isEqualTo(value("null"));
  }

  @Test
  void stdDevOverAnArray() {
    assertThat(eval("{$stdDevPop: [1, 3]}", STUDENT)).isEqualTo(value("1.0"));
    assertThat(eval("{$stdDevSamp: '$labs'}", STUDENT))
        .isEqualTo(value(String.valueOf(Math.sqrt(4.5))));
    assertThat(eval("{$stdDevSamp: [1]}", STUDENT)).isEqualTo(value("null"));
  }

  @Test
  void medianAndPercentileOverAnArrayOrANumber() {
    assertThat(eval("{$median: {input: '$quizzes', method: 'approximate'}}", STUDENT))
        .isEqualTo(value("7.0"));
    assertThat(
            eval(
                "{$percentile: {input: '$quizzes', p: [0.0, 1.0], method: 'approximate'}}",
                STUDENT))
        .isEqualTo(value("[6.0, 10.0]"));
    assertThat(eval("{$percentile: {input: '$final', p: [0.3], method: 'approximate'}}", STUDENT))
        .isEqualTo(value("[80.0]"));
    assertThat(eval("{$median: {input: '$name', method: 'approximate'}}", STUDENT))
        .isEqualTo(value("null"));
  }

  @Test
  void quantileExpressionsHaveTheirOwnNotAnObjectCodes() {
    assertThatThrownBy(() -> eval("{$median: 1}", "{}"))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.LOCATION_7436201);
              assertThat(e.getMessage())
                  .isEqualTo("specification must be an object; found $median: 1");
            });
    assertThatThrownBy(() -> eval("{$percentile: 1}", "{}"))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.LOCATION_7436200));
  }
}
