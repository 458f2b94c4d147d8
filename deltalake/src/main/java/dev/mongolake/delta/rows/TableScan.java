package dev.mongolake.delta.rows;

import java.util.List;

/**
 * The rows a {@link TableReader#scan} found, and what reading them cost.
 *
 * @param rows the live rows matching the filter, file by file
 * @param filesRead the files opened
 * @param filesSkipped the live files their statistics or partition values ruled out
 * @param rowsRead the live rows decoded from the opened files, after the filter's Parquet pushdown
 *     and before matching: fewer than those files hold when the pushdown skipped rows
 */
public record TableScan(List<TableRow> rows, int filesRead, int filesSkipped, long rowsRead) {
  public TableScan {
    rows = List.copyOf(rows);
  }
}
