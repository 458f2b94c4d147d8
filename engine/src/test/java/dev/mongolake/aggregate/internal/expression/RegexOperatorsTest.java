package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.assertFails;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.eval;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonNull;
import org.junit.jupiter.api.Test;

class RegexOperatorsTest {

  @Test
  void regexMatchAnswersWhetherThePatternMatches() {
    assertThat(eval("{$regexMatch: {input: 'Single LINE description.', regex: /line/}}"))
        .isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$regexMatch: {input: 'Single LINE description.', regex: /line/i}}"))
        .isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: 'Single LINE', regex: 'line', options: 'i'}}"))
        .isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: '$nope', regex: 'a'}}")).isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$regexMatch: {input: 'a', regex: null}}")).isEqualTo(BsonBoolean.FALSE);
  }

  @Test
  void regexFindAnswersMatchIndexInCodePointsAndCaptures() {
    assertThat(eval("{$regexFind: {input: 'Single LINE description.', regex: /line/i}}"))
        .isEqualTo(value("{match: 'LINE', idx: 7, captures: []}"));
    assertThat(eval("{$regexFind: {input: 'cafétéria café', regex: 'caf(é)'}}"))
        .isEqualTo(value("{match: 'café', idx: 0, captures: ['é']}"));
    assertThat(eval("{$regexFind: {input: 'ééé x', regex: 'x'}}"))
        .isEqualTo(value("{match: 'x', idx: 4, captures: []}"));
    assertThat(eval("{$regexFind: {input: 'Cafe Con Leche', regex: /(C(ar)*)afe/}}"))
        .isEqualTo(value("{match: 'Cafe', idx: 0, captures: ['C', null]}"));
    assertThat(eval("{$regexFind: {input: 'abc', regex: 'z'}}")).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$regexFind: {input: null, regex: 'z'}}")).isEqualTo(BsonNull.VALUE);
  }

  @Test
  void regexFindAllFindsEveryMatchWithoutOverlap() {
    assertThat(eval("{$regexFindAll: {input: 'a1b22c333', regex: '[0-9]+'}}"))
        .isEqualTo(
            value(
                "[{match: '1', idx: 1, captures: []}, {match: '22', idx: 3, captures: []},"
                    + " {match: '333', idx: 6, captures: []}]"));
    assertThat(eval("{$regexFindAll: {input: 'ab', regex: 'x*'}}"))
        .isEqualTo(value("[{match: '', idx: 0, captures: []}, {match: '', idx: 1, captures: []}]"));
    assertThat(eval("{$regexFindAll: {input: '', regex: 'x*'}}"))
        .isEqualTo(value("[{match: '', idx: 0, captures: []}]"));
    assertThat(eval("{$regexFindAll: {input: '$nope', regex: 'a'}}")).isEqualTo(new BsonArray());
  }

  @Test
  void optionsMultilineDotAllAndExtendedWorkAsInPcre() {
    assertThat(eval("{$regexMatch: {input: 'a\\nb', regex: '^b', options: 'm'}}"))
        .isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: 'a\\nb', regex: '^b'}}")).isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$regexMatch: {input: 'a\\nb', regex: 'a.b', options: 's'}}"))
        .isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: 'ab', regex: 'a b # comment', options: 'x'}}"))
        .isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: 'a b', regex: 'a[ ]b', options: 'x'}}"))
        .isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: 'ab', regex: 'a # not (?R) nor [\\n b', options: 'x'}}"))
        .isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: 'a#b', regex: 'a#b'}}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: 'x', regex: 'x', options: 'u'}}"))
        .isEqualTo(BsonBoolean.TRUE);
  }

  @Test
  void pcreSyntaxThatJavaSpellsDifferentlyIsTranslated() {
    assertThat(eval("{$regexMatch: {input: '[', regex: '[[]'}}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: ']', regex: '[]a]'}}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: '&', regex: '[a&&b]'}}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: 'a{b', regex: 'a{b'}}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: 'aa', regex: '^a{2}$'}}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: 'A', regex: '\\\\x41'}}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: 'ab', regex: 'a(?#note)b'}}"))
        .isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexFind: {input: 'xyxy', regex: '(?P<p>xy)(?P=p)'}}"))
        .isEqualTo(value("{match: 'xyxy', idx: 0, captures: ['xy']}"));
    assertThat(eval("{$regexMatch: {input: 'é', regex: '\\\\w'}}")).isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$regexMatch: {input: 'aé', regex: '\\\\bé'}}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: 'cat', regex: '\\\\Bat'}}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: 'a cat', regex: '\\\\bcat\\\\b'}}"))
        .isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$regexMatch: {input: 'É', regex: 'é', options: 'i'}}"))
        .isEqualTo(BsonBoolean.TRUE);
  }

  @Test
  void pcreSyntaxWithoutAJavaEquivalentIsRefused() {
    for (String pattern :
        new String[] {
          "(?R)",
          "a(?(1)b|c)",
          "[[:alpha:]]",
          "(*FAIL)",
          "a\\\\Kb",
          "(?|a)",
          "(?U)a",
          "(?i)\\\\p{Lu}"
        }) {
      assertThatThrownBy(() -> eval("{$regexMatch: {input: 'a', regex: '" + pattern + "'}}"))
          .isInstanceOf(MongoLakeException.class)
          .hasMessageStartingWith("$regexMatch does not support ")
          .extracting(e -> ((MongoLakeException) e).errorCode())
          .isEqualTo(ErrorCode.NOT_IMPLEMENTED);
    }
  }

  @Test
  void regexArgumentsAreCheckedAsMongoDbDoes() {
    assertFails(
        "{$regexMatch: 'a'}",
        ErrorCode.LOCATION_51103,
        "$regexMatch expects an object of named arguments but found: string");
    assertFails(
        "{$regexFind: {regex: 'a'}}",
        ErrorCode.LOCATION_31022,
        "$regexFind requires 'input' parameter");
    assertFails(
        "{$regexFind: {input: 'a'}}",
        ErrorCode.LOCATION_31023,
        "$regexFind requires 'regex' parameter");
    assertFails(
        "{$regexFindAll: {input: 'a', regex: 'a', flags: 'i'}}",
        ErrorCode.LOCATION_31024,
        "$regexFindAll found an unknown argument: flags");
    assertFails(
        "{$regexMatch: {input: 1, regex: 'a'}}",
        ErrorCode.LOCATION_51104,
        "$regexMatch needs 'input' to be of type string");
    assertFails(
        "{$regexMatch: {input: 'a', regex: 1}}",
        ErrorCode.LOCATION_51105,
        "$regexMatch needs 'regex' to be of type string or regex");
    assertFails(
        "{$regexMatch: {input: 'a', regex: 'a', options: 1}}",
        ErrorCode.LOCATION_51106,
        "$regexMatch needs 'options' to be of type string");
    assertFails(
        "{$regexMatch: {input: 'a', regex: /a/i, options: 'm'}}",
        ErrorCode.LOCATION_51107,
        "$regexMatch: found regex option(s) specified in both 'regex' and 'option' fields");
    assertFails(
        "{$regexMatch: {input: 'a', regex: 'a', options: 'z'}}",
        ErrorCode.INVALID_REGEX_OPTION,
        "$regexMatch invalid flag in regex options: z");
    assertThatThrownBy(() -> eval("{$regexMatch: {input: 'a', regex: '(a'}}"))
        .isInstanceOf(MongoLakeException.class)
        .hasMessageStartingWith("Invalid Regex in $regexMatch: ")
        .extracting(e -> ((MongoLakeException) e).errorCode())
        .isEqualTo(ErrorCode.LOCATION_51111);
  }

  @Test
  void aRegexFromTheDocumentIsCheckedForEachDocument() {
    String expression = "{$regexMatch: {input: '$s', regex: '$r', options: '$o'}}";
    assertThat(eval(expression, "{s: 'ABC', r: 'b', o: 'i'}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval(expression, "{s: 'ABC', r: {$regularExpression: {pattern: 'b', options: ''}}}"))
        .isEqualTo(BsonBoolean.FALSE);
    assertFails(
        expression,
        "{s: 'ABC', r: 1}",
        ErrorCode.LOCATION_51105,
        "$regexMatch needs 'regex' to be of type string or regex");
    assertFails(
        expression,
        "{s: 'ABC', r: 'b', o: 'q'}",
        ErrorCode.INVALID_REGEX_OPTION,
        "$regexMatch invalid flag in regex options: q");
  }

  @Test
  void aPatternThatBacktracksWithoutEndStopsWithMongoDbsMatchLimitError() {
    assertFails(
        "{$regexMatch: {input: '$s', regex: '^(?:(a+)\\\\1?)+$'}}",
        "{s: '" + "a".repeat(40) + "!'}",
        ErrorCode.LOCATION_51156,
        "Error occurred while executing the regular expression in $regexMatch. Result code: match"
            + " limit exceeded");
  }

  @Test
  void aConstantRegexIsCheckedWhenParsedEvenWithoutDocuments() {
    assertThatThrownBy(
            () ->
                ExpressionParser.parse(
                    value("{$regexMatch: {input: '$a', regex: '(', options: 'i'}}"),
                    VariableScope.root()))
        .isInstanceOf(MongoLakeException.class)
        .extracting(e -> ((MongoLakeException) e).errorCode())
        .isEqualTo(ErrorCode.LOCATION_51111);
  }
}
