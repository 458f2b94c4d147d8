package dev.mongolake.delta.query;

import static dev.mongolake.delta.query.Documents.matches;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ComparisonMatchingTest {
  @Test
  void literalEqualityMatchesScalar() {
    assertThat(matches("{qty: 20}", "{qty: 20}")).isTrue();
    assertThat(matches("{qty: 20}", "{qty: 21}")).isFalse();
  }

  @Test
  void numericEqualityHoldsAcrossNumberTypes() {
    assertThat(matches("{a: 1}", "{a: 1.0}")).isTrue();
    assertThat(matches("{a: {$numberLong: '1'}}", "{a: {$numberDecimal: '1.000'}}")).isTrue();
    assertThat(matches("{a: {$eq: 2.5}}", "{a: {$numberDecimal: '2.5'}}")).isTrue();
    assertThat(matches("{a: 9007199254740993}", "{a: 9007199254740992.0}")).isFalse();
  }

  @Test
  void equalityMatchesAnArrayElementOrTheWholeArray() {
    assertThat(matches("{tags: 'red'}", "{tags: ['blank', 'red']}")).isTrue();
    assertThat(matches("{tags: ['blank', 'red']}", "{tags: ['blank', 'red']}")).isTrue();
    assertThat(matches("{tags: ['red', 'blank']}", "{tags: ['blank', 'red']}")).isFalse();
    assertThat(matches("{tags: ['red']}", "{tags: [['red'], 'x']}")).isTrue();
    assertThat(matches("{tags: 'red'}", "{tags: [['red']]}")).isFalse();
  }

  @Test
  void embeddedDocumentEqualityIsExactAndOrdered() {
    assertThat(matches("{size: {h: 14, w: 21}}", "{size: {h: 14, w: 21}}")).isTrue();
    assertThat(matches("{size: {w: 21, h: 14}}", "{size: {h: 14, w: 21}}")).isFalse();
    assertThat(matches("{size: {h: 14}}", "{size: {h: 14, w: 21}}")).isFalse();
  }

  @Test
  void nullMatchesNullAndMissingButNotOtherValues() {
    assertThat(matches("{item: null}", "{item: null}")).isTrue();
    assertThat(matches("{item: null}", "{}")).isTrue();
    assertThat(matches("{item: null}", "{item: 0}")).isFalse();
    assertThat(matches("{item: null}", "{item: [1, null]}")).isTrue();
    assertThat(matches("{item: null}", "{item: []}")).isFalse();
    assertThat(matches("{item: null}", "{item: {$undefined: true}}")).isFalse();
  }

  @Test
  void neMatchesMissingAndExcludesArraysContainingTheValue() {
    assertThat(matches("{a: {$ne: 1}}", "{}")).isTrue();
    assertThat(matches("{a: {$ne: 1}}", "{a: [1, 2]}")).isFalse();
    assertThat(matches("{a: {$ne: 1}}", "{a: [2, 3]}")).isTrue();
    assertThat(matches("{a: {$ne: null}}", "{a: 0}")).isTrue();
    assertThat(matches("{a: {$ne: null}}", "{}")).isFalse();
  }

  @Test
  void gtMatchesOnlyWithinTheSameTypeBracket() {
    assertThat(matches("{a: {$gt: 5}}", "{a: 6}")).isTrue();
    assertThat(matches("{a: {$gt: 5}}", "{a: 'z'}")).isFalse();
    assertThat(matches("{a: {$gt: 5}}", "{a: {$date: '2020-01-01T00:00:00Z'}}")).isFalse();
    assertThat(matches("{a: {$lt: 'b'}}", "{a: 1}")).isFalse();
    assertThat(matches("{a: {$lt: 'b'}}", "{a: 'a'}")).isTrue();
  }

  @Test
  void rangeOperatorsAcceptAnyArrayElement() {
    assertThat(matches("{a: {$gt: 15, $lt: 20}}", "{a: [25, 5]}")).isTrue();
    assertThat(matches("{a: {$gte: 10}}", "{a: [1, 10]}")).isTrue();
    assertThat(matches("{a: {$lte: 0}}", "{a: [1, 10]}")).isFalse();
  }

  @Test
  void rangeOperatorsCompareArrayOperandsWithWholeArrays() {
    assertThat(matches("{a: {$gt: [1, 2]}}", "{a: [1, 3]}")).isTrue();
    assertThat(matches("{a: {$gt: [1, 2]}}", "{a: [1, 1]}")).isFalse();
    assertThat(matches("{a: {$lt: [5]}}", "{a: [[1], 9]}")).isTrue();
  }

  @Test
  void gteAndLteNullMatchMissingButGtNullMatchesNothing() {
    assertThat(matches("{a: {$gte: null}}", "{}")).isTrue();
    assertThat(matches("{a: {$lte: null}}", "{a: null}")).isTrue();
    assertThat(matches("{a: {$gt: null}}", "{a: 1}")).isFalse();
    assertThat(matches("{a: {$lt: null}}", "{}")).isFalse();
  }

  @Test
  void minKeyAndMaxKeyOperandsCrossTypeBrackets() {
    assertThat(matches("{a: {$gt: {$minKey: 1}}}", "{a: 'x'}")).isTrue();
    assertThat(matches("{a: {$lt: {$maxKey: 1}}}", "{a: {b: 1}}")).isTrue();
    assertThat(matches("{a: {$lt: {$minKey: 1}}}", "{a: 1}")).isFalse();
  }

  @Test
  void nanEqualsNanButNeverCompares() {
    assertThat(matches("{a: NaN}", "{a: NaN}")).isTrue();
    assertThat(matches("{a: {$gte: NaN}}", "{a: NaN}")).isTrue();
    assertThat(matches("{a: {$gt: NaN}}", "{a: 1}")).isFalse();
    assertThat(matches("{a: {$lt: 5}}", "{a: NaN}")).isFalse();
    assertThat(matches("{a: {$gt: -Infinity}}", "{a: NaN}")).isFalse();
  }

  @Test
  void stringComparisonIsBinary() {
    assertThat(matches("{a: {$gt: 'Z'}}", "{a: 'a'}")).isTrue();
    assertThat(matches("{a: 'abc'}", "{a: 'ABC'}")).isFalse();
  }

  @Test
  void inMatchesAnyListedValueIncludingArrayElements() {
    assertThat(matches("{qty: {$in: [5, 15]}}", "{qty: 15.0}")).isTrue();
    assertThat(matches("{qty: {$in: [5, 15]}}", "{qty: 6}")).isFalse();
    assertThat(matches("{tags: {$in: ['a', 'b']}}", "{tags: ['c', 'b']}")).isTrue();
    assertThat(matches("{tags: {$in: [['c', 'b']]}}", "{tags: ['c', 'b']}")).isTrue();
  }

  @Test
  void inWithNullMatchesMissingFields() {
    assertThat(matches("{a: {$in: [null, 1]}}", "{}")).isTrue();
    assertThat(matches("{a: {$in: [1]}}", "{}")).isFalse();
  }

  @Test
  void inWithRegexMatchesStrings() {
    assertThat(matches("{tags: {$in: [/^be/, /^st/]}}", "{tags: ['school', 'bed']}")).isTrue();
    assertThat(matches("{tags: {$in: [/^be/]}}", "{tags: ['school']}")).isFalse();
    assertThat(matches("{tags: {$in: [/^be/]}}", "{tags: {$regex: '^be', $options: ''}}")).isTrue();
  }

  @Test
  void ninIsTheNegationOfIn() {
    assertThat(matches("{qty: {$nin: [5, 15]}}", "{}")).isTrue();
    assertThat(matches("{qty: {$nin: [5, 15]}}", "{qty: [1, 5]}")).isFalse();
    assertThat(matches("{qty: {$nin: [5, 15]}}", "{qty: 6}")).isTrue();
    assertThat(matches("{qty: {$nin: [null]}}", "{}")).isFalse();
  }

  @Test
  void eqWithRegexOperandComparesRegexValues() {
    assertThat(matches("{a: {$eq: /x/}}", "{a: 'x'}")).isFalse();
    assertThat(matches("{a: {$eq: /x/}}", "{a: {$regularExpression: {pattern: 'x', options: ''}}}"))
        .isTrue();
  }

  @Test
  void operatorLikeDocumentUnderEqIsALiteral() {
    assertThat(matches("{a: {$eq: {$gt: 1}}}", "{a: {$gt: 1}}")).isTrue();
    assertThat(matches("{a: {$eq: {$gt: 1}}}", "{a: 5}")).isFalse();
  }
}
