package dev.mongolake.delta.parquet.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndexBuilder;
import org.junit.jupiter.api.Test;

/** {@link OffsetIndexPage}: the page of an offset index that holds a row, as an index of one. */
class OffsetIndexPageTest {

  /** Four pages of 10, 10, 5 and 20 rows (45 in the row group), 100 bytes each from offset 4. */
  private static OffsetIndex fourPages() {
    OffsetIndexBuilder builder = OffsetIndexBuilder.getBuilder();
    builder.add(100, 10);
    builder.add(100, 10);
    builder.add(100, 5);
    builder.add(100, 20);
    return builder.build(4);
  }

  @Test
  void eachRowFindsThePageWhoseRowsHoldIt() {
    OffsetIndex index = fourPages();
    int[] expected = new int[45];
    for (int row = 0; row < 45; row++) {
      expected[row] = row < 10 ? 0 : row < 20 ? 1 : row < 25 ? 2 : 3;
    }
    for (int row = 0; row < 45; row++) {
      assertThat(OffsetIndexPage.holding(index, row).page())
          .as("row %d", row)
          .isEqualTo(expected[row]);
    }
  }

  @Test
  void theViewHoldsTheChunksFirstPageAndThePageOfTheRowWithItsOwnLastRow() {
    OffsetIndex page = OffsetIndexPage.holding(fourPages(), 22);

    assertThat(page.getPageCount()).isEqualTo(2);
    assertThat(page.getOffset(0)).as("where the chunk's data pages start").isEqualTo(4);
    assertThat(page.getLastRowIndex(0, 45)).isEqualTo(9);
    assertThat(page.getOffset(1)).isEqualTo(204);
    assertThat(page.getCompressedPageSize(1)).isEqualTo(100);
    assertThat(page.getFirstRowIndex(1)).isEqualTo(20);
    assertThat(page.getLastRowIndex(1, 45)).as("not the row group's last row").isEqualTo(24);
    assertThat(page.getPageOrdinal(1)).isEqualTo(2);
    assertThatThrownBy(() -> page.getOffset(2)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void aRowOfTheFirstPageIsAViewOfThatPageAlone() {
    OffsetIndex page = OffsetIndexPage.holding(fourPages(), 3);

    assertThat(page.getPageCount()).isEqualTo(1);
    assertThat(page.getOffset(0)).isEqualTo(4);
    assertThat(page.getLastRowIndex(0, 45)).isEqualTo(9);
  }
}
