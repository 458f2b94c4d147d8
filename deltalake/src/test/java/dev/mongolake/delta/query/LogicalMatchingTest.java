package dev.mongolake.delta.query;

import static dev.mongolake.delta.query.Documents.matches;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LogicalMatchingTest {
  @Test
  void andRequiresEveryClause() {
    assertThat(matches("{$and: [{a: 1}, {b: 2}]}", "{a: 1, b: 2}")).isTrue();
    assertThat(matches("{$and: [{a: 1}, {b: 2}]}", "{a: 1, b: 3}")).isFalse();
  }

  @Test
  void orRequiresOneClause() {
    String filter = "{$or: [{qty: {$lt: 20}}, {price: 10}]}";
    assertThat(matches(filter, "{qty: 30, price: 10}")).isTrue();
    assertThat(matches(filter, "{qty: 10}")).isTrue();
    assertThat(matches(filter, "{qty: 30, price: 11}")).isFalse();
  }

  @Test
  void norMatchesWhenNoClauseMatchesIncludingMissingFields() {
    String filter = "{$nor: [{price: 1.99}, {sale: true}]}";
    assertThat(matches(filter, "{price: 2.0, sale: false}")).isTrue();
    assertThat(matches(filter, "{}")).isTrue();
    assertThat(matches(filter, "{sale: true}")).isFalse();
  }

  @Test
  void notNegatesOperatorsAndMatchesMissingFields() {
    assertThat(matches("{price: {$not: {$gt: 1.99}}}", "{price: 1.5}")).isTrue();
    assertThat(matches("{price: {$not: {$gt: 1.99}}}", "{}")).isTrue();
    assertThat(matches("{price: {$not: {$gt: 1.99}}}", "{price: 3}")).isFalse();
    assertThat(matches("{price: {$not: {$gt: 1.99}}}", "{price: 'x'}")).isTrue();
  }

  @Test
  void notAcceptsRegexLiteralsAndRegexOperators() {
    assertThat(matches("{item: {$not: /^p.*/}}", "{item: 'pen'}")).isFalse();
    assertThat(matches("{item: {$not: /^p.*/}}", "{item: 'ink'}")).isTrue();
    assertThat(matches("{item: {$not: {$regex: '^P', $options: 'i'}}}", "{item: 'pen'}")).isFalse();
  }

  @Test
  void notOverSeveralOperatorsNegatesTheirConjunction() {
    String filter = "{a: {$not: {$gte: 1, $lte: 3}}}";
    assertThat(matches(filter, "{a: 2}")).isFalse();
    assertThat(matches(filter, "{a: 5}")).isTrue();
  }

  @Test
  void commentIsIgnored() {
    assertThat(matches("{a: 1, $comment: 'find ones'}", "{a: 1}")).isTrue();
    assertThat(matches("{$comment: 'only a comment'}", "{a: 1}")).isTrue();
  }

  @Test
  void alwaysTrueAndAlwaysFalseAreConstants() {
    assertThat(matches("{$alwaysTrue: 1}", "{}")).isTrue();
    assertThat(matches("{$alwaysFalse: 1}", "{}")).isFalse();
  }

  @Test
  void nestedLogicalOperatorsCombine() {
    String filter = "{$and: [{$or: [{a: 1}, {a: 2}]}, {$nor: [{b: 1}]}]}";
    assertThat(matches(filter, "{a: 2, b: 2}")).isTrue();
    assertThat(matches(filter, "{a: 2, b: 1}")).isFalse();
  }
}
