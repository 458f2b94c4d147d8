package dev.mongolake.delta.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.bson.BsonDocument;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

/** Randomised checks that prefix-range pruning of anchored regular expressions keeps matches. */
class RegexPrefixSoundnessTest {
  private static final String ALPHABET = "ab\uD7FF\uFF21";
  private static final String[] SUFFIXES = {"", ".*", "b?", "+", "$", "(a|b)"};
  private static final int TRIALS = 3000;

  @Test
  void prefixRangesNeverRejectAMatchingString() {
    Random random = new Random(99L);
    Set<PushdownColumn> columns = Set.of(PushdownColumn.of("s", ParquetColumnType.STRING));
    for (int trial = 0; trial < TRIALS; trial++) {
      String pattern = "^" + word(random, 1 + random.nextInt(2)) + SUFFIXES[random.nextInt(6)];
      Filter filter = Filter.parse(new BsonDocument("s", new BsonRegularExpression(pattern, "")));
      List<BsonDocument> documents = new ArrayList<>();
      for (int i = 0; i < 1 + random.nextInt(3); i++) {
        documents.add(new BsonDocument("s", new BsonString(word(random, random.nextInt(4)))));
      }
      BsonValue min =
          documents.stream().map(d -> d.get("s")).min(BsonComparisonOrder.INSTANCE).get();
      BsonValue max =
          documents.stream().map(d -> d.get("s")).max(BsonComparisonOrder.INSTANCE).get();
      FileStats stats =
          new FileStats(documents.size(), Map.of("s", ColumnStats.ofTypedColumn(min, max, 0L)));
      Optional<FilterPredicate> predicate = filter.toParquetPredicate(columns).predicate();
      for (BsonDocument document : documents) {
        if (filter.matches(document)) {
          assertThat(filter.toStatsPredicate().mayMatch(stats))
              .as("/%s/ pruned %s", pattern, documents)
              .isTrue();
          predicate.ifPresent(
              p ->
                  assertThat(RowPredicateEvaluator.accepts(p, PushdownRows.row(document, columns)))
                      .as("/%s/ rejected %s", pattern, document)
                      .isTrue());
        }
      }
    }
  }

  private static String word(Random random, int length) {
    StringBuilder word = new StringBuilder();
    for (int i = 0; i < length; i++) {
      word.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    return word.toString();
  }
}
