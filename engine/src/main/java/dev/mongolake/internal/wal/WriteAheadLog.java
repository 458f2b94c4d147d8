package dev.mongolake.internal.wal;

import dev.mongolake.DeferredDurability;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.daktilo.CorruptionException;
import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloException;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.daktilo.LogEntry;
import dev.mongolake.daktilo.LogInUseException;
import dev.mongolake.daktilo.TornTail;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Iterator;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiConsumer;

/**
 * The engine's view of the daktilo log: appends {@link WalRecord}s, knows each record's sequence
 * the moment it is enqueued, and tracks the durable watermark that readers snapshot at.
 *
 * <p>daktilo numbers records in the order of the append calls, so a small lock around "take the
 * next number, enqueue" tells the caller its sequence without waiting for the disk. The lock holds
 * no I/O: concurrent writers still share one group-commit sync.
 *
 * <p>Thread-safe. A failed append (an I/O error of the log) makes the log unusable: later appends
 * fail at once, because the buffer may already hold a change the log could not make durable.
 */
public final class WriteAheadLog implements AutoCloseable {

  /**
   * A record's place in the log, its log time (see {@link LogClock}) and the moment it becomes
   * durable.
   */
  public record Appended(long sequence, long time, CompletableFuture<Void> durable) {

    /**
     * Waits until the record is durable (per the log's durability mode), unless the caller collects
     * durability waits ({@link DeferredDurability}) and waits later itself.
     */
    public void awaitDurable() {
      if (DeferredDurability.deferIfCollecting(durable)) {
        return;
      }
      try {
        durable.join();
      } catch (CompletionException e) {
        throw new MongoLakeException(
            ErrorCode.INTERNAL_ERROR,
            "Cannot make a write durable: the write-ahead log failed: " + e.getCause().getMessage(),
            e.getCause());
      }
    }
  }

  private final Daktilo log;
  private final ReentrantLock sequencer = new ReentrantLock();
  private final AtomicLong durableSequence;
  private final LogClock times;
  private final AtomicLong durableTime;
  private final DurableSignal durableSignal = new DurableSignal();
  private final java.util.Set<LogPin> pins = java.util.concurrent.ConcurrentHashMap.newKeySet();
  private final HistoryWindow historyWindow;
  private long lastAssigned;
  private volatile long lastTime;
  private volatile Throwable failure;

  /**
   * Opens (or creates) the lake's log in {@code folder}.
   *
   * @param dataFolder the lake's data folder, named in the errors
   * @throws MongoLakeException DBPathInUse when another process has the log open,
   *     DataCorruptionDetected for damage inside the log (a torn tail is cut, not refused)
   */
  public static WriteAheadLog open(
      Path folder, Path dataFolder, Durability durability, Clock clock) {
    try {
      return new WriteAheadLog(
          Daktilo.open(folder, DaktiloOptions.defaults().withDurability(durability)), clock);
    } catch (LogInUseException e) {
      throw new MongoLakeException(
          ErrorCode.DB_PATH_IN_USE,
          "Cannot start: the data folder "
              + dataFolder.toAbsolutePath().normalize()
              + " is in use by another MongoLake process (lock file "
              + e.lockFile().toAbsolutePath().normalize()
              + ")",
          e);
    } catch (CorruptionException e) {
      // Damage inside the log, not a torn tail: never cut silently (see docs/troubleshooting.md).
      throw new MongoLakeException(
          ErrorCode.DATA_CORRUPTION_DETECTED,
          "Cannot open the lake: its write-ahead log is damaged: "
              + e.getMessage()
              + " (`mongolake log verify "
              + folder.toAbsolutePath().normalize()
              + "` lists what is damaged)",
          e);
    }
  }

