package dev.mongolake.delta.parquet.internal;

import java.nio.ByteBuffer;
import java.util.AbstractList;
import java.util.List;
import java.util.PrimitiveIterator;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.filter2.predicate.UserDefinedPredicate;
import org.apache.parquet.internal.column.columnindex.BoundaryOrder;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;

/**
 * A parsed column index whose page bounds, null pages and null counts are built once. parquet-java
 * builds them as new lists on every call, one {@code ByteBuffer} per page for binary columns, and
 * its column-index filter asks for the minimum values of every filtered column on every row group
 * read only to compare their number with the offset index's page count: for a point read over a
 * cached index of a few hundred pages that was a quarter of the lookup. The predicates themselves
 * go to the parsed index, which searches its own arrays (binary search for ordered bounds).
 *
 * <p>Immutable and thread-safe once built, as the cache that holds it requires.
 */
final class MemoizedColumnIndex implements ColumnIndex {
  private final ColumnIndex index;
  private final List<ByteBuffer> minValues;
  private final List<ByteBuffer> maxValues;
  private final List<Boolean> nullPages;
  private final List<Long> nullCounts;

  private MemoizedColumnIndex(ColumnIndex index) {
    this.index = index;
    this.minValues = readOnly(index.getMinValues());
    this.maxValues = readOnly(index.getMaxValues());
    this.nullPages = List.copyOf(index.getNullPages());
    List<Long> counts = index.getNullCounts();
    this.nullCounts = counts == null ? null : List.copyOf(counts);
  }

  /** {@code index} with its lists built once, or null for null. */
  static ColumnIndex of(ColumnIndex index) {
    return index == null || index instanceof MemoizedColumnIndex
        ? index
        : new MemoizedColumnIndex(index);
  }

  /**
   * The bounds read-only, each handed out as its own view: a caller that reads a buffer moves only
   * its own position, and asking for the list's size costs nothing.
   */
  private static List<ByteBuffer> readOnly(List<ByteBuffer> values) {
    List<ByteBuffer> buffers = values.stream().map(ByteBuffer::asReadOnlyBuffer).toList();
    return new AbstractList<>() {
      @Override
      public ByteBuffer get(int page) {
        return buffers.get(page).duplicate();
      }

      @Override
      public int size() {
        return buffers.size();
      }
    };
  }

  @Override
  public BoundaryOrder getBoundaryOrder() {
    return index.getBoundaryOrder();
  }

  @Override
  public List<Long> getNullCounts() {
    return nullCounts;
  }

  @Override
  public List<Boolean> getNullPages() {
    return nullPages;
  }

  @Override
  public List<ByteBuffer> getMinValues() {
    return minValues;
  }

  @Override
  public List<ByteBuffer> getMaxValues() {
    return maxValues;
  }

  @Override
  public List<Long> getRepetitionLevelHistogram() {
    return index.getRepetitionLevelHistogram();
  }

  @Override
  public List<Long> getDefinitionLevelHistogram() {
    return index.getDefinitionLevelHistogram();
  }

  @Override
  public List<Long> getNanCounts() {
    return index.getNanCounts();
  }

  @Override
  public <T extends Comparable<T>> PrimitiveIterator.OfInt visit(Operators.Eq<T> eq) {
    return index.visit(eq);
  }

  @Override
  public <T extends Comparable<T>> PrimitiveIterator.OfInt visit(Operators.NotEq<T> notEq) {
    return index.visit(notEq);
  }

  @Override
  public <T extends Comparable<T>> PrimitiveIterator.OfInt visit(Operators.Lt<T> lt) {
    return index.visit(lt);
  }

  @Override
  public <T extends Comparable<T>> PrimitiveIterator.OfInt visit(Operators.LtEq<T> ltEq) {
    return index.visit(ltEq);
  }

  @Override
  public <T extends Comparable<T>> PrimitiveIterator.OfInt visit(Operators.Gt<T> gt) {
    return index.visit(gt);
  }

  @Override
  public <T extends Comparable<T>> PrimitiveIterator.OfInt visit(Operators.GtEq<T> gtEq) {
    return index.visit(gtEq);
  }

  @Override
  public <T extends Comparable<T>> PrimitiveIterator.OfInt visit(Operators.In<T> in) {
    return index.visit(in);
  }

  @Override
  public <T extends Comparable<T>> PrimitiveIterator.OfInt visit(Operators.NotIn<T> notIn) {
    return index.visit(notIn);
  }

  @Override
  public <T extends Comparable<T>> PrimitiveIterator.OfInt visit(Operators.Contains<T> contains) {
    return index.visit(contains);
  }

  @Override
  public PrimitiveIterator.OfInt visit(Operators.And and) {
    return index.visit(and);
  }

  @Override
  public PrimitiveIterator.OfInt visit(Operators.Or or) {
    return index.visit(or);
  }

  @Override
  public PrimitiveIterator.OfInt visit(Operators.Not not) {
    return index.visit(not);
  }

  @Override
  public <T extends Comparable<T>, U extends UserDefinedPredicate<T>> PrimitiveIterator.OfInt visit(
      Operators.UserDefined<T, U> udp) {
    return index.visit(udp);
  }

  @Override
  public <T extends Comparable<T>, U extends UserDefinedPredicate<T>> PrimitiveIterator.OfInt visit(
      Operators.LogicalNotUserDefined<T, U> udp) {
    return index.visit(udp);
  }
}
