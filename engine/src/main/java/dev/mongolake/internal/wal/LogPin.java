package dev.mongolake.internal.wal;

/**
 * A reader's hold on the log after a position (an open change stream): compaction keeps every
 * record after the lowest pinned position until the pin moves on or is released. Thread-safe.
 */
public final class LogPin implements AutoCloseable {

  private final WriteAheadLog log;
  private volatile long position;

  LogPin(WriteAheadLog log, long position) {
    this.log = log;
    this.position = position;
  }

  /** The sequence of the last record the reader has consumed. */
  public long position() {
    return position;
  }

  /** Moves the pin: the records up to {@code sequence} are no longer needed. */
  public void moveTo(long sequence) {
    position = sequence;
  }

  /** Releases the hold. */
  @Override
  public void close() {
    log.unpin(this);
  }
}
