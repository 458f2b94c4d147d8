package dev.mongolake.delta.query;

/**
 * Data skipping from file statistics, derived from a {@link Filter}. Conservative: {@link
 * #mayMatch} returns false only when no document summarised by the statistics can match the filter.
 * Stateless and thread-safe.
 */
@FunctionalInterface
public interface StatsPredicate {
  /** Whether a file with these statistics may contain a matching document. */
  boolean mayMatch(FileStats stats);
}
