package dev.mongolake.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class UpsertSeedTest {

  private static BsonDocument seed(String filter) {
    return UpsertSeed.fromFilter(BsonDocument.parse(filter));
  }

  @Test
  void aOneClauseOrSeedsItsEqualities() {
    assertThat(seed("{$or: [{a: 1, 'b.c': 2}]}"))
        .isEqualTo(BsonDocument.parse("{a: 1, b: {c: 2}}"));
  }

  @Test
  void aOneClauseOrInsideAndSeedsItsEqualities() {
    assertThat(seed("{$and: [{c: 1}, {$or: [{x: 1}]}]}"))
        .isEqualTo(BsonDocument.parse("{c: 1, x: 1}"));
  }

  @Test
  void anOrOfSeveralClausesSeedsNothing() {
    assertThat(seed("{c: 1, $or: [{x: 1}, {x: 2}]}")).isEqualTo(BsonDocument.parse("{c: 1}"));
  }

  @Test
  void aOneValueInSeedsThatValue() {
    assertThat(seed("{_id: {$in: ['k']}, a: {$in: [[1, 2]]}}"))
        .isEqualTo(BsonDocument.parse("{_id: 'k', a: [1, 2]}"));
  }

  @Test
  void anInOfSeveralValuesOrOfARegexSeedsNothing() {
    assertThat(seed("{a: {$in: [1, 2]}, b: {$in: [/x/]}, c: {$in: []}}")).isEmpty();
  }
}
