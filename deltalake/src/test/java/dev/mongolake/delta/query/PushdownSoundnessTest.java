package dev.mongolake.delta.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.query.ast.FieldPath;
import dev.mongolake.delta.query.ast.PathValues;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

/**
 * Randomised soundness checks (fixed seeds, so failures reproduce): pruning and pushdown never
 * reject a document that matches.
 */
class PushdownSoundnessTest {
  private static final int TRIALS = 3000;
  private static final List<String> PATHS = List.of("a", "p.q");

  @Test
  void statsNeverPruneAFileHoldingAMatch() {
    RandomDocuments random = new RandomDocuments(20260101L);
    for (int trial = 0; trial < TRIALS; trial++) {
      List<BsonDocument> documents = documents(random, 1 + trial % 6);
      BsonDocument filterDocument = random.filter();
      Filter filter = Filter.parse(filterDocument);
      boolean anyMatch = documents.stream().anyMatch(filter::matches);
      FileStats stats = statsOf(documents);
      if (anyMatch) {
        assertThat(filter.toStatsPredicate().mayMatch(stats))
            .as("filter %s pruned %s with %s", filterDocument.toJson(), documents, stats)
            .isTrue();
      }
    }
  }

  @Test
  void typedColumnStatsNeverPruneAFileHoldingAMatch() {
    RandomDocuments random = new RandomDocuments(7L);
    ParquetColumnType[] types = ParquetColumnType.values();
    for (int trial = 0; trial < TRIALS; trial++) {
      List<BsonDocument> documents = documents(random, 1 + trial % 4);
      PushdownColumn column =
          PushdownColumn.of(trial % 2 == 0 ? "a" : "p.q", types[trial % types.length]);
      BsonDocument filterDocument = random.filter();
      Filter filter = Filter.parse(filterDocument);
      FileStats stats = typedColumnStatsOf(documents, column);
      if (documents.stream().anyMatch(filter::matches)) {
        assertThat(filter.toStatsPredicate().mayMatch(stats))
            .as("filter %s pruned %s with %s", filterDocument.toJson(), documents, stats)
            .isTrue();
      }
    }
  }

  @Test
  void parquetPredicateKeepsEveryMatchingRow() {
    RandomDocuments random = new RandomDocuments(42L);
    for (int trial = 0; trial < TRIALS; trial++) {
      ParquetColumnType[] types = ParquetColumnType.values();
      Set<PushdownColumn> columns =
          Set.of(
              PushdownColumn.of("a", types[trial % types.length]),
              new PushdownColumn("p.q", "p_q", types[(trial / types.length) % types.length]));
      BsonDocument filterDocument = random.filter();
      Filter filter = Filter.parse(filterDocument);
      Optional<FilterPredicate> predicate = filter.toParquetPredicate(columns).predicate();
      for (BsonDocument document : documents(random, 4)) {
        if (predicate.isPresent() && filter.matches(document)) {
          assertThat(
                  RowPredicateEvaluator.accepts(
                      predicate.get(), PushdownRows.row(document, columns)))
              .as(
                  "%s rejected %s for %s",
                  predicate.get(), document.toJson(), filterDocument.toJson())
              .isTrue();
        }
      }
    }
  }

  private static List<BsonDocument> documents(RandomDocuments random, int count) {
    List<BsonDocument> documents = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      documents.add(random.document(i));
    }
    return documents;
  }

  /** Typed-column statistics, as Parquet computes them from the column cells. */
  private static FileStats typedColumnStatsOf(List<BsonDocument> documents, PushdownColumn column) {
    BsonValue min = null;
    BsonValue max = null;
    long nullCount = 0;
    for (BsonDocument document : documents) {
      Comparable<?> cell = PushdownRows.cell(document, column);
      if (cell == null) {
        nullCount++;
        continue;
      }
      BsonValue value = PushdownRows.toBson(cell, column.type());
      if (min == null || BsonComparisonOrder.INSTANCE.compare(value, min) < 0) {
        min = value;
      }
      if (max == null || BsonComparisonOrder.INSTANCE.compare(value, max) > 0) {
        max = value;
      }
    }
    return new FileStats(
        documents.size(),
        Map.of(column.documentPath(), ColumnStats.ofTypedColumn(min, max, nullCount)));
  }

  /** Statistics honouring the {@link ColumnStats} contract. */
  private static FileStats statsOf(List<BsonDocument> documents) {
    Map<String, ColumnStats> columns = new HashMap<>();
    for (String path : PATHS) {
      BsonValue min = null;
      BsonValue max = null;
      long nullCount = 0;
      Filter nullOrMissing =
          Filter.parse(
              BsonDocument.parse(
                  "{$or: [{'" + path + "': null}, {'" + path + "': {$exists: false}}]}"));
      for (BsonDocument document : documents) {
        if (nullOrMissing.matches(document)) {
          nullCount++;
        }
        PathValues values = FieldPath.of(path).resolve(document);
        for (BsonValue value : values.values()) {
          List<BsonValue> bounded = value.isArray() ? value.asArray().getValues() : List.of(value);
          for (BsonValue element : bounded) {
            if (element.isNull()) {
              continue;
            }
            if (min == null || BsonComparisonOrder.INSTANCE.compare(element, min) < 0) {
              min = element;
            }
            if (max == null || BsonComparisonOrder.INSTANCE.compare(element, max) > 0) {
              max = element;
            }
          }
        }
      }
      columns.put(path, ColumnStats.ofAllValues(min, max, nullCount));
    }
    return new FileStats(documents.size(), columns);
  }
}
