package dev.mongolake.delta.query;

import static dev.mongolake.delta.query.Documents.doc;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.exceptions.QueryErrorCode;
import dev.mongolake.delta.exceptions.QueryException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FilterParseErrorsTest {
  private static void assertRejected(String filter, QueryErrorCode code, String message) {
    assertThatThrownBy(() -> Filter.parse(doc(filter)))
        .isInstanceOfSatisfying(
            QueryException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(code);
              assertThat(e.getMessage()).isEqualTo(message);
            });
  }

  @Test
  void unknownFieldOperatorIsBadValue() {
    assertRejected("{a: {$foo: 1}}", QueryErrorCode.BAD_VALUE, "unknown operator: $foo");
  }

  @Test
  void literalKeyAfterAnOperatorIsAnUnknownOperator() {
    assertRejected("{a: {$gt: 1, b: 2}}", QueryErrorCode.BAD_VALUE, "unknown operator: b");
  }

  @Test
  void unknownTopLevelOperatorIsBadValueWithHint() {
    assertRejected(
        "{$foo: 1}",
        QueryErrorCode.BAD_VALUE,
        "unknown top level operator: $foo. If you have a field name that starts with a '$'"
            + " symbol, consider using $getField or $setField.");
    assertRejected(
        "{$not: {a: 1}}",
        QueryErrorCode.BAD_VALUE,
        "unknown top level operator: $not. If you are trying to negate an entire expression, use"
            + " $nor.");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{a: {$in: 1}}|$in needs an array",
        "{a: {$nin: 'x'}}|$nin needs an array",
        "{a: {$in: [{$gt: 1}]}}|cannot nest $ under $in",
        "{$and: []}|$and/$or/$nor must be a nonempty array",
        "{$or: {a: 1}}|$and/$or/$nor must be a nonempty array",
        "{$nor: [1]}|$or/$and/$nor entries need to be full objects",
        "{a: {$size: 'x'}}|$size needs a number",
        "{a: {$size: -1}}|Failed to parse $size. Expected a positive number in: $size: -1",
        "{a: {$size: 1.5}}|Failed to parse $size. Expected an integer: $size: 1.5",
        "{a: {$all: 1}}|$all needs an array",
        "{a: {$all: [{$elemMatch: {b: 1}}, 2]}}|$all/$elemMatch has to be consistent",
        "{a: {$all: [{$gt: 1}]}}|no $ expressions in $all",
        "{a: {$elemMatch: 1}}|$elemMatch needs an Object",
        "{a: {$not: 1}}|$not needs a regex or a document",
        "{a: {$not: {}}}|$not cannot be empty",
        "{a: {$not: {b: 1}}}|unknown operator: b",
        "{a: {$ne: /x/}}|Can't have regex as arg to $ne.",
        "{a: {$gt: /x/}}|Can't have RegEx as arg to predicate over field 'a'.",
        "{a: {$options: 'i'}}|$options needs a $regex",
        "{a: {$regex: 1}}|$regex has to be a string",
        "{a: {$regex: 'x', $options: 1}}|$options has to be a string",
        "{a: {$type: 'foo'}}|Unknown type name alias: foo",
        "{a: {$type: 99}}|Invalid numerical type code: 99",
        "{a: {$type: 1.5}}|Invalid numerical type code: 1.5",
        "{a: {$where: 'x'}}|$where cannot be applied to a field",
        "{$where: 'this.a > 1'}|$where is not allowed in this context",
        "{a: {$elemMatch: {$expr: {$eq: [1, 1]}}}}|$expr can only be applied to the top-level"
            + " document",
        "{a: {$bitsAllSet: 'x'}}|$bitsAllSet takes an Array, a number, or a BinData but received:"
            + " $bitsAllSet: \"x\"",
        "{a: {$undefined: true}}|cannot compare to undefined",
        "{a: {$gt: {$undefined: true}}}|cannot compare to undefined",
        "{a: {$in: [{$undefined: true}]}}|cannot compare to undefined",
        "{a: {$bitsAnySet: [-1]}}|Failed to parse bit position. Expected a positive number in:"
            + " 0: -1",
      })
  void malformedOperandsAreBadValue(String filter, String message) {
    assertRejected(filter, QueryErrorCode.BAD_VALUE, message);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{a: {$mod: 4}}|malformed mod, needs to be an array",
        "{a: {$mod: []}}|malformed mod, not enough elements",
        "{a: {$mod: [4]}}|malformed mod, not enough elements",
        "{a: {$mod: [4, 1, 2]}}|malformed mod, too many elements",
        "{a: {$mod: ['x', 1]}}|malformed mod, divisor not a number",
        "{a: {$mod: [4, 'x']}}|malformed mod, remainder not a number",
        "{a: {$mod: [0, 1]}}|divisor cannot be 0",
        "{a: {$mod: [0.5, 1]}}|divisor cannot be 0",
        "{a: {$mod: [NaN, 1]}}|malformed mod, divisor value is invalid :: caused by :: Unable to"
            + " coerce NaN/Inf to integral type",
        "{a: {$mod: [4, Infinity]}}|malformed mod, remainder value is invalid :: caused by ::"
            + " Unable to coerce NaN/Inf to integral type",
        "{a: {$mod: [1e19, 1]}}|malformed mod, divisor value is invalid :: caused by :: Out of"
            + " bounds coercing to integral value",
      })
  void malformedModIsBadValue(String filter, String message) {
    assertRejected(filter, QueryErrorCode.BAD_VALUE, message);
  }

  @Test
  void emptyTypeListIsFailedToParse() {
    assertRejected(
        "{a: {$type: []}}", QueryErrorCode.FAILED_TO_PARSE, "a must match at least one type");
  }

  @Test
  void nonNumericNonStringTypeIsTypeMismatch() {
    assertRejected(
        "{a: {$type: {}}}",
        QueryErrorCode.TYPE_MISMATCH,
        "type must be represented as a number or a string");
  }

  @Test
  void negativeBitMaskIsFailedToParse() {
    assertRejected(
        "{a: {$bitsAllSet: -1}}",
        QueryErrorCode.FAILED_TO_PARSE,
        "Expected a positive number in: $bitsAllSet: -1");
  }

  @Test
  void alwaysTrueNeedsOne() {
    assertRejected(
        "{$alwaysTrue: 2}",
        QueryErrorCode.FAILED_TO_PARSE,
        "$alwaysTrue must be an integer value of 1");
  }

  @Test
  void withoutSpecialFeaturesExprAndJsonSchemaAreNotAllowed() {
    for (String filter :
        new String[] {
          "{$expr: {$eq: ['$a', 1]}}", "{x: 1, $expr: true}", "{$or: [{x: 1}, {$expr: true}]}"
        }) {
      assertThatThrownBy(() -> Filter.parseWithoutSpecialFeatures(doc(filter)))
          .as(filter)
          .isInstanceOfSatisfying(
              QueryException.class,
              e -> {
                assertThat(e.errorCode()).isEqualTo(QueryErrorCode.QUERY_FEATURE_NOT_ALLOWED);
                assertThat(e.getMessage()).isEqualTo("$expr is not allowed in this context");
              });
    }
    assertThatThrownBy(() -> Filter.parseWithoutSpecialFeatures(doc("{$jsonSchema: {}}")))
        .isInstanceOfSatisfying(
            QueryException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(QueryErrorCode.QUERY_FEATURE_NOT_ALLOWED);
              assertThat(e.getMessage()).isEqualTo("$jsonSchema is not allowed in this context");
            });
    // Below the top level, $expr is refused for its level first, as in MongoDB.
    assertThatThrownBy(
            () -> Filter.parseWithoutSpecialFeatures(doc("{a: {$elemMatch: {$expr: true}}}")))
        .isInstanceOfSatisfying(
            QueryException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(QueryErrorCode.BAD_VALUE);
              assertThat(e.getMessage())
                  .isEqualTo("$expr can only be applied to the top-level document");
            });
    // The rest of the language is the same.
    assertThat(Filter.parseWithoutSpecialFeatures(doc("{a: {$gt: 1}}")).matches(doc("{a: 2}")))
        .isTrue();
  }

  @Test
  void jsonSchemaOperandMustBeAnObject() {
    assertRejected(
        "{$jsonSchema: ['a']}", QueryErrorCode.TYPE_MISMATCH, "$jsonSchema must be an object");
  }

  @Test
  void textAndSampleRateAreRejectedAsNotImplemented() {
    assertRejected(
        "{$text: {$search: 'x'}}", QueryErrorCode.NOT_IMPLEMENTED, "$text is not supported yet");
    assertRejected(
        "{$sampleRate: 0.5}", QueryErrorCode.NOT_IMPLEMENTED, "$sampleRate is not supported yet");
  }

  @Test
  void geoOperatorsAreRejectedAsNotImplemented() {
    assertRejected(
        "{loc: {$near: [0, 0]}}", QueryErrorCode.NOT_IMPLEMENTED, "$near is not supported");
  }

  @Test
  void invalidRegexOptionsAndPatternsUseMongoDbLocationCodes() {
    assertRejected(
        "{a: {$regex: 'x', $options: 'z'}}",
        QueryErrorCode.INVALID_REGEX_OPTION,
        "invalid flag in regex options: z");
    assertThatThrownBy(() -> Filter.parse(doc("{a: {$regex: '('}}")))
        .isInstanceOfSatisfying(
            QueryException.class,
            e -> {
              assertThat(e.code()).isEqualTo(51091);
              assertThat(e.getMessage()).startsWith("Regular expression is invalid: ");
            });
  }

  @Test
  void regexOptionsInBothPlacesAreRejected() {
    assertRejected(
        "{a: {$regex: /x/i, $options: 'm'}}",
        QueryErrorCode.REGEX_OPTIONS_IN_BOTH_REGEX_FIRST,
        "options set in both $regex and $options");
    assertRejected(
        "{a: {$options: 'm', $regex: /x/i}}",
        QueryErrorCode.REGEX_OPTIONS_IN_BOTH_OPTIONS_FIRST,
        "options set in both $regex and $options");
  }

  @Test
  void errorCodesCarryMongoDbNumbersAndNames() {
    assertThat(QueryErrorCode.BAD_VALUE.code()).isEqualTo(2);
    assertThat(QueryErrorCode.BAD_VALUE.codeName()).isEqualTo("BadValue");
    assertThat(QueryErrorCode.FAILED_TO_PARSE.code()).isEqualTo(9);
    assertThat(QueryErrorCode.TYPE_MISMATCH.code()).isEqualTo(14);
    // MongoDB raises 51074 on reaching $regex after $options, 51075 on reaching $options after
    // $regex: each name says which came first.
    assertThat(QueryErrorCode.REGEX_OPTIONS_IN_BOTH_OPTIONS_FIRST.code()).isEqualTo(51074);
    assertThat(QueryErrorCode.REGEX_OPTIONS_IN_BOTH_REGEX_FIRST.code()).isEqualTo(51075);
  }

  @Test
  void queryExceptionIsADeltaException() {
    assertThat(new QueryException(QueryErrorCode.BAD_VALUE, "x"))
        .isInstanceOf(dev.mongolake.delta.exceptions.DeltaException.class);
  }
}
