package dev.mongolake.delta.parquet;

import java.util.Set;
import java.util.function.LongPredicate;
import org.apache.parquet.filter2.compat.FilterCompat;

/**
 * What a {@link DocumentFileReader} reads.
 *
 * @param filter a Parquet predicate over {@code _id} and promoted columns (build with {@code
 *     FilterApi}; promoted paths are dotted, {@code "profile.name"}), or {@link FilterCompat#NOOP}.
 *     Row groups and pages whose statistics, dictionaries or bloom filters exclude every row are
 *     skipped; the remaining rows are filtered one by one. A predicate cannot see inside the
 *     Variant: filter such fields after reading.
 * @param includeDocument whether to read and decode the Variant column
 * @param promotedColumns which promoted columns to return in {@link DocumentRow#promoted()} (top
 *     level names or dotted paths; a path selects its whole top-level column); with a filter, all
 *     promoted columns are read so the predicate sees them
 * @param documentUnlessExact with {@code includeDocument}: skip the Variant column in a file where
 *     every one of {@code promotedColumns} is exact ({@link ColumnExactness}) and {@code _id} is
 *     stored readably (not {@link IdEncoding#KEY}); rows of such a file carry no document
 * @param deletedRows the physical row indexes (0-based over all the file's row groups) a Delta
 *     deletion vector deletes, which are never returned whatever the filter skips, or null for none
 */
public record DocumentReadOptions(
    FilterCompat.Filter filter,
    boolean includeDocument,
    Set<String> promotedColumns,
    boolean documentUnlessExact,
    LongPredicate deletedRows) {

  public DocumentReadOptions {
    promotedColumns = Set.copyOf(promotedColumns);
  }

  /** Options that return every row the filter passes. */
  public DocumentReadOptions(
      FilterCompat.Filter filter,
      boolean includeDocument,
      Set<String> promotedColumns,
      boolean documentUnlessExact) {
    this(filter, includeDocument, promotedColumns, documentUnlessExact, null);
  }

  /** Options that read the document in every file (or in none). */
  public DocumentReadOptions(
      FilterCompat.Filter filter, boolean includeDocument, Set<String> promotedColumns) {
    this(filter, includeDocument, promotedColumns, false);
  }

  /** Whole documents, no filter. */
  public static DocumentReadOptions documents() {
    return new DocumentReadOptions(FilterCompat.NOOP, true, Set.of());
  }

  /** Only {@code _id}s: the Variant column is not read at all. */
  public static DocumentReadOptions idsOnly() {
    return new DocumentReadOptions(FilterCompat.NOOP, false, Set.of());
  }

  public DocumentReadOptions withFilter(FilterCompat.Filter value) {
    return new DocumentReadOptions(
        value, includeDocument, promotedColumns, documentUnlessExact, deletedRows);
  }

  public DocumentReadOptions withPromotedColumns(Set<String> value) {
    return new DocumentReadOptions(
        filter, includeDocument, value, documentUnlessExact, deletedRows);
  }

  /** These options, reading {@code paths} from the columns of files where they are all exact. */
  public DocumentReadOptions withColumnsWhenExact(Set<String> paths) {
    return new DocumentReadOptions(filter, true, paths, true, deletedRows);
  }

  /** These options, never returning the rows at these physical indexes (null: none). */
  public DocumentReadOptions withDeletedRows(LongPredicate value) {
    return new DocumentReadOptions(
        filter, includeDocument, promotedColumns, documentUnlessExact, value);
  }
}