  /** The engine's view of {@code log}, whose records' times come from {@code clock}. */
  public WriteAheadLog(Daktilo log, Clock clock) {
    this.log = log;
    this.lastAssigned = log.lastSequence();
    this.durableSequence = new AtomicLong(lastAssigned);
    this.times = new LogClock(clock, lastRecordTime(log));
    this.lastTime = times.last();
    this.durableTime = new AtomicLong(lastTime);
    this.historyWindow = new HistoryWindow(clock, lastAssigned + 1);
  }

  /**
   * The time of the log's last record, which new records follow. The last record is always in the
   * active segment, which trimming never deletes; only a log with no record left (none written yet)
   * starts from the wall clock alone.
   */
  private static long lastRecordTime(Daktilo log) {
    long last = log.lastSequence();
    long first = Math.max(1, log.firstSequence());
    // A record that cannot be read (a cut-off tail the log still counts) gives way to the one
    // before it: any earlier time only makes the next times start from the wall clock sooner.
    for (long sequence = last; sequence >= first && sequence > last - 16; sequence--) {
      try {
        byte[] payload = log.read(sequence).payload();
        return WalRecordCodec.time(payload).orElse(LogClock.ofUnstamped(sequence));
      } catch (DaktiloException e) {
        // try the one before
      }
    }
    return 0;
  }

  /** What opening the log cut off its end, if anything. */
  public Optional<TornTail> droppedTail() {
    return log.droppedTail();
  }

  /**
   * Enqueues a record. {@code beforeDurable} runs with the assigned sequence while the caller still
   * holds its own locks and before any later record is enqueued (the engine applies the change to
   * its buffer there, so buffer order equals log order).
   */
  public Appended append(WalRecord record, BiConsumer<Long, WalRecord> beforeDurable) {
    byte[] bytes = WalRecordCodec.encode(record);
    sequencer.lock();
    try {
      if (failure != null) {
        throw new MongoLakeException(
            ErrorCode.INTERNAL_ERROR,
            "Cannot write: the write-ahead log failed earlier: " + failure.getMessage());
      }
      long expected = lastAssigned + 1;
      long time = times.next();
      WalRecordCodec.stampTime(bytes, time);
      CompletableFuture<Long> appended = log.appendAsync(bytes);
      lastAssigned = expected;
      lastTime = time;
      historyWindow.appended(expected, time);
      beforeDurable.accept(expected, record);
      CompletableFuture<Void> durable =
          appended.handle(
              (sequence, error) -> {
                if (error != null) {
                  failure = error;
                  throw new CompletionException(error);
                }
                if (sequence != expected) {
                  IllegalStateException mismatch =
                      new IllegalStateException(
                          "log assigned sequence "
                              + sequence
                              + " where "
                              + expected
                              + " was expected");
                  failure = mismatch;
                  throw new CompletionException(mismatch);
                }
                durableSequence.accumulateAndGet(sequence, Math::max);
                durableTime.accumulateAndGet(time, Math::max);
                durableSignal.advance();
                return null;
              });
      return new Appended(expected, time, durable);
    } catch (DaktiloException | IllegalArgumentException e) {
      throw new MongoLakeException(
          ErrorCode.INTERNAL_ERROR, "Cannot append to the write-ahead log: " + e.getMessage(), e);
    } finally {
      sequencer.unlock();
    }
  }

  /**
   * The log time of the last record appended (durable or not), or of the last one found at open; 0
   * for a log that never held a record. Inside {@code beforeDurable} of {@link #append}, the time
   * of the record being appended.
   */
  public long lastTime() {
    return lastTime;
  }

  /** The log time of the highest record known durable (see {@link #durableSequence()}). */
  public long durableTime() {
    return durableTime.get();
  }

  /** Highest sequence known durable; every record at or below it is durable too. */
  public long durableSequence() {
    return durableSequence.get();
  }

  /**
   * The log time of record {@code sequence} (see {@link LogTimes}).
   *
   * @throws dev.mongolake.daktilo.DaktiloException when the log no longer (or does not yet) hold it
   */
  public long timeOf(long sequence) {
    return LogTimes.of(log.read(sequence));
  }

