package dev.mongolake.delta.query;

import static dev.mongolake.delta.query.Documents.matches;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ArrayMatchingTest {
  @Test
  void allRequiresEveryValue() {
    assertThat(matches("{tags: {$all: ['ssl', 'security']}}", "{tags: ['security', 'ssl', 'x']}"))
        .isTrue();
    assertThat(matches("{tags: {$all: ['ssl', 'security']}}", "{tags: ['ssl']}")).isFalse();
  }

  @Test
  void allWithOneValueMatchesAScalar() {
    assertThat(matches("{tags: {$all: ['ssl']}}", "{tags: 'ssl'}")).isTrue();
  }

  @Test
  void allWithNestedArrayMatchesArrayElementsOrTheArray() {
    assertThat(matches("{tags: {$all: [['ssl', 'security']]}}", "{tags: [['ssl', 'security']]}"))
        .isTrue();
    assertThat(matches("{tags: {$all: [['ssl', 'security']]}}", "{tags: ['ssl', 'security']}"))
        .isTrue();
  }

  @Test
  void emptyAllMatchesNothing() {
    assertThat(matches("{tags: {$all: []}}", "{tags: []}")).isFalse();
  }

  @Test
  void allWithRegexMatchesPatterns() {
    assertThat(matches("{tags: {$all: [/^s/, 'x']}}", "{tags: ['ssl', 'x']}")).isTrue();
  }

  @Test
  void allWithElemMatchRequiresEachElemMatch() {
    String filter =
        "{qty: {$all: [{$elemMatch: {size: 'M', num: {$gt: 50}}},"
            + " {$elemMatch: {num: 100, color: 'green'}}]}}";
    assertThat(
            matches(
                filter,
                "{qty: [{size: 'S', num: 10, color: 'blue'},"
                    + " {size: 'M', num: 100, color: 'blue'},"
                    + " {size: 'L', num: 100, color: 'green'}]}"))
        .isTrue();
    assertThat(matches(filter, "{qty: [{size: 'M', num: 100, color: 'blue'}]}")).isFalse();
  }

  @Test
  void elemMatchValueFormNeedsOneElementSatisfyingAll() {
    String filter = "{results: {$elemMatch: {$gte: 80, $lt: 85}}}";
    assertThat(matches(filter, "{results: [82, 85, 88]}")).isTrue();
    assertThat(matches(filter, "{results: [75, 88, 89]}")).isFalse();
    assertThat(matches("{results: {$gte: 80, $lt: 85}}", "{results: [75, 88, 89]}")).isTrue();
  }

  @Test
  void elemMatchDocumentFormAppliesAQueryToElements() {
    String filter = "{results: {$elemMatch: {product: 'xyz', score: {$gte: 8}}}}";
    assertThat(
            matches(filter, "{results: [{product: 'abc', score: 10}, {product: 'xyz', score: 9}]}"))
        .isTrue();
    assertThat(
            matches(filter, "{results: [{product: 'abc', score: 10}, {product: 'xyz', score: 5}]}"))
        .isFalse();
  }

  @Test
  void elemMatchDocumentFormAcceptsLogicalOperators() {
    String filter = "{r: {$elemMatch: {$or: [{a: 1}, {b: 1}]}}}";
    assertThat(matches(filter, "{r: [{b: 1}]}")).isTrue();
    assertThat(matches(filter, "{r: [{c: 1}]}")).isFalse();
  }

  @Test
  void elemMatchOnlyMatchesArrays() {
    assertThat(matches("{a: {$elemMatch: {$gt: 1}}}", "{a: 5}")).isFalse();
    assertThat(matches("{a: {$elemMatch: {b: 1}}}", "{a: {b: 1}}")).isFalse();
  }

  @Test
  void elemMatchDoesNotExpandNestedArrays() {
    assertThat(matches("{a: {$elemMatch: {$gt: 1}}}", "{a: [[5]]}")).isFalse();
    assertThat(matches("{a: {$elemMatch: {$elemMatch: {$gt: 1}}}}", "{a: [[5]]}")).isTrue();
  }

  @Test
  void elemMatchThroughDottedPath() {
    assertThat(matches("{'a.b': {$elemMatch: {$eq: 2}}}", "{a: [{b: [1, 2]}]}")).isTrue();
  }

  @Test
  void sizeMatchesExactLength() {
    assertThat(matches("{a: {$size: 2}}", "{a: [1, 2]}")).isTrue();
    assertThat(matches("{a: {$size: 1}}", "{a: [1, 2]}")).isFalse();
    assertThat(matches("{a: {$size: 0}}", "{a: []}")).isTrue();
    assertThat(matches("{a: {$size: 1}}", "{a: 1}")).isFalse();
    assertThat(matches("{a: {$size: 2.0}}", "{a: [1, 2]}")).isTrue();
  }

  @Test
  void sizeDoesNotLookInsideElements() {
    assertThat(matches("{a: {$size: 2}}", "{a: [[1, 2]]}")).isFalse();
  }
}
