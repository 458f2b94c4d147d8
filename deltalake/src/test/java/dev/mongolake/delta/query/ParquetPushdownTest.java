package dev.mongolake.delta.query;

import static dev.mongolake.delta.query.Documents.doc;
import static org.apache.parquet.filter2.predicate.FilterApi.and;
import static org.apache.parquet.filter2.predicate.FilterApi.binaryColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.booleanColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.doubleColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.eq;
import static org.apache.parquet.filter2.predicate.FilterApi.gt;
import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.intColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;
import static org.apache.parquet.filter2.predicate.FilterApi.ltEq;
import static org.apache.parquet.filter2.predicate.FilterApi.or;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.Set;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators.BinaryColumn;
import org.apache.parquet.filter2.predicate.Operators.DoubleColumn;
import org.apache.parquet.filter2.predicate.Operators.IntColumn;
import org.apache.parquet.filter2.predicate.Operators.LongColumn;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

class ParquetPushdownTest {
  private static final Set<PushdownColumn> COLUMNS =
      Set.of(
          PushdownColumn.of("email", ParquetColumnType.STRING),
          PushdownColumn.of("age", ParquetColumnType.INT64),
          PushdownColumn.of("rank", ParquetColumnType.INT32),
          PushdownColumn.of("score", ParquetColumnType.DOUBLE),
          PushdownColumn.of("active", ParquetColumnType.BOOLEAN),
          PushdownColumn.of("createdAt", ParquetColumnType.TIMESTAMP_MILLIS),
          new PushdownColumn("profile.name", "profile_name", ParquetColumnType.STRING));

  private static final BinaryColumn EMAIL = binaryColumn("email");
  private static final LongColumn AGE = longColumn("age");
  private static final IntColumn RANK = intColumn("rank");
  private static final DoubleColumn SCORE = doubleColumn("score");
  private static final FilterPredicate AGE_NULL = eq(AGE, (Long) null);

  private static Optional<FilterPredicate> pushed(String filter) {
    return Filter.parse(doc(filter)).toParquetPredicate(COLUMNS).predicate();
  }

  @Test
  void residualIsAlwaysTheWholeFilter() {
    Filter filter = Filter.parse(doc("{age: {$gt: 30}, tags: 'x'}"));
    assertThat(filter.toParquetPredicate(COLUMNS).residual()).isSameAs(filter);
  }

  @Test
  void stringEqualityPushesAndKeepsNullRows() {
    assertThat(pushed("{email: 'a@x.io'}"))
        .contains(or(eq(EMAIL, Binary.fromString("a@x.io")), eq(EMAIL, (Binary) null)));
  }

  @Test
  void parquetColumnPathMayDifferFromTheDocumentPath() {
    BinaryColumn name = binaryColumn("profile_name");
    assertThat(pushed("{'profile.name': 'Ann'}"))
        .contains(or(eq(name, Binary.fromString("Ann")), eq(name, (Binary) null)));
  }

  @Test
  void integerRangesRoundFractionalOperandsExactly() {
    assertThat(pushed("{age: {$gt: 30.5}}")).contains(or(gt(AGE, 30L), AGE_NULL));
    assertThat(pushed("{age: {$gte: 30.5}}")).contains(or(gtEq(AGE, 31L), AGE_NULL));
    assertThat(pushed("{age: {$lt: 30.5}}")).contains(or(lt(AGE, 31L), AGE_NULL));
    assertThat(pushed("{age: {$lte: {$numberDecimal: '30.5'}}}"))
        .contains(or(ltEq(AGE, 30L), AGE_NULL));
  }

  @Test
  void fractionalEqualityOnAnIntegerColumnKeepsOnlyNullRows() {
    assertThat(pushed("{age: 30.5}")).contains(AGE_NULL);
    assertThat(pushed("{age: 30.0}")).contains(or(eq(AGE, 30L), AGE_NULL));
  }

  @Test
  void int32BoundsBeyondTheColumnRangeAreAlwaysOrNeverTrue() {
    FilterPredicate rankNull = eq(RANK, (Integer) null);
    assertThat(pushed("{rank: {$gt: 3000000000}}")).contains(rankNull);
    assertThat(pushed("{rank: {$lt: 3000000000}}")).isEmpty();
    assertThat(pushed("{rank: 7}")).contains(or(eq(RANK, 7), rankNull));
  }

