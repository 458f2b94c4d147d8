package dev.mongolake.delta.query;

import static dev.mongolake.delta.query.Documents.matches;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ElementMatchingTest {
  @Test
  void existsTrueMatchesNullButNotMissing() {
    assertThat(matches("{a: {$exists: true}}", "{a: null}")).isTrue();
    assertThat(matches("{a: {$exists: true}}", "{b: 1}")).isFalse();
    assertThat(matches("{a: {$exists: 1}}", "{a: 0}")).isTrue();
  }

  @Test
  void existsFalseMatchesOnlyMissing() {
    assertThat(matches("{a: {$exists: false}}", "{b: 1}")).isTrue();
    assertThat(matches("{a: {$exists: false}}", "{a: null}")).isFalse();
    assertThat(matches("{a: {$exists: 0}}", "{b: 1}")).isTrue();
  }

  @Test
  void nullEqualityDiffersFromExistsFalse() {
    assertThat(matches("{a: null}", "{a: null}")).isTrue();
    assertThat(matches("{a: {$exists: false}}", "{a: null}")).isFalse();
  }

  @Test
  void existsThroughArraysOfDocuments() {
    assertThat(matches("{'a.b': {$exists: true}}", "{a: [{c: 1}, {b: 2}]}")).isTrue();
    assertThat(matches("{'a.b': {$exists: true}}", "{a: [{c: 1}]}")).isFalse();
  }

  @Test
  void typeMatchesByNameAndNumber() {
    assertThat(matches("{a: {$type: 'string'}}", "{a: 'x'}")).isTrue();
    assertThat(matches("{a: {$type: 2}}", "{a: 'x'}")).isTrue();
    assertThat(matches("{a: {$type: 'double'}}", "{a: 1}")).isFalse();
    assertThat(matches("{a: {$type: 'int'}}", "{a: 1}")).isTrue();
    assertThat(matches("{a: {$type: 'long'}}", "{a: {$numberLong: '1'}}")).isTrue();
    assertThat(matches("{a: {$type: 'decimal'}}", "{a: {$numberDecimal: '1'}}")).isTrue();
    assertThat(matches("{a: {$type: 2.0}}", "{a: 'x'}")).isTrue();
  }

  @Test
  void typeNumberAliasMatchesEveryNumericType() {
    assertThat(matches("{a: {$type: 'number'}}", "{a: 1.5}")).isTrue();
    assertThat(matches("{a: {$type: 'number'}}", "{a: {$numberDecimal: '1'}}")).isTrue();
    assertThat(matches("{a: {$type: 'number'}}", "{a: '1'}")).isFalse();
  }

  @Test
  void typeMatchesArrayElementsAndArraysThemselves() {
    assertThat(matches("{a: {$type: 'string'}}", "{a: [1, 'x']}")).isTrue();
    assertThat(matches("{a: {$type: 'array'}}", "{a: [1]}")).isTrue();
    assertThat(matches("{a: {$type: 'array'}}", "{a: []}")).isTrue();
    assertThat(matches("{a: {$type: 'array'}}", "{a: 1}")).isFalse();
  }

  @Test
  void typeWithListMatchesAnyListedType() {
    assertThat(matches("{a: {$type: ['string', 'null']}}", "{a: null}")).isTrue();
    assertThat(matches("{a: {$type: ['string', 10]}}", "{a: true}")).isFalse();
  }

  @Test
  void typeNullDoesNotMatchMissing() {
    assertThat(matches("{a: {$type: 'null'}}", "{}")).isFalse();
    assertThat(matches("{a: {$type: 10}}", "{a: null}")).isTrue();
  }

  @Test
  void typeMinKeyAndMaxKeyUseTheirNumbers() {
    assertThat(matches("{a: {$type: -1}}", "{a: {$minKey: 1}}")).isTrue();
    assertThat(matches("{a: {$type: 127}}", "{a: {$maxKey: 1}}")).isTrue();
    assertThat(matches("{a: {$type: 'objectId'}}", "{a: {$oid: '507f1f77bcf86cd799439011'}}"))
        .isTrue();
  }
}
