package dev.mongolake.delta.query;

import static dev.mongolake.delta.query.Documents.doc;
import static dev.mongolake.delta.query.Documents.matches;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.query.ast.ExprNode;
import org.bson.BsonBoolean;
import org.bson.BsonInt32;
import org.junit.jupiter.api.Test;

class EvaluationMatchingTest {
  @Test
  void modMatchesRemainder() {
    assertThat(matches("{qty: {$mod: [4, 0]}}", "{qty: 12}")).isTrue();
    assertThat(matches("{qty: {$mod: [4, 0]}}", "{qty: 13}")).isFalse();
    assertThat(matches("{qty: {$mod: [4, 0]}}", "{qty: 'x'}")).isFalse();
  }

  @Test
  void modTruncatesDoublesTowardZero() {
    assertThat(matches("{qty: {$mod: [4, 0]}}", "{qty: 4.9}")).isTrue();
    assertThat(matches("{qty: {$mod: [4.5, 0]}}", "{qty: 8}")).isTrue();
    assertThat(matches("{qty: {$mod: [4, -1]}}", "{qty: -5}")).isTrue();
    assertThat(matches("{qty: {$mod: [4, 0]}}", "{qty: NaN}")).isFalse();
  }

  @Test
  void modMatchesArrayElements() {
    assertThat(matches("{qty: {$mod: [5, 1]}}", "{qty: [3, 6]}")).isTrue();
  }

  @Test
  void regexMatchesStringsWithOptions() {
    assertThat(matches("{sku: {$regex: '^ABC', $options: 'i'}}", "{sku: 'abc123'}")).isTrue();
    assertThat(matches("{sku: {$regex: '^ABC'}}", "{sku: 'abc123'}")).isFalse();
    assertThat(matches("{sku: /789$/}", "{sku: 'xyz789'}")).isTrue();
    assertThat(matches("{sku: {$regex: /^abc/i}}", "{sku: 'ABC'}")).isTrue();
    assertThat(matches("{sku: {$regex: 'b'}}", "{sku: 12}")).isFalse();
  }

  @Test
  void regexMultilineAnchorsMatchEachLine() {
    String doc = "{d: 'First line\\nSecond line'}";
    assertThat(matches("{d: {$regex: '^S'}}", doc)).isFalse();
    assertThat(matches("{d: {$regex: '^S', $options: 'm'}}", doc)).isTrue();
  }

  @Test
  void regexDotAllAndExtendedOptions() {
    String doc = "{d: 'a\\nb'}";
    assertThat(matches("{d: {$regex: 'a.b'}}", doc)).isFalse();
    assertThat(matches("{d: {$regex: 'a.b', $options: 's'}}", doc)).isTrue();
    assertThat(matches("{d: {$regex: 'a # letter a\\n b', $options: 'xs'}}", "{d: 'ab'}")).isTrue();
  }

  @Test
  void regexMatchesArrayElementsAndSymbols() {
    assertThat(matches("{t: /^b/}", "{t: ['a', 'bc']}")).isTrue();
    assertThat(matches("{t: /^b/}", "{t: {$symbol: 'bc'}}")).isTrue();
  }

  @Test
  void exprIsParsedAndKept() {
    Filter filter = Filter.parse(doc("{$expr: {$gt: ['$spent', '$budget']}}"));
    assertThat(filter.root()).isEqualTo(new ExprNode(doc("{$gt: ['$spent', '$budget']}")));
  }

  @Test
  void exprWithoutEvaluatorFailsWithNotImplemented() {
    Filter filter = Filter.parse(doc("{$expr: {$gt: ['$spent', '$budget']}}"));
    assertThatThrownBy(() -> filter.matches(doc("{spent: 2, budget: 1}")))
        .isInstanceOfSatisfying(
            QueryException.class,
            e -> {
              assertThat(e.code()).isEqualTo(238);
              assertThat(e.codeName()).isEqualTo("NotImplemented");
              assertThat(e.getMessage()).startsWith("$expr is not supported yet");
            });
  }

  @Test
  void exprUsesTheInstalledEvaluatorAndItsTruthiness() {
    Filter filter =
        Filter.parse(doc("{$expr: '$flag'}"))
            .withExpressionEvaluator((expression, document) -> document.get("flag"));
    assertThat(filter.matches(doc("{flag: true}"))).isTrue();
    assertThat(filter.matches(doc("{flag: 0}"))).isFalse();
    assertThat(filter.matches(doc("{flag: null}"))).isFalse();
    assertThat(filter.matches(doc("{flag: 'no'}"))).isTrue();
  }

  @Test
  void exprTruthinessFollowsAggregationRules() {
    assertThat(ExprNode.isTruthy(BsonBoolean.FALSE)).isFalse();
    assertThat(ExprNode.isTruthy(new BsonInt32(0))).isFalse();
    assertThat(ExprNode.isTruthy(new BsonInt32(2))).isTrue();
    assertThat(ExprNode.isTruthy(doc("{}"))).isTrue();
  }
}
