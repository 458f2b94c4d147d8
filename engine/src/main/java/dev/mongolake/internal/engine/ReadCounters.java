package dev.mongolake.internal.engine;

import dev.mongolake.delta.table.ScanMetrics;

/**
 * What one read did, counted while it runs, for explain's {@code executionStats}: index keys and
 * documents examined, and what the table's scan read. Confined to the thread that runs the read.
 */
public final class ReadCounters {

  private long keysExamined;
  private long docsExamined;
  private ScanMetrics table;

  /** Index keys (or {@code _id} lookups) the read visited. */
  public long keysExamined() {
    return keysExamined;
  }

  /** Documents the read handed to the filter. */
  public long docsExamined() {
    return docsExamined;
  }

  /** What the table's scan read, once the scan closed; null when no table was scanned. */
  public ScanMetrics table() {
    return table;
  }

  void addKeys(long keys) {
    keysExamined += keys;
  }

  void addDocument() {
    docsExamined++;
  }

  void table(ScanMetrics metrics) {
    table = metrics;
  }
}
