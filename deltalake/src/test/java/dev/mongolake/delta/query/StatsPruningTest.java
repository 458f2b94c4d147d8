package dev.mongolake.delta.query;

import static dev.mongolake.delta.query.Documents.doc;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

class StatsPruningTest {
  private static FileStats ages(BsonValue min, BsonValue max, long nullCount) {
    return new FileStats(100, Map.of("age", ColumnStats.ofAllValues(min, max, nullCount)));
  }

  private static final FileStats AGES_20_TO_40 = ages(new BsonInt32(20), new BsonInt32(40), 0);

  private static boolean mayMatch(String filter, FileStats stats) {
    return Filter.parse(doc(filter)).toStatsPredicate().mayMatch(stats);
  }

  @Test
  void equalityOutsideBoundsPrunes() {
    assertThat(mayMatch("{age: 50}", AGES_20_TO_40)).isFalse();
    assertThat(mayMatch("{age: 30}", AGES_20_TO_40)).isTrue();
    assertThat(mayMatch("{age: 40.0}", AGES_20_TO_40)).isTrue();
    assertThat(mayMatch("{age: {$numberDecimal: '40.5'}}", AGES_20_TO_40)).isFalse();
  }

  @Test
  void rangesOutsideBoundsPrune() {
    assertThat(mayMatch("{age: {$gt: 40}}", AGES_20_TO_40)).isFalse();
    assertThat(mayMatch("{age: {$gte: 40}}", AGES_20_TO_40)).isTrue();
    assertThat(mayMatch("{age: {$lt: 20}}", AGES_20_TO_40)).isFalse();
    assertThat(mayMatch("{age: {$lte: 20}}", AGES_20_TO_40)).isTrue();
  }

  @Test
  void otherTypeBracketsPruneWhenTheFileHoldsOnlyNumbers() {
    assertThat(mayMatch("{age: 'thirty'}", AGES_20_TO_40)).isFalse();
    assertThat(mayMatch("{age: {$gt: 'a'}}", AGES_20_TO_40)).isFalse();
    assertThat(mayMatch("{age: {$lt: 'a'}}", AGES_20_TO_40)).isFalse();
  }

  @Test
  void mixedTypeBoundsDoNotPruneInBetweenBrackets() {
    FileStats numbersToStrings = ages(new BsonInt32(20), new BsonString("x"), 0);
    // The file may hold any number above 20 and any string below "x".
    assertThat(mayMatch("{age: {$gt: 1000}}", numbersToStrings)).isTrue();
    assertThat(mayMatch("{age: {$lt: 'a'}}", numbersToStrings)).isTrue();
    assertThat(mayMatch("{age: {$lt: 10}}", numbersToStrings)).isFalse();
  }

  @Test
  void nullEqualityUsesTheNullCount() {
    assertThat(mayMatch("{age: null}", AGES_20_TO_40)).isFalse();
    assertThat(mayMatch("{age: null}", ages(new BsonInt32(20), new BsonInt32(40), 3))).isTrue();
    assertThat(mayMatch("{age: {$exists: false}}", AGES_20_TO_40)).isFalse();
    assertThat(mayMatch("{age: {$in: [null, 99]}}", AGES_20_TO_40)).isFalse();
  }

  @Test
  void unknownNullCountNeverPrunesNullQueries() {
    FileStats unknown =
        new FileStats(
            10, Map.of("age", ColumnStats.ofAllValues(new BsonInt32(1), new BsonInt32(2), null)));
    assertThat(mayMatch("{age: null}", unknown)).isTrue();
  }

  @Test
  void negationsNeverPrune() {
    assertThat(mayMatch("{age: {$ne: 30}}", ages(new BsonInt32(30), new BsonInt32(30), 0)))
        .isTrue();
    assertThat(mayMatch("{age: {$nin: [30]}}", ages(new BsonInt32(30), new BsonInt32(30), 0)))
        .isTrue();
    assertThat(mayMatch("{age: {$not: {$gt: 10}}}", AGES_20_TO_40)).isTrue();
    assertThat(mayMatch("{$nor: [{age: 30}]}", AGES_20_TO_40)).isTrue();
  }

