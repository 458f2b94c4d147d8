package dev.mongolake.delta.query;

import java.util.Objects;
import java.util.Optional;
import org.apache.parquet.filter2.predicate.FilterPredicate;

/**
 * The part of a filter that Parquet can evaluate on promoted columns, and what must still be
 * evaluated after the scan.
 *
 * <p>{@code predicate} is a necessary condition: every document matching the filter satisfies it
 * (row groups, pages and rows it rejects hold no match), but rows it keeps may still fail the
 * filter. It is empty when nothing can be pushed. {@code residual} is what the scan must still
 * evaluate on every row it returns; it is always the full filter, because a pushed predicate only
 * sees the typed column and not the document (arrays, values of other types, dotted paths through
 * arrays), so nothing is ever dropped.
 *
 * @param predicate the Parquet predicate, if any part could be pushed
 * @param residual the filter to evaluate on every row the scan returns
 */
public record ParquetPushdown(Optional<FilterPredicate> predicate, Filter residual) {
  public ParquetPushdown {
    Objects.requireNonNull(predicate, "predicate");
    Objects.requireNonNull(residual, "residual");
  }
}
