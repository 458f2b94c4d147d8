package dev.mongolake.delta.parquet.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.PrimitiveIterator;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.ColumnIndexBuilder;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

class MemoizedColumnIndexTest {

  private static final PrimitiveType ID =
      Types.required(PrimitiveType.PrimitiveTypeName.BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .named("_id");

  /** Pages of ten ids each: page p holds "id-p0" .. "id-p9". */
  private static ColumnIndex index(int pages) {
    ColumnIndexBuilder builder = ColumnIndexBuilder.getBuilder(ID, Integer.MAX_VALUE);
    for (int page = 0; page < pages; page++) {
      Statistics<?> statistics = Statistics.createStats(ID);
      for (int row = 0; row < 10; row++) {
        statistics.updateStats(Binary.fromString(String.format("id-%03d%d", page, row)));
      }
      builder.add(statistics);
    }
    return builder.build();
  }

  @Test
  void answersThePredicatesAndBoundsOfTheParsedIndex() {
    ColumnIndex parsed = index(50);
    ColumnIndex memoized = MemoizedColumnIndex.of(parsed);
    assertThat(memoized.getMinValues()).isEqualTo(parsed.getMinValues());
    assertThat(memoized.getMaxValues()).isEqualTo(parsed.getMaxValues());
    assertThat(memoized.getNullPages()).isEqualTo(parsed.getNullPages());
    assertThat(memoized.getNullCounts()).isEqualTo(parsed.getNullCounts());
    assertThat(memoized.getBoundaryOrder()).isEqualTo(parsed.getBoundaryOrder());
    for (String id : List.of("id-0000", "id-0177", "id-0499", "id-9999", "a")) {
      var eq = FilterApi.eq(FilterApi.binaryColumn("_id"), Binary.fromString(id));
      assertThat(pages(memoized.visit(eq))).as(id).isEqualTo(pages(parsed.visit(eq)));
    }
    assertThat(
            pages(
                memoized.visit(
                    FilterApi.eq(FilterApi.binaryColumn("_id"), Binary.fromString("id-0177")))))
        .containsExactly(17);
  }

  @Test
  void handsOutEachBoundAsItsOwnView() {
    ColumnIndex memoized = MemoizedColumnIndex.of(index(3));
    ByteBuffer first = memoized.getMinValues().get(1);
    first.get(new byte[first.remaining()]);
    ByteBuffer second = memoized.getMinValues().get(1);
    assertThat(second.remaining()).isEqualTo("id-0010".length());
    assertThat(second.isReadOnly()).isTrue();
    assertThat(MemoizedColumnIndex.of(memoized)).isSameAs(memoized);
    assertThat(MemoizedColumnIndex.of(null)).isNull();
  }

  private static List<Integer> pages(PrimitiveIterator.OfInt iterator) {
    List<Integer> pages = new ArrayList<>();
    iterator.forEachRemaining((int page) -> pages.add(page));
    return pages;
  }
}
