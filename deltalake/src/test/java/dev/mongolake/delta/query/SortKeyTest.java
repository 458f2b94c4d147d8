package dev.mongolake.delta.query;

import static dev.mongolake.delta.query.Documents.doc;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.query.ast.FieldPath;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonUndefined;
import org.junit.jupiter.api.Test;

class SortKeyTest {
  private static final FieldPath A = FieldPath.of("a");

  @Test
  void arraysSortByTheirSmallestElementAscendingAndLargestDescending() {
    BsonDocument document = doc("{a: [3, 1, 2]}");
    assertThat(SortKey.of(document, A, true)).isEqualTo(new BsonInt32(1));
    assertThat(SortKey.of(document, A, false)).isEqualTo(new BsonInt32(3));
  }

  @Test
  void missingFieldsSortAsNull() {
    assertThat(SortKey.of(doc("{}"), A, true)).isEqualTo(BsonNull.VALUE);
  }

  @Test
  void emptyArraysSortBelowNull() {
    assertThat(SortKey.of(doc("{a: []}"), A, true)).isEqualTo(new BsonUndefined());
    assertThat(BsonComparisonOrder.INSTANCE.compare(new BsonUndefined(), BsonNull.VALUE))
        .isNegative();
  }

  @Test
  void singleElementArraySortsWithScalars() {
    List<BsonDocument> documents =
        new ArrayList<>(List.of(doc("{_id: 1, a: 2}"), doc("{_id: 2, a: [1]}"), doc("{_id: 3}")));
    documents.sort(Comparator.comparing(d -> SortKey.of(d, A, true), BsonComparisonOrder.INSTANCE));
    assertThat(documents).extracting(d -> d.getInt32("_id").getValue()).containsExactly(3, 2, 1);
  }

  @Test
  void dottedPathsThroughArraysConsiderEveryBranch() {
    BsonDocument document = doc("{a: [{b: 5}, {b: [1, 9]}, {c: 0}]}");
    assertThat(SortKey.of(document, FieldPath.of("a.b"), true)).isEqualTo(BsonNull.VALUE);
    assertThat(SortKey.of(document, FieldPath.of("a.b"), false)).isEqualTo(new BsonInt32(9));
  }
}
