package dev.mongolake.delta.query;

import java.util.Map;
import java.util.Optional;

/**
 * The statistics of one data file: its document count and per-path {@link ColumnStats} keyed by
 * dotted document path ({@code "_id"}, {@code "profile.name"}). Paths without an entry are unknown
 * and never prune.
 *
 * @param numRecords the number of documents in the file
 * @param columns statistics per dotted path
 */
public record FileStats(long numRecords, Map<String, ColumnStats> columns) {
  public FileStats {
    if (numRecords < 0) {
      throw new IllegalArgumentException("numRecords must not be negative: " + numRecords);
    }
    columns = Map.copyOf(columns);
  }

  /** The statistics of a dotted path, if known. */
  public Optional<ColumnStats> column(String path) {
    return Optional.ofNullable(columns.get(path));
  }
}
