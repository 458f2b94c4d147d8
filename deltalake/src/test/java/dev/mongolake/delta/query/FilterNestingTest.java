package dev.mongolake.delta.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.bson.BsonNesting;
import dev.mongolake.delta.exceptions.QueryErrorCode;
import dev.mongolake.delta.exceptions.QueryException;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

/**
 * Filters are held to MongoDB's query tree depth, and to its BSON depth, without stack overflow.
 */
class FilterNestingTest {

  private static final BsonDocument MATCHING = new BsonDocument("x", new BsonInt32(1));

  @Test
  void andNestedToTheMaximumQueryDepthIsAcceptedAndMatches() {
    Filter filter = Filter.parse(nestedAnd(BsonNesting.MAX_QUERY_DEPTH));

    assertThat(filter.matches(MATCHING)).isTrue();
    assertThat(filter.matches(new BsonDocument("x", new BsonInt32(2)))).isFalse();
  }

  @Test
  void andNestedOnePastTheMaximumQueryDepthIsRefusedByTheBsonDepthFirst() {
    // Each $and nests an array and a document: 101 of them are 202 BSON levels, which MongoDB's
    // BSON validation refuses before its query parser sees them.
    assertThatThrownBy(() -> Filter.parse(nestedAnd(BsonNesting.MAX_QUERY_DEPTH + 1)))
        .isInstanceOfSatisfying(
            QueryException.class, e -> assertThat(e.errorCode()).isEqualTo(QueryErrorCode.OVERFLOW))
        .hasMessage("Cannot parse filter: BSONObj exceeds maximum nested object depth of 200");
  }

  @Test
  void orAndNorNestedToTheMaximumQueryDepthAreAccepted() {
    BsonDocument filter = MATCHING;
    for (int i = 0; i < BsonNesting.MAX_QUERY_DEPTH; i++) {
      filter = new BsonDocument(i % 2 == 0 ? "$or" : "$nor", new BsonArray(List.of(filter)));
    }

    // An even number of $nor around {x: 1}: the filter still means x is 1.
    assertThat(Filter.parse(filter).matches(MATCHING)).isTrue();
  }

  @Test
  void elemMatchCountsItsOperatorDocumentAndItsFilterAsMongoDbDoes() {
    // 50 $elemMatch put {x: ...} at depth 100, and its operator document at 101, as MongoDB allows.
    BsonDocument innermost = new BsonDocument("x", new BsonDocument("$gt", new BsonInt32(0)));
    Filter atLimit = Filter.parse(nestedElemMatch(BsonNesting.MAX_QUERY_DEPTH / 2, innermost));
    BsonDocument matching = MATCHING;
    for (int i = 0; i < BsonNesting.MAX_QUERY_DEPTH / 2; i++) {
      matching = new BsonDocument("a", new BsonArray(List.of(matching)));
    }
    assertThat(atLimit.matches(matching)).isTrue();

    assertThatThrownBy(
            () -> Filter.parse(nestedElemMatch(BsonNesting.MAX_QUERY_DEPTH / 2 + 1, MATCHING)))
        .isInstanceOfSatisfying(
            QueryException.class,
            e -> assertThat(e.errorCode()).isEqualTo(QueryErrorCode.BAD_VALUE))
        .hasMessage("exceeded maximum query tree depth of 100 at {\"x\": 1}");
  }

  @Test
  void aChainOfNotIsBoundedToo() {
    BsonDocument operators = new BsonDocument("$gt", new BsonInt32(1));
    for (int i = 0; i < BsonNesting.MAX_QUERY_DEPTH + 1; i++) {
      operators = new BsonDocument("$not", operators);
    }
    BsonDocument filter = new BsonDocument("x", operators);

    assertThatThrownBy(() -> Filter.parse(filter))
        .isInstanceOf(QueryException.class)
        .hasMessageStartingWith("exceeded maximum query tree depth of 100 at ");
  }

  @Test
  void aValueNestedPastTheBsonLimitIsOverflowWithoutOverflowingTheStack() {
    BsonValue deep = new BsonDocument();
    for (int i = 0; i < 100_000; i++) {
      deep = new BsonDocument("a", deep);
    }
    BsonDocument filter = new BsonDocument("x", deep);

    assertThatThrownBy(() -> Filter.parse(filter))
        .isInstanceOfSatisfying(
            QueryException.class, e -> assertThat(e.errorCode()).isEqualTo(QueryErrorCode.OVERFLOW))
        .hasMessage("Cannot parse filter: BSONObj exceeds maximum nested object depth of 200");
  }

  @Test
  void aHundredThousandNestedAndsAreRefusedWithoutOverflowingTheStack() {
    assertThatThrownBy(() -> Filter.parse(nestedAnd(100_000))).isInstanceOf(QueryException.class);
  }

  /** {@code levels} nested {@code $and}s around {@code {x: 1}}: its filter is at depth levels. */
  private static BsonDocument nestedAnd(int levels) {
    BsonDocument filter = MATCHING;
    for (int i = 0; i < levels; i++) {
      filter = new BsonDocument("$and", new BsonArray(List.of(filter)));
    }
    return filter;
  }

  /** {@code a: {$elemMatch: {a: {$elemMatch: ... innermost}}}}, {@code levels} times. */
  private static BsonDocument nestedElemMatch(int levels, BsonDocument innermost) {
    BsonDocument filter = innermost;
    for (int i = 0; i < levels; i++) {
      filter = new BsonDocument("a", new BsonDocument("$elemMatch", filter));
    }
    return filter;
  }
}
