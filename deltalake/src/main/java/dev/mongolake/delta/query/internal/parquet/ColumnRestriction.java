package dev.mongolake.delta.query.internal.parquet;

import java.util.Optional;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;

/**
 * What a condition requires of the non-null values of a typed column: nothing ({@link #ALL}), no
 * non-null value can satisfy it ({@link #NONE}), or a Parquet predicate. Rows whose column is null
 * are always kept by {@link #toPredicate}, since their document may still match.
 */
record ColumnRestriction(Kind kind, FilterPredicate predicate) {
  enum Kind {
    ALL,
    NONE,
    PREDICATE
  }

  static final ColumnRestriction ALL = new ColumnRestriction(Kind.ALL, null);
  static final ColumnRestriction NONE = new ColumnRestriction(Kind.NONE, null);

  static ColumnRestriction of(FilterPredicate predicate) {
    return new ColumnRestriction(Kind.PREDICATE, predicate);
  }

  /** The pushed predicate, keeping null rows; empty when nothing is restricted. */
  Optional<FilterPredicate> toPredicate(FilterPredicate isNull) {
    return switch (kind) {
      case ALL -> Optional.empty();
      case NONE -> Optional.of(isNull);
      case PREDICATE -> Optional.of(FilterApi.or(predicate, isNull));
    };
  }
}