  @Test
  void doubleZeroBoundsCoverNegativeZero() {
    FilterPredicate scoreNull = eq(SCORE, (Double) null);
    assertThat(pushed("{score: {$gte: 0}}")).contains(or(gtEq(SCORE, -0.0), scoreNull));
    assertThat(pushed("{score: 0}")).contains(or(or(eq(SCORE, 0.0), eq(SCORE, -0.0)), scoreNull));
  }

  @Test
  void doubleBoundsWidenOperandsThatNoDoubleRepresents() {
    FilterPredicate scoreNull = eq(SCORE, (Double) null);
    // 2^53 + 1 lies between two doubles: the bound moves outward to 2^53.
    assertThat(pushed("{score: {$gt: {$numberLong: '9007199254740993'}}}"))
        .contains(or(gt(SCORE, 9007199254740992.0), scoreNull));
    assertThat(pushed("{score: {$numberLong: '9007199254740993'}}")).contains(scoreNull);
    assertThat(pushed("{score: NaN}")).isEmpty();
  }

  @Test
  void booleanEqualityPushes() {
    assertThat(pushed("{active: true}"))
        .contains(
            or(eq(booleanColumn("active"), true), eq(booleanColumn("active"), (Boolean) null)));
  }

  @Test
  void dateRangesPushToTimestampColumns() {
    LongColumn createdAt = longColumn("createdAt");
    assertThat(pushed("{createdAt: {$gte: {$date: '2024-01-01T00:00:00Z'}}}"))
        .contains(or(gtEq(createdAt, 1704067200000L), eq(createdAt, (Long) null)));
  }

  @Test
  void operandOfAnotherTypeKeepsOnlyNullRows() {
    assertThat(pushed("{age: 'thirty'}")).contains(AGE_NULL);
    assertThat(pushed("{age: null}")).contains(AGE_NULL);
    assertThat(pushed("{age: {$exists: false}}")).contains(AGE_NULL);
  }

  @Test
  void inPushesAsAlternatives() {
    assertThat(pushed("{age: {$in: [1, 2.5, 3]}}"))
        .contains(or(or(eq(AGE, 1L), eq(AGE, 3L)), AGE_NULL));
    assertThat(pushed("{email: {$in: ['a', /b/]}}")).isEmpty();
  }

  @Test
  void andPushesItsPushableChildren() {
    assertThat(pushed("{age: {$gt: 30}, tags: 'x'}")).contains(or(gt(AGE, 30L), AGE_NULL));
    assertThat(pushed("{age: {$gt: 30, $lt: 40}}"))
        .contains(and(or(gt(AGE, 30L), AGE_NULL), or(lt(AGE, 40L), AGE_NULL)));
  }

  @Test
  void orPushesOnlyWhenEveryChildPushes() {
    assertThat(pushed("{$or: [{age: 1}, {tags: 'x'}]}")).isEmpty();
    assertThat(pushed("{$or: [{age: 1}, {age: 2}]}"))
        .contains(or(or(eq(AGE, 1L), AGE_NULL), or(eq(AGE, 2L), AGE_NULL)));
  }

  @Test
  void anchoredRegexPushesAsAPrefixRange() {
    FilterPredicate emailNull = eq(EMAIL, (Binary) null);
    assertThat(pushed("{email: /^ab/}"))
        .contains(
            or(
                and(gtEq(EMAIL, Binary.fromString("ab")), lt(EMAIL, Binary.fromString("ac"))),
                emailNull));
    assertThat(pushed("{email: {$in: ['x', /^ab/]}}"))
        .contains(
            or(
                or(
                    eq(EMAIL, Binary.fromString("x")),
                    and(gtEq(EMAIL, Binary.fromString("ab")), lt(EMAIL, Binary.fromString("ac")))),
                emailNull));
  }

  @Test
  void regexOnANonStringColumnKeepsOnlyNullRows() {
    assertThat(pushed("{age: /^3/}")).contains(AGE_NULL);
  }

  @Test
  void negationsAndOtherOperatorsDoNotPush() {
    assertThat(pushed("{age: {$ne: 1}}")).isEmpty();
    assertThat(pushed("{age: {$nin: [1]}}")).isEmpty();
    assertThat(pushed("{$nor: [{age: 1}]}")).isEmpty();
    assertThat(pushed("{email: /a/}")).isEmpty();
    assertThat(pushed("{email: /^a/i}")).isEmpty();
    assertThat(pushed("{age: {$exists: true}}")).isEmpty();
    assertThat(pushed("{age: {$gt: {$minKey: 1}}}")).isEmpty();
    assertThat(pushed("{age: [1, 2]}")).isEmpty();
    assertThat(pushed("{weight: 5}")).isEmpty();
  }
}