  @Test
  void inPrunesOnlyWhenEveryValuePrunes() {
    assertThat(mayMatch("{age: {$in: [1, 50]}}", AGES_20_TO_40)).isFalse();
    assertThat(mayMatch("{age: {$in: [1, 25]}}", AGES_20_TO_40)).isTrue();
  }

  @Test
  void andPrunesWhenAnyChildPrunesAndOrWhenAllDo() {
    assertThat(mayMatch("{age: 30, name: 'x'}", AGES_20_TO_40)).isTrue();
    assertThat(mayMatch("{age: 50, name: 'x'}", AGES_20_TO_40)).isFalse();
    assertThat(mayMatch("{$or: [{age: 50}, {name: 'x'}]}", AGES_20_TO_40)).isTrue();
    assertThat(mayMatch("{$or: [{age: 50}, {age: 10}]}", AGES_20_TO_40)).isFalse();
  }

  @Test
  void arrayOperandsNeverPrune() {
    assertThat(mayMatch("{age: [50, 60]}", AGES_20_TO_40)).isTrue();
  }

  @Test
  void unknownColumnsAndBoundsNeverPrune() {
    assertThat(mayMatch("{weight: 5}", AGES_20_TO_40)).isTrue();
    FileStats noBounds = new FileStats(10, Map.of("age", ColumnStats.ofAllValues(null, null, 0L)));
    assertThat(mayMatch("{age: 5}", noBounds)).isTrue();
  }

  @Test
  void emptyFilesNeverMatch() {
    assertThat(mayMatch("{}", new FileStats(0, Map.of()))).isFalse();
  }

  @Test
  void regexPrunesWhenNoStringsCanOccur() {
    assertThat(mayMatch("{age: /3/}", AGES_20_TO_40)).isFalse();
    assertThat(mayMatch("{age: /3/}", ages(new BsonString("a"), new BsonString("z"), 0))).isTrue();
  }

  @Test
  void anchoredRegexPrunesOutsideItsPrefixRange() {
    FileStats names = ages(new BsonString("bob"), new BsonString("dave"), 0);
    assertThat(mayMatch("{age: /^c/}", names)).isTrue();
    assertThat(mayMatch("{age: /^bo.*x/}", names)).isTrue();
    assertThat(mayMatch("{age: /^e/}", names)).isFalse();
    assertThat(mayMatch("{age: /^ba/}", names)).isFalse();
    assertThat(mayMatch("{age: {$in: [/^a/, /^z/]}}", names)).isFalse();
  }

  @Test
  void regexWithoutUsablePrefixOnlyChecksForStrings() {
    FileStats names = ages(new BsonString("bob"), new BsonString("dave"), 0);
    assertThat(mayMatch("{age: /^e/i}", names)).isTrue();
    assertThat(mayMatch("{age: /^e/m}", names)).isTrue();
    assertThat(mayMatch("{age: /^e|b/}", names)).isTrue();
    assertThat(mayMatch("{age: /^e?b/}", names)).isTrue();
  }

  @Test
  void minKeyOperandsNeverPrune() {
    assertThat(mayMatch("{age: {$gt: {$minKey: 1}}}", AGES_20_TO_40)).isTrue();
  }

  @Test
  void alwaysFalsePrunes() {
    assertThat(mayMatch("{$alwaysFalse: 1}", AGES_20_TO_40)).isFalse();
  }

  @Test
  void typedColumnBoundsPruneOnlyWhenEveryDocumentFitsTheColumn() {
    FileStats dense =
        new FileStats(
            10, Map.of("age", ColumnStats.ofTypedColumn(new BsonInt32(20), new BsonInt32(40), 0L)));
    FileStats sparse =
        new FileStats(
            10, Map.of("age", ColumnStats.ofTypedColumn(new BsonInt32(20), new BsonInt32(40), 2L)));
    assertThat(mayMatch("{age: 50}", dense)).isFalse();
    assertThat(mayMatch("{age: null}", dense)).isFalse();
    // A document outside the typed column may hold 50, "x" or [50].
    assertThat(mayMatch("{age: 50}", sparse)).isTrue();
    assertThat(mayMatch("{age: 'x'}", sparse)).isTrue();
  }
}
