package dev.mongolake.delta.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.parquet.ColumnType;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.PromotedColumn;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.query.RandomDocuments;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * {@link DocumentSnapshot#scan(Filter, ColumnProjection)} returns exactly the whole documents'
 * projection, over tables mixing files where the columns are exact (read without the document) and
 * files where they are not, with and without a filter on the projected paths.
 */
class ColumnarScanTest {
  private static final ColumnType[] TYPES = ColumnType.values();
  private static final ColumnProjection PROJECTION = new ColumnProjection(List.of("a", "p.q"));

  @Test
  void projectedScansEqualTheProjectionOfWholeDocuments() {
    RandomDocuments random = new RandomDocuments(20261201L);
    int checked = 0;
    long filesFromColumns = 0;
    long filesWhole = 0;
    for (int table = 0; table < 24; table++) {
      DocumentSchema schema =
          new DocumentSchema(
              List.of(
                  new PromotedColumn("a", TYPES[table % TYPES.length], false),
                  new PromotedColumn("p.q", TYPES[(table / 2 + 3) % TYPES.length], false)));
      DocumentSnapshot snapshot = MixedExactnessTables.create(random, schema);
      List<BsonDocument> all = new ArrayList<>();
      try (DocumentSnapshot.DocumentScan scan = snapshot.scan()) {
        scan.forEachRemaining(all::add);
      }
      for (int trial = 0; trial < 30; trial++) {
        BsonDocument filterDocument = trial == 0 ? null : random.filter();
        if (filterDocument != null && filterDocument.toJson().contains("\"p\"")) {
          continue; // the filter must read only projected paths
        }
        Filter filter = filterDocument == null ? null : Filter.parse(filterDocument);
        List<BsonDocument> expected =
            all.stream()
                .filter(document -> filter == null || filter.matches(document))
                .map(PROJECTION::project)
                .toList();
        try (DocumentSnapshot.DocumentScan scan = snapshot.scan(filter, PROJECTION)) {
          List<BsonDocument> actual = new ArrayList<>();
          scan.forEachRemaining(actual::add);
          assertThat(actual).as("filter %s with %s", filterDocument, schema).isEqualTo(expected);
          assertThat(actual.stream().map(BsonDocument::toJson).toList())
              .isEqualTo(expected.stream().map(BsonDocument::toJson).toList());
          filesFromColumns += scan.metrics().filesReadFromColumns();
          filesWhole += scan.metrics().filesOpened() - scan.metrics().filesReadFromColumns();
          checked++;
        }
      }
    }
    assertThat(checked).isGreaterThan(24 * 10);
    // Means something only if both ways of reading a file were taken.
    assertThat(filesFromColumns).isPositive();
    assertThat(filesWhole).isPositive();
  }
}