  /** Records after {@code sequence}, in order, for replay at start-up. */
  public Iterator<LogEntry> readAfter(long sequence) {
    long first = Math.max(sequence + 1, log.firstSequence());
    long last = log.lastSequence();
    if (last < first) {
      return java.util.Collections.emptyIterator();
    }
    return log.iterator(first, last);
  }

  /**
   * The retained records, newest first. Each is read by its sequence; one trimmed away meanwhile
   * (below the checkpoint, compacted) ends the walk, as every older one is gone too.
   */
  public Iterator<LogEntry> readBackwards() {
    long last = log.lastSequence();
    return new Iterator<>() {
      private long next = last;
      private LogEntry pending = advance();

      private LogEntry advance() {
        if (next < Math.max(1, log.firstSequence())) {
          return null;
        }
        try {
          return log.read(next--);
        } catch (dev.mongolake.daktilo.SequenceOutOfRangeException e) {
          return null;
        }
      }

      @Override
      public boolean hasNext() {
        return pending != null;
      }

      @Override
      public LogEntry next() {
        if (pending == null) {
          throw new java.util.NoSuchElementException();
        }
        LogEntry current = pending;
        pending = advance();
        return current;
      }
    };
  }

  /**
   * The durable records after {@code sequence}, in order, read one at a time (a change stream reads
   * them).
   */
  public Iterator<LogEntry> readDurableAfter(long sequence) {
    long first = Math.max(sequence + 1, Math.max(1, log.firstSequence()));
    long last = durableSequence.get();
    if (last < first) {
      return java.util.Collections.emptyIterator();
    }
    return log.iterator(first, last);
  }

  /** The oldest retained record's sequence; the ones below it were trimmed away. */
  public long firstSequence() {
    return Math.max(1, log.firstSequence());
  }

  /** A mark to wait for records becoming durable after (see {@link #awaitDurable}). */
  public long durableMark() {
    return durableSignal.mark();
  }

  /**
   * Waits up to {@code nanos} for a record to become durable after {@code mark}; woken by it.
   *
   * @return whether one did
   */
  public boolean awaitDurable(long mark, long nanos) throws InterruptedException {
    return durableSignal.await(mark, nanos);
  }

  /** Durably records that every change at or below {@code sequence} is in the tables. */
  public void checkpoint(long sequence) {
    log.checkpoint(sequence);
  }

  /** The checkpoint sequence: replay starts after it. */
  public long checkpointSequence() {
    return log.checkpointSequence();
  }

  /**
   * Deletes the log segments wholly at or below the checkpoint, except those an open reader ({@link
   * #pin}) still needs and those younger than the {@linkplain #historyWindow history window}: a
   * segment goes once every record in it is below all three. A reader that loses the race to a
   * compaction finds its position gone and says so (ChangeStreamHistoryLost, SnapshotTooOld); it
   * never skips records.
   */
  public void compact() {
    long upTo = Math.min(log.checkpointSequence(), historyWindow.oldestOutside());
    for (LogPin pin : pins) {
      upTo = Math.min(upTo, pin.position());
    }
    log.compact(upTo);
  }

  /**
   * Sets how long compaction keeps records for reads at a past point in time (MongoDB's {@code
   * minSnapshotHistoryWindowInSeconds}; 5 minutes by default).
   */
  public void historyWindow(java.time.Duration length) {
    historyWindow.length(length);
  }

  /** Holds the records after {@code position} against compaction until the pin is closed. */
  public LogPin pin(long position) {
    LogPin pin = new LogPin(this, position);
    pins.add(pin);
    return pin;
  }

  void unpin(LogPin pin) {
    pins.remove(pin);
  }

  /** Forces everything appended so far to disk. */
  public void flush() {
    log.flush();
  }

  @Override
  public void close() {
    log.close();
  }
}
