package dev.mongolake.aggregate.collation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.order.Collation;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.internal.read.QueryErrors;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * MongoDB's manual: a query's collation governs its {@code $expr} as it governs the rest of the
 * filter; the filter parsed without one keeps binary comparison.
 */
class ExprInFiltersUnderACollationTest {

  private static final BsonDocument DOCUMENT = BsonDocument.parse("{_id: 1, s: 'abc', n: '10'}");

  private static boolean matches(String filter, Collation collation) {
    Filter parsed = QueryErrors.parseFilter(BsonDocument.parse(filter), collation);
    return QueryErrors.matches(parsed, DOCUMENT);
  }

  @Test
  void exprComparesByTheFiltersCollation() {
    Collation caseInsensitive = CollatedPipelines.collation(CollatedPipelines.CASE_INSENSITIVE);
    assertThat(matches("{$expr: {$eq: ['$s', 'ABC']}}", caseInsensitive)).isTrue();
    assertThat(matches("{$expr: {$in: ['$s', ['ABC']]}}", caseInsensitive)).isTrue();
    assertThat(matches("{$and: [{s: 'ABC'}, {$expr: {$eq: ['$s', 'ABC']}}]}", caseInsensitive))
        .isTrue();
  }

  @Test
  void exprWithoutACollationComparesBinary() {
    assertThat(matches("{$expr: {$eq: ['$s', 'ABC']}}", Collation.SIMPLE)).isFalse();
    Filter parsed = QueryErrors.parseFilter(BsonDocument.parse("{$expr: {$eq: ['$s', 'ABC']}}"));
    assertThat(QueryErrors.matches(parsed, DOCUMENT)).isFalse();
  }

  @Test
  void exprOrdersByNumericOrderingUnderThatCollation() {
    Collation numeric = CollatedPipelines.collation(CollatedPipelines.NUMERIC);
    assertThat(matches("{$expr: {$gt: ['$n', '9']}}", numeric)).isTrue();
    assertThat(matches("{$expr: {$gt: ['$n', '9']}}", Collation.SIMPLE)).isFalse();
  }
}
