package dev.mongolake.aggregate.internal.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.List;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

class ExpressionCoreTest {

  private static BsonValue eval(String expression, String document) {
    Expression parsed =
        ExpressionParser.parse(
            BsonDocument.parse("{e: " + expression + "}").get("e"), VariableScope.root());
    return parsed.evaluate(
        new Variables(new BsonDateTime(42)).setDocument(BsonDocument.parse(document)));
  }

  private static BsonValue value(String json) {
    return BsonDocument.parse("{v: " + json + "}").get("v");
  }

  private static ErrorCode codeOf(String expression) {
    try {
      eval(expression, "{}");
    } catch (MongoLakeException e) {
      return e.errorCode();
    }
    throw new AssertionError("no error for " + expression);
  }

  @Test
  void fieldPathsCollectFromDocumentsInArraysAndSkipOtherElements() {
    assertThat(eval("'$a.b'", "{a: [{b: 1}, 7, {c: 2}, {b: [3]}, [{b: 4}]]}"))
        .isEqualTo(value("[1, [3]]"));
    assertThat(eval("'$a.b'", "{a: 5}")).isNull();
    assertThat(eval("'$a'", "{a: null}")).isEqualTo(value("null"));
  }

  @Test
  void objectsLeaveMissingFieldsOutAndArraysMakeThemNull() {
    assertThat(eval("{x: '$a', y: '$nope'}", "{a: 1}")).isEqualTo(value("{x: 1}"));
    assertThat(eval("['$a', '$nope']", "{a: 1}")).isEqualTo(value("[1, null]"));
  }

  @Test
  void letBindsVariablesForItsBodyOnly() {
    assertThat(eval("{$let: {vars: {x: '$a', y: 5}, in: ['$$x', '$$y', '$$CURRENT.a']}}", "{a: 2}"))
        .isEqualTo(value("[2, 5, 2]"));
    assertThat(codeOf("{$let: {vars: {x: 1}, in: '$$y'}}")).isEqualTo(ErrorCode.LOCATION_17276);
    assertThat(codeOf("{$let: {vars: {X: 1}, in: 1}}")).isEqualTo(ErrorCode.LOCATION_16867);
    assertThat(codeOf("{$let: {vars: {'x-y': 1}, in: 1}}")).isEqualTo(ErrorCode.LOCATION_16868);
    assertThat(codeOf("{$let: {vars: {x: 1}}}")).isEqualTo(ErrorCode.LOCATION_16877);
  }

  @Test
  void letMayRebindCurrentSoThatFieldPathsReadTheNewValue() {
    assertThat(eval("{$let: {vars: {CURRENT: {a: 9}}, in: '$a'}}", "{a: 1}")).isEqualTo(value("9"));
  }

  @Test
  void systemVariablesAndRemove() {
    assertThat(eval("'$$NOW'", "{}")).isEqualTo(new BsonDateTime(42));
    assertThat(eval("'$$ROOT'", "{a: 1}")).isEqualTo(value("{a: 1}"));
    assertThat(eval("'$$REMOVE'", "{}")).isNull();
    assertThat(codeOf("'$$CLUSTER_TIME'")).isEqualTo(ErrorCode.LOCATION_51144);
    assertThat(codeOf("'$$'")).isEqualTo(ErrorCode.FAILED_TO_PARSE);
    assertThat(codeOf("'$$$s'")).isEqualTo(ErrorCode.FAILED_TO_PARSE);
  }

  @Test
  void malformedPathsAndOperatorsAnswerMongoDbsCodes() {
    assertThat(codeOf("'$'")).isEqualTo(ErrorCode.LOCATION_16872);
    assertThat(codeOf("'$a..b'")).isEqualTo(ErrorCode.LOCATION_15998);
    assertThat(codeOf("{$noSuchOperator: 1}")).isEqualTo(ErrorCode.INVALID_PIPELINE_OPERATOR);
    assertThat(codeOf("{$literal: 1, $let: 2}")).isEqualTo(ErrorCode.LOCATION_15983);
    assertThat(codeOf("{a: 1, $b: 2}")).isEqualTo(ErrorCode.LOCATION_16410);
    assertThat(codeOf("{'a.b': 1}")).isEqualTo(ErrorCode.LOCATION_16412);
    assertThat(codeOf("{'': 1}")).isEqualTo(ErrorCode.LOCATION_15998);
    assertThat(codeOf("[{x: 1, '': '$a'}]")).isEqualTo(ErrorCode.LOCATION_15998);
  }

