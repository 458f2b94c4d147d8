package dev.mongolake.delta.query;

import java.util.Map;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.filter2.predicate.UserDefinedPredicate;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveComparator;

/** Evaluates a Parquet predicate on one row the way Parquet's record filter does. */
final class RowPredicateEvaluator implements FilterPredicate.Visitor<Boolean> {
  private final Map<String, Comparable<?>> row;

  private RowPredicateEvaluator(Map<String, Comparable<?>> row) {
    this.row = row;
  }

  static boolean accepts(FilterPredicate predicate, Map<String, Comparable<?>> row) {
    return predicate.accept(new RowPredicateEvaluator(row));
  }

  private Object cell(Operators.Column<?> column) {
    return row.get(column.getColumnPath().toDotString());
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object value, Object target) {
    if (value instanceof Binary a) {
      return PrimitiveComparator.UNSIGNED_LEXICOGRAPHICAL_BINARY_COMPARATOR.compare(
          a, (Binary) target);
    }
    return ((Comparable) value).compareTo(target);
  }

  @Override
  public <T extends Comparable<T>> Boolean visit(Operators.Eq<T> eq) {
    Object value = cell(eq.getColumn());
    return eq.getValue() == null
        ? value == null
        : value != null && compare(value, eq.getValue()) == 0;
  }

  @Override
  public <T extends Comparable<T>> Boolean visit(Operators.NotEq<T> notEq) {
    Object value = cell(notEq.getColumn());
    return notEq.getValue() == null
        ? value != null
        : value == null || compare(value, notEq.getValue()) != 0;
  }

  @Override
  public <T extends Comparable<T>> Boolean visit(Operators.Lt<T> lt) {
    Object value = cell(lt.getColumn());
    return value != null && compare(value, lt.getValue()) < 0;
  }

  @Override
  public <T extends Comparable<T>> Boolean visit(Operators.LtEq<T> ltEq) {
    Object value = cell(ltEq.getColumn());
    return value != null && compare(value, ltEq.getValue()) <= 0;
  }

  @Override
  public <T extends Comparable<T>> Boolean visit(Operators.Gt<T> gt) {
    Object value = cell(gt.getColumn());
    return value != null && compare(value, gt.getValue()) > 0;
  }

  @Override
  public <T extends Comparable<T>> Boolean visit(Operators.GtEq<T> gtEq) {
    Object value = cell(gtEq.getColumn());
    return value != null && compare(value, gtEq.getValue()) >= 0;
  }

  @Override
  public Boolean visit(Operators.And and) {
    return and.getLeft().accept(this) && and.getRight().accept(this);
  }

  @Override
  public Boolean visit(Operators.Or or) {
    return or.getLeft().accept(this) || or.getRight().accept(this);
  }

  @Override
  public Boolean visit(Operators.Not not) {
    return !not.getPredicate().accept(this);
  }

  @Override
  public <T extends Comparable<T>, U extends UserDefinedPredicate<T>> Boolean visit(
      Operators.UserDefined<T, U> udp) {
    throw new UnsupportedOperationException("not produced by the pushdown");
  }

  @Override
  public <T extends Comparable<T>, U extends UserDefinedPredicate<T>> Boolean visit(
      Operators.LogicalNotUserDefined<T, U> udp) {
    throw new UnsupportedOperationException("not produced by the pushdown");
  }
}
