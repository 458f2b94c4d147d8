package dev.mongolake.delta.query;

import static dev.mongolake.delta.query.Documents.matches;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FieldPathMatchingTest {
  @Test
  void dottedPathReachesEmbeddedFields() {
    assertThat(matches("{'size.uom': 'in'}", "{size: {h: 14, uom: 'in'}}")).isTrue();
    assertThat(matches("{'size.uom': 'in'}", "{size: {h: 14, uom: 'cm'}}")).isFalse();
  }

  @Test
  void dottedPathTraversesArraysOfDocuments() {
    String doc = "{instock: [{warehouse: 'A', qty: 5}, {warehouse: 'C', qty: 15}]}";
    assertThat(matches("{'instock.qty': 15}", doc)).isTrue();
    assertThat(matches("{'instock.qty': {$lte: 5}}", doc)).isTrue();
    assertThat(matches("{'instock.qty': 20}", doc)).isFalse();
  }

  @Test
  void numericComponentSelectsArrayPosition() {
    String doc = "{instock: [{warehouse: 'A', qty: 5}, {warehouse: 'C', qty: 15}]}";
    assertThat(matches("{'instock.0.qty': 5}", doc)).isTrue();
    assertThat(matches("{'instock.0.qty': 15}", doc)).isFalse();
    assertThat(matches("{'instock.1.qty': 15}", doc)).isTrue();
    assertThat(matches("{'a.1': 'y'}", "{a: ['x', 'y']}")).isTrue();
  }

  @Test
  void numericComponentAlsoMatchesFieldsNamedLikeIt() {
    assertThat(matches("{'a.0': 5}", "{a: {'0': 5}}")).isTrue();
    assertThat(matches("{'a.0': 5}", "{a: [{'0': 5}]}")).isTrue();
  }

  @Test
  void outOfRangePositionIsMissing() {
    assertThat(matches("{'a.5': null}", "{a: [1, 2]}")).isTrue();
    assertThat(matches("{'a.5': {$exists: true}}", "{a: [1, 2]}")).isFalse();
  }

  @Test
  void nullMatchesWhenSomeArrayElementLacksTheField() {
    assertThat(matches("{'a.b': null}", "{a: [{b: 1}, {c: 2}]}")).isTrue();
    assertThat(matches("{'a.b': null}", "{a: [{b: 1}, {b: 2}]}")).isFalse();
    assertThat(matches("{'a.b': null}", "{a: 5}")).isTrue();
  }

  @Test
  void scalarArrayElementsAreSkippedByDottedPaths() {
    assertThat(matches("{'a.b': null}", "{a: [1, 2]}")).isFalse();
    assertThat(matches("{'a.b': {$exists: false}}", "{a: [1, 2]}")).isTrue();
  }

  @Test
  void nestedArraysAreNotTraversedImplicitly() {
    assertThat(matches("{'a.b': 1}", "{a: [[{b: 1}]]}")).isFalse();
    assertThat(matches("{'a.0.b': 1}", "{a: [[{b: 1}]]}")).isFalse();
    assertThat(matches("{'a.0.0.b': 1}", "{a: [[{b: 1}]]}")).isTrue();
  }

  @Test
  void leafArraysReachedThroughArraysAreExpanded() {
    assertThat(matches("{'a.b': 3}", "{a: [{b: [1, 2]}, {b: [3]}]}")).isTrue();
  }

  @Test
  void topLevelFieldsAreAndedImplicitly() {
    assertThat(matches("{status: 'A', qty: {$lt: 30}}", "{status: 'A', qty: 20}")).isTrue();
    assertThat(matches("{status: 'A', qty: {$lt: 30}}", "{status: 'A', qty: 40}")).isFalse();
  }

  @Test
  void emptyFilterMatchesEverything() {
    assertThat(matches("{}", "{a: 1}")).isTrue();
    assertThat(matches("{}", "{}")).isTrue();
  }

  @Test
  void fieldValueDocumentsWithoutLeadingDollarAreLiterals() {
    assertThat(matches("{a: {b: 1, $c: 2}}", "{a: {b: 1, $c: 2}}")).isTrue();
  }

  @Test
  void dbRefDocumentIsMatchedLiterally() {
    String ref = "{r: {$ref: 'c', $id: 1}}";
    assertThat(matches(ref, ref)).isTrue();
    assertThat(matches("{r: {$elemMatch: {$ref: 'c', $id: 1}}}", "{r: [{$ref: 'c', $id: 1}]}"))
        .isTrue();
  }
}