  @Test
  void objectFieldNamesAndOperatorDocumentsFailWithMongoDbsMessages() {
    assertThatThrownBy(() -> eval("{'': 1}", "{}"))
        .hasMessage("FieldPath field names may not be empty strings.");
    assertThatThrownBy(() -> eval("{'a.b': 1}", "{}"))
        .hasMessage(
            "FieldPath field names may not contain '.'. Consider using $getField or $setField.");
    assertThatThrownBy(() -> eval("{$literal: 1, $let: 2}", "{}"))
        .hasMessage(
            "An object representing an expression must have exactly one field: {\"$literal\": 1,"
                + " \"$let\": 2}");
  }

  @Test
  void aFieldPathEndingInADotIsMongoDbsTrailingDotError() {
    for (String path : List.of("'$a.'", "'$a.b.'", "'$.'", "'$$ROOT.'", "'$$CURRENT.a.'")) {
      assertThatThrownBy(() -> eval(path, "{}"))
          .as(path)
          .isInstanceOfSatisfying(
              MongoLakeException.class,
              e -> {
                assertThat(e.errorCode()).isEqualTo(ErrorCode.LOCATION_40353);
                assertThat(e.getMessage()).isEqualTo("FieldPath must not end with a '.'.");
              });
    }
    // As in MongoDB, the variable is checked before the path after it.
    assertThat(codeOf("'$$nope.'")).isEqualTo(ErrorCode.LOCATION_17276);
    assertThat(codeOf("'$$.'")).isEqualTo(ErrorCode.FAILED_TO_PARSE);
    assertThat(codeOf("'$$ROOT..a'")).isEqualTo(ErrorCode.LOCATION_15998);
  }

  @Test
  void literalIsNeverReadAsAPathOrOperator() {
    assertThat(eval("{$literal: '$a'}", "{a: 1}")).isEqualTo(value("'$a'"));
    assertThat(eval("{$literal: {$add: 1}}", "{}")).isEqualTo(value("{$add: 1}"));
  }

  @Test
  void constantSubtreesFoldAtParseTime() {
    Expression parsed =
        ExpressionParser.parse(
            BsonDocument.parse("{e: {x: [1, {$literal: 2}]}}").get("e"), VariableScope.root());
    assertThat(parsed.isConstant()).isTrue();
    Expression reading =
        ExpressionParser.parse(
            BsonDocument.parse("{e: {x: [1, '$a']}}").get("e"), VariableScope.root());
    assertThat(reading.isConstant()).isFalse();
  }

  @Test
  void dependenciesNameTheFieldsRead() {
    Dependencies dependencies = new Dependencies();
    ExpressionParser.parse(
            BsonDocument.parse("{e: {x: '$a.b', y: {$let: {vars: {v: '$c'}, in: '$$v.d'}}}}")
                .get("e"),
            VariableScope.root())
        .addDependencies(dependencies);
    assertThat(dependencies.paths()).containsExactly("a.b", "c");
    assertThat(dependencies.needsWholeDocument()).isFalse();
  }

  @Test
  void truthinessFollowsMongoDb() {
    assertThat(ExpressionValues.isTrue(value("0"))).isFalse();
    assertThat(ExpressionValues.isTrue(value("NumberDecimal('-0')"))).isFalse();
    assertThat(ExpressionValues.isTrue(value("null"))).isFalse();
    assertThat(ExpressionValues.isTrue(null)).isFalse();
    assertThat(ExpressionValues.isTrue(value("''"))).isTrue();
    assertThat(ExpressionValues.isTrue(value("[]"))).isTrue();
    assertThat(ExpressionValues.isTrue(value("NumberDecimal('NaN')"))).isTrue();
  }

  @Test
  void unknownOperatorMessageNamesIt() {
    assertThatThrownBy(() -> eval("{$frobnicate: 1}", "{}"))
        .hasMessage("Unrecognized expression '$frobnicate'");
  }
}
