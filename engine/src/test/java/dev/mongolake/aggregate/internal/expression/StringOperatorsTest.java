package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.assertFails;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.eval;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

class StringOperatorsTest {

  @Test
  void concatJoinsStringsAndIsNullForNullOrMissing() {
    assertThat(
            eval("{$concat: ['$item', ' - ', '$description']}", "{item: 'abc', description: 'x'}"))
        .isEqualTo(new BsonString("abc - x"));
    assertThat(eval("{$concat: []}")).isEqualTo(new BsonString(""));
    assertThat(eval("{$concat: ['a', '$nope']}")).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$concat: ['a', null, 1]}")).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$concat: ['$nope', {$toUpper: '$doc'}]}", "{doc: {a: 1}}"))
        .isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$concat: ['a', 1]}", ErrorCode.LOCATION_16702, "$concat only supports strings, not int");
  }

  @Test
  void toUpperAndToLowerChangeAsciiLettersOnly() {
    assertThat(eval("{$toUpper: 'abc é ß'}")).isEqualTo(new BsonString("ABC é ß"));
    assertThat(eval("{$toLower: 'ABC É'}")).isEqualTo(new BsonString("abc É"));
    assertThat(eval("{$toUpper: '$nope'}")).isEqualTo(new BsonString(""));
    assertThat(eval("{$toLower: null}")).isEqualTo(new BsonString(""));
    assertThat(eval("{$toUpper: 12}")).isEqualTo(new BsonString("12"));
    assertThat(eval("{$toUpper: 2.5}")).isEqualTo(new BsonString("2.5"));
    assertThat(eval("{$toLower: 1234567.0}")).isEqualTo(new BsonString("1.23457e+06"));
    assertThat(eval("{$toUpper: 0.0001}")).isEqualTo(new BsonString("0.0001"));
    assertThat(eval("{$toLower: 0.00001}")).isEqualTo(new BsonString("1e-05"));
    assertThat(eval("{$toUpper: {$literal: {$date: '2020-01-02T03:04:05.006Z'}}}"))
        .isEqualTo(new BsonString("2020-01-02T03:04:05.006Z"));
    assertFails(
        "{$toUpper: true}",
        ErrorCode.LOCATION_16007,
        "can't convert from BSON type bool to String");
    assertFails(
        "{$toUpper: ['a', 'b']}",
        ErrorCode.LOCATION_16020,
        "Expression $toUpper takes exactly 1 arguments. 2 were passed in.");
  }

  @Test
  void strcasecmpComparesIgnoringAsciiCase() {
    assertThat(eval("{$strcasecmp: ['ABC', 'abc']}")).isEqualTo(new BsonInt32(0));
    assertThat(eval("{$strcasecmp: ['abc', 'abd']}")).isEqualTo(new BsonInt32(-1));
    assertThat(eval("{$strcasecmp: ['b', 'A']}")).isEqualTo(new BsonInt32(1));
    assertThat(eval("{$strcasecmp: ['é', 'É']}")).isEqualTo(new BsonInt32(1));
    assertThat(eval("{$strcasecmp: [null, '']}")).isEqualTo(new BsonInt32(0));
  }

  @Test
  void substrBytesCountsBytesAndRefusesToCutACharacter() {
    assertThat(eval("{$substrBytes: ['cafétéria', 0, 5]}")).isEqualTo(new BsonString("café"));
    assertThat(eval("{$substrBytes: ['cafétéria', 5, 4]}")).isEqualTo(new BsonString("tér"));
    assertThat(eval("{$substr: ['abcdef', 2, -1]}")).isEqualTo(new BsonString("cdef"));
    assertThat(eval("{$substr: ['abc', 10, 2]}")).isEqualTo(new BsonString(""));
    assertThat(eval("{$substr: ['abc', 1.9, 1]}")).isEqualTo(new BsonString("b"));
    assertThat(eval("{$substrBytes: ['$nope', 0, 1]}")).isEqualTo(new BsonString(""));
    assertFails(
        "{$substrBytes: ['cafétéria', 7, 3]}",
        ErrorCode.LOCATION_28656,
        "$substrBytes:  Invalid range, starting index is a UTF-8 continuation byte.");
    assertFails(
        "{$substrBytes: ['cafétéria', 3, 1]}",
        ErrorCode.LOCATION_28657,
        "$substrBytes:  Invalid range, ending index is in the middle of a UTF-8 character.");
    assertFails(
        "{$substr: ['abc', 'x', 1]}",
        ErrorCode.LOCATION_16034,
        "$substrBytes:  starting index must be a numeric type (is BSON type string)");
    assertFails(
        "{$substr: ['abc', 0, null]}",
        ErrorCode.LOCATION_16035,
        "$substrBytes:  length must be a numeric type (is BSON type null)");
    assertFails(
        "{$substr: ['abc', 1]}",
        ErrorCode.LOCATION_16020,
        "Expression $substrBytes takes exactly 3 arguments. 2 were passed in.");
    assertFails(
        "{$substrBytes: ['abc', -1, 1]}",
        ErrorCode.LOCATION_50752,
        "$substrBytes:  starting index must be non-negative (got: -1)");
  }

  @Test
  void substrCPCountsCodePointsNotBytes() {
    assertThat(eval("{$substrCP: ['cafétéria', 0, 5]}")).isEqualTo(new BsonString("cafét"));
    assertThat(eval("{$substrCP: ['cafétéria', 5, 4]}")).isEqualTo(new BsonString("éria"));
    assertThat(eval("{$substrCP: ['a😀b', 1, 1]}")).isEqualTo(new BsonString("😀"));
    assertThat(eval("{$substrCP: ['abc', 5, 1]}")).isEqualTo(new BsonString(""));
    assertThat(eval("{$substrCP: ['abc', 1, 100]}")).isEqualTo(new BsonString("bc"));
    assertFails(
        "{$substrCP: ['abc', 'abc', 3]}",
        ErrorCode.LOCATION_34450,
        "$substrCP: starting index must be a numeric type (is BSON type string)");
    assertFails(
        "{$substrCP: ['abc', 1.5, 3]}",
        ErrorCode.LOCATION_34451,
        "$substrCP: starting index cannot be represented as a 32-bit integral value: 1.5");
    assertFails(
        "{$substrCP: ['abc', 0, 'x']}",
        ErrorCode.LOCATION_34452,
        "$substrCP: length must be a numeric type (is BSON type string)");
    assertFails(
        "{$substrCP: ['abc', 0, -1]}",
        ErrorCode.LOCATION_34454,
        "$substrCP: length must be a nonnegative integer.");
    assertFails(
        "{$substrCP: ['abc', -1, 1]}",
        ErrorCode.LOCATION_34455,
        "$substrCP: the starting index must be nonnegative integer.");
    assertFails(
        "{$substrCP: 'abc'}",
        ErrorCode.LOCATION_16020,
        "Expression $substrCP takes exactly 3 arguments. 1 were passed in.");
  }

  @Test
  void strLenBytesAndStrLenCPAnswerInt32AndNeedStrings() {
    assertThat(eval("{$strLenBytes: 'cafétéria'}")).isEqualTo(new BsonInt32(11));
    assertThat(eval("{$strLenCP: 'cafétéria'}")).isEqualTo(new BsonInt32(9));
    assertThat(eval("{$strLenBytes: '寿司'}")).isEqualTo(new BsonInt32(6));
    assertThat(eval("{$strLenCP: 'a😀'}")).isEqualTo(new BsonInt32(2));
    assertFails(
        "{$strLenBytes: '$nope'}",
        ErrorCode.LOCATION_34473,
        "$strLenBytes requires a string argument, found: missing");
    assertFails(
        "{$strLenCP: null}",
        ErrorCode.LOCATION_34471,
        "$strLenCP requires a string argument, found: null");
  }

  @Test
  void indexOfBytesFindsByteOffsetsWithinStartAndEnd() {
    assertThat(eval("{$indexOfBytes: ['cafétéria', 'é']}")).isEqualTo(new BsonInt32(3));
    assertThat(eval("{$indexOfBytes: ['cafétéria', 't']}")).isEqualTo(new BsonInt32(5));
    assertThat(eval("{$indexOfBytes: ['abcabc', 'b', 2]}")).isEqualTo(new BsonInt32(4));
    assertThat(eval("{$indexOfBytes: ['abcabc', 'bc', 0, 2]}")).isEqualTo(new BsonInt32(-1));
    assertThat(eval("{$indexOfBytes: ['abc', '', 3]}")).isEqualTo(new BsonInt32(3));
    assertThat(eval("{$indexOfBytes: ['abc', 'a', 5]}")).isEqualTo(new BsonInt32(-1));
    assertThat(eval("{$indexOfBytes: [null, 'a']}")).isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$indexOfBytes: [1, 'a']}",
        ErrorCode.LOCATION_40091,
        "$indexOfBytes requires a string as the first argument, found: int");
    assertFails(
        "{$indexOfBytes: ['a', null]}",
        ErrorCode.LOCATION_40092,
        "$indexOfBytes requires a string as the second argument, found: null");
    assertFails(
        "{$indexOfBytes: ['a', 'a', 'x']}",
        ErrorCode.LOCATION_40096,
        "$indexOfBytesrequires an integral starting index, found a value of type: string, with"
            + " value: \"x\"");
    assertFails(
        "{$indexOfBytes: ['a', 'a', 0, -2]}",
        ErrorCode.LOCATION_40097,
        "$indexOfBytes requires a nonnegative ending index, found: -2");
  }

  @Test
  void indexOfCPCountsCodePointsAndMayMatchPastTheEnd() {
    assertThat(eval("{$indexOfCP: ['cafétéria', 'é']}")).isEqualTo(new BsonInt32(3));
    assertThat(eval("{$indexOfCP: ['cafétéria', 't']}")).isEqualTo(new BsonInt32(4));
    assertThat(eval("{$indexOfCP: ['abcd', 'cd', 0, 3]}")).isEqualTo(new BsonInt32(2));
    assertThat(eval("{$indexOfCP: ['', '']}")).isEqualTo(new BsonInt32(0));
    assertThat(eval("{$indexOfCP: ['abc', '', 3]}")).isEqualTo(new BsonInt32(-1));
    assertThat(eval("{$indexOfCP: ['abc', 'b', 2, 1]}")).isEqualTo(new BsonInt32(-1));
    assertFails(
        "{$indexOfCP: ['a', 1]}",
        ErrorCode.LOCATION_40094,
        "$indexOfCP requires a string as the second argument, found: int");
    assertFails(
        "{$indexOfCP: ['a']}",
        ErrorCode.LOCATION_16021,
        "Expression $indexOfCP takes at least 2 arguments, and at most 4. 1 were passed in.");
  }

  @Test
  void splitCutsAtEverySeparator() {
    assertThat(eval("{$split: ['Hanover, NH', ', ']}")).isEqualTo(value("['Hanover', 'NH']"));
    assertThat(eval("{$split: ['a--b--', '--']}")).isEqualTo(value("['a', 'b', '']"));
    assertThat(eval("{$split: ['abc', 'x']}")).isEqualTo(value("['abc']"));
    assertThat(eval("{$split: ['$nope', 'x']}")).isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$split: [1, 'x']}",
        ErrorCode.LOCATION_40085,
        "$split requires an expression that evaluates to a string as a first argument, found: int");
    assertFails(
        "{$split: ['a', 1]}",
        ErrorCode.LOCATION_40086,
        "$split requires an expression that evaluates to a string as a second argument, found: int");
    assertFails(
        "{$split: ['a', '']}", ErrorCode.LOCATION_40087, "$split requires a non-empty separator");
  }

  @Test
  void trimRemovesMongoDbsWhitespaceOrTheGivenCodePoints() {
    assertThat(eval("{$trim: {input: ' \\u0000\\t ggg \\u00a0\\u2003\\n'}}"))
        .isEqualTo(new BsonString("ggg"));
    assertThat(eval("{$trim: {input: '\\u3000a\\u3000'}}"))
        .isEqualTo(new BsonString("\u3000a\u3000"));
    assertThat(eval("{$ltrim: {input: '  a  '}}")).isEqualTo(new BsonString("a  "));
    assertThat(eval("{$rtrim: {input: '  a  '}}")).isEqualTo(new BsonString("  a"));
    assertThat(eval("{$trim: {input: 'xxaxyx', chars: 'xy'}}")).isEqualTo(new BsonString("a"));
    assertThat(eval("{$trim: {input: '😀a😀', chars: '😀'}}")).isEqualTo(new BsonString("a"));
    assertThat(eval("{$trim: {input: null}}")).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$trim: {input: 'a', chars: '$nope'}}")).isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$trim: {input: 1}}",
        ErrorCode.LOCATION_50699,
        "$trim requires its input to be a string, got 1 (of type int) instead.");
    assertFails(
        "{$ltrim: {input: 'a', chars: [1]}}",
        ErrorCode.LOCATION_50700,
        "$ltrim requires 'chars' to be a string, got [1] (of type array) instead.");
    assertFails(
        "{$trim: 'a'}",
        ErrorCode.LOCATION_50696,
        "$trim only supports an object as an argument, found string");
    assertFails(
        "{$trim: {chars: 'a'}}", ErrorCode.LOCATION_50695, "$trim requires an 'input' field");
    assertFails(
        "{$rtrim: {input: 'a', x: 1}}",
        ErrorCode.LOCATION_50694,
        "$rtrim found an unknown argument: x");
  }

  @Test
  void replaceOneAndReplaceAllReplaceLiteralText() {
    assertThat(eval("{$replaceOne: {input: 'blue paint blue', find: 'blue', replacement: 'red'}}"))
        .isEqualTo(new BsonString("red paint blue"));
    assertThat(eval("{$replaceAll: {input: 'blue paint blue', find: 'blue', replacement: 'red'}}"))
        .isEqualTo(new BsonString("red paint red"));
    assertThat(eval("{$replaceAll: {input: 'aaa', find: 'aa', replacement: 'b'}}"))
        .isEqualTo(new BsonString("ba"));
    assertThat(eval("{$replaceOne: {input: 'abc', find: '', replacement: 'x'}}"))
        .isEqualTo(new BsonString("xabc"));
    assertThat(eval("{$replaceAll: {input: 'ab', find: '', replacement: '-'}}"))
        .isEqualTo(new BsonString("-a-b-"));
    assertThat(eval("{$replaceOne: {input: 'abc', find: 'z', replacement: 'x'}}"))
        .isEqualTo(new BsonString("abc"));
    assertThat(eval("{$replaceAll: {input: null, find: 'a', replacement: 'b'}}"))
        .isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$replaceAll: {input: null, find: 1, replacement: 'b'}}",
        ErrorCode.LOCATION_51745,
        "$replaceAll requires that 'find' be a string, found: 1");
    assertFails(
        "{$replaceOne: {input: {a: 'x'}, find: 'a', replacement: 'b'}}",
        ErrorCode.LOCATION_51746,
        "$replaceOne requires that 'input' be a string, found: {a: \"x\"}");
    assertFails(
        "{$replaceOne: {input: 'a', find: 'a'}}",
        ErrorCode.LOCATION_51747,
        "$replaceOne requires 'replacement' to be specified");
    assertFails(
        "{$replaceAll: ['a']}",
        ErrorCode.LOCATION_51751,
        "$replaceAll requires an object as an argument, found: array");
  }
}
