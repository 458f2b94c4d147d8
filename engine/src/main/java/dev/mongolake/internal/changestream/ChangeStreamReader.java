package dev.mongolake.internal.changestream;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.daktilo.LogEntry;
import dev.mongolake.internal.wal.LogPin;
import dev.mongolake.internal.wal.LogTimes;
import dev.mongolake.internal.wal.WalRecordCodec;
import dev.mongolake.internal.wal.WriteAheadLog;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.bson.BsonDocument;

/**
 * Reads change events from the write-ahead log after a position: each {@link #poll} returns the
 * events of the records that became durable since the last one, in log order. The log is the
 * history: while the reader is open it pins its position against compaction ({@link LogPin}); a
 * position the log no longer holds fails with ChangeStreamHistoryLost rather than skipping events.
 * Close it to release the pin.
 *
 * <p>Not thread-safe: one stream, one reader at a time. Waiting ({@link #await}) takes no lock a
 * writer needs.
 */
public final class ChangeStreamReader implements AutoCloseable {

  /** Records read per poll at most, so that one batch stays bounded. */
  private static final int RECORDS_PER_POLL = 1_000;

  private final WriteAheadLog wal;
  private final ChangeEvents events;
  private final LogPin pin;
  private long position;
  private long positionTime;
  private boolean invalidated;
  private boolean behind;
  private ResumeToken resumedInside;

  /**
   * @param position the sequence of the last record already seen (events start after it)
   * @param positionTime its log time (the resume token before the first event)
   */
  public ChangeStreamReader(
      WriteAheadLog wal, ChangeEvents events, long position, long positionTime) {
    this.wal = wal;
    this.events = events;
    this.position = position;
    this.positionTime = positionTime;
    this.pin = wal.pin(position);
    try {
      checkHistory();
    } catch (MongoLakeException e) {
      pin.close();
      throw e;
    }
  }

  /**
   * Where a stream opened now starts: after the last durable record.
   *
   * @return {sequence, time}
   */
  public static long[] now(WriteAheadLog wal) {
    return new long[] {wal.durableSequence(), wal.durableTime()};
  }

  /**
   * Where a stream resuming after {@code token} starts: after the token's record, which the log
   * must still hold with the token's time.
   *
   * @throws MongoLakeException ChangeStreamHistoryLost when it does not
   */
  public static long[] after(WriteAheadLog wal, ResumeToken token) {
    if (token.sequence() == 0 && token.time() == 0 && wal.firstSequence() <= 1) {
      // The position of a stream opened on a log that held no record yet.
      return new long[] {0, 0};
    }
    Iterator<LogEntry> records = wal.readDurableAfter(token.sequence() - 1);
    if (records.hasNext()) {
      LogEntry record = records.next();
      if (record.sequence() == token.sequence() && LogTimes.of(record) == token.time()) {
        // Within a transaction the record is read again, its events up to the token's skipped.
        return token.inTransaction()
            ? new long[] {token.sequence() - 1, token.time()}
            : new long[] {token.sequence(), token.time()};
      }
    }
    throw historyLost("the resume token's position is not in the log");
  }

  /**
   * Where a stream starting at {@code time} ({@code startAtOperationTime}) starts: before the first
   * record at or after it.
   *
   * @throws MongoLakeException ChangeStreamHistoryLost when the log no longer holds that time
   */
  public static long[] at(WriteAheadLog wal, long time) {
    long first = wal.firstSequence();
    Iterator<LogEntry> records = wal.readDurableAfter(first - 1);
    boolean oldest = true;
    while (records.hasNext()) {
      LogEntry record = records.next();
      long recordTime = LogTimes.of(record);
      if (Long.compareUnsigned(recordTime, time) >= 0) {
        if (oldest && first > 1 && Long.compareUnsigned(recordTime, time) > 0) {
          throw historyLost("the log no longer holds records at that time");
        }
        return new long[] {record.sequence() - 1, time};
      }
      oldest = false;
    }
    return now(wal);
  }

  /** The events since the last poll that a reader may see now (durable), oldest first. */
  public List<BsonDocument> poll() {
    List<BsonDocument> out = new ArrayList<>();
    if (invalidated) {
      return out;
    }
    checkHistory();
    Iterator<LogEntry> records = wal.readDurableAfter(position);
    int read = 0;
    behind = false;
    while (records.hasNext()) {
      if (read++ == RECORDS_PER_POLL) {
        behind = true;
        break;
      }
      LogEntry record = records.next();
      long time = LogTimes.of(record);
      for (BsonDocument event :
          events.of(WalRecordCodec.decode(record.payload()), record.sequence(), time)) {
        if (seenAlready(record.sequence(), event)) {
          continue;
        }
        out.add(event);
        if (event.getString("operationType").getValue().equals("invalidate")) {
          invalidated = true;
        }
      }
      position = record.sequence();
      positionTime = time;
      pin.moveTo(position);
      if (invalidated) {
        break;
      }
    }
    return out;
  }

  /**
   * Whether {@code event} of the record at {@code sequence} is one the stream resumed after: an
   * event of the transaction a resume token pointed into, at or before the token's change.
   */
  private boolean seenAlready(long sequence, BsonDocument event) {
    if (resumedInside == null || resumedInside.sequence() != sequence) {
      return false;
    }
    ResumeToken token = ResumeToken.parse(event.getDocument("_id"), "_id");
    return token.index() <= resumedInside.index();
  }

  /**
   * Makes a stream that resumes after {@code token} skip the token's transaction's events up to the
   * token's (see {@link #after}); nothing for a token outside a transaction.
   */
  public ChangeStreamReader resumingInside(ResumeToken token) {
    if (token != null && token.inTransaction()) {
      resumedInside = token;
    }
    return this;
  }

  /** The token of the position read up to, for {@code postBatchResumeToken}. */
  public ResumeToken position() {
    return new ResumeToken(positionTime, position, false);
  }

  /** Whether the last poll stopped at its bound with durable records left to read. */
  public boolean behind() {
    return behind;
  }

  /** Whether the stream ended with an invalidate event. */
  public boolean invalidated() {
    return invalidated;
  }

  /** A mark to wait for records after (see {@link #await}); take it before the last poll. */
  public long mark() {
    return wal.durableMark();
  }

  /** Waits up to {@code nanos} for a record to become durable after {@code mark}. */
  public boolean await(long mark, long nanos) throws InterruptedException {
    return wal.awaitDurable(mark, nanos);
  }

  /** Releases the reader's hold on the log (see {@link LogPin}). */
  @Override
  public void close() {
    pin.close();
  }

  private void checkHistory() {
    if (position + 1 < wal.firstSequence()) {
      throw historyLost("the log was trimmed past the stream's position");
    }
  }

  private static MongoLakeException historyLost(String reason) {
    return new MongoLakeException(
        ErrorCode.CHANGE_STREAM_HISTORY_LOST,
        "Cannot resume the change stream: "
            + reason
            + " (the log keeps the records after the last checkpoint)");
  }
}
