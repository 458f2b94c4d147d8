package dev.mongolake.internal.wal;

import dev.mongolake.daktilo.LogEntry;

/** The log time of a record read back from the log (see {@link LogClock}). */
public final class LogTimes {

  private LogTimes() {}

  /** The record's stamped time, or the stand-in of a record written before records had one. */
  public static long of(LogEntry record) {
    return WalRecordCodec.time(record.payload()).orElse(LogClock.ofUnstamped(record.sequence()));
  }
}
