package dev.mongolake.daktilo.internal;

import java.nio.ByteBuffer;

/**
 * Walks the frames of one segment from the header to the first frame that is not valid. Shared by
 * recovery (open), the verifier and the inspector, so all three agree on where a log ends.
 */
public final class SegmentScanner {
  private SegmentScanner() {}

  /** Receives every valid frame in order (the sparse index keeps one every N bytes). */
  public interface FrameSink {
    void frame(long sequence, int position);
  }

  /**
   * Outcome of a scan.
   *
   * @param validEnd end offset of the last complete record (batches count only when complete)
   * @param lastSequence sequence of that record, or firstSequence - 1 when there is none
   * @param stopOffset where the scan stopped (== limit when it ran to the end of the data)
   * @param stop why it stopped; {@code null} when it ran exactly to {@code limit}
   * @param stopReason a sentence for {@code stop}
   * @param storedCrc stored CRC of the rejected frame (-1 unless a checksum mismatch)
   * @param actualCrc computed CRC of the rejected frame (-1 unless a checksum mismatch)
   * @param openBatch true when an appendMany batch was still open at the stop: the records from
   *     {@code validEnd} to the stop belong to an incomplete batch
   */
  public record Result(
      int validEnd,
      long lastSequence,
      int stopOffset,
      FrameReader.Status stop,
      String stopReason,
      long storedCrc,
      long actualCrc,
      boolean openBatch) {

    /** The scan reached the exact end of the data with no open batch. */
    public boolean reachedEnd() {
      return stop == null && !openBatch;
    }
  }

  /** Scans {@code buf[64, limit)} expecting the first frame to carry {@code firstSequence}. */
  public static Result scan(ByteBuffer buf, int limit, long firstSequence, FrameSink sink) {
    FrameReader frames = new FrameReader();
    int pos = Format.SEGMENT_HEADER_SIZE;
    long expected = firstSequence;
    int validEnd = pos;
    long lastComplete = firstSequence - 1;
    boolean inBatch = false;
    while (true) {
      if (pos == limit) {
        return new Result(validEnd, lastComplete, pos, null, "end of data", -1, -1, inBatch);
      }
      FrameReader.Status status = frames.check(buf, pos, limit, expected);
      if (status != FrameReader.Status.VALID) {
        return new Result(
            validEnd,
            lastComplete,
            pos,
            status,
            frames.describe(status, expected),
            frames.storedCrc,
            frames.actualCrc,
            inBatch);
      }
      if (sink != null) {
        sink.frame(expected, pos);
      }
      pos += Format.FRAME_HEADER_SIZE + frames.length;
      inBatch = (frames.flags & Format.FRAME_BATCH_CONTINUES) != 0;
      if (!inBatch) {
        validEnd = pos;
        lastComplete = expected;
      }
      expected++;
    }
  }

  /**
   * Whether a valid frame carrying {@code sequence} starts anywhere in {@code buf[from, limit)}.
   * Used after a damaged frame in the active segment: a torn tail has nothing valid behind it,
   * while a damaged record in the middle of the log does.
   */
  public static boolean validFrameFollows(ByteBuffer buf, int from, int limit, long sequence) {
    FrameReader frames = new FrameReader();
    for (int pos = from; pos + Format.FRAME_HEADER_SIZE <= limit; pos++) {
      if (buf.getLong(pos + 4) == sequence
          && frames.check(buf, pos, limit, sequence) == FrameReader.Status.VALID) {
        return true;
      }
    }
    return false;
  }

  /** Offset of the first non-zero byte in {@code buf[from, limit)}, or -1 when all are zero. */
  public static int firstNonZero(ByteBuffer buf, int from, int limit) {
    int pos = from;
    while (pos < limit && (pos & 7) != 0) {
      if (buf.get(pos) != 0) {
        return pos;
      }
      pos++;
    }
    while (pos + 8 <= limit) {
      if (buf.getLong(pos) != 0) {
        break;
      }
      pos += 8;
    }
    for (; pos < limit; pos++) {
      if (buf.get(pos) != 0) {
        return pos;
      }
    }
    return -1;
  }

  /** Offset of the last non-zero byte in {@code buf[from, limit)}, or -1 when all are zero. */
  public static int lastNonZero(ByteBuffer buf, int from, int limit) {
    int pos = limit;
    while (pos > from && (pos & 7) != 0) {
      if (buf.get(pos - 1) != 0) {
        return pos - 1;
      }
      pos--;
    }
    while (pos - 8 >= from && buf.getLong(pos - 8) == 0) {
      pos -= 8;
    }
    for (; pos > from; pos--) {
      if (buf.get(pos - 1) != 0) {
        return pos - 1;
      }
    }
    return -1;
  }

  /** Number of frames from {@code from} to {@code to} (already validated, e.g. an open batch). */
  public static int framesBetween(ByteBuffer buf, int from, int to) {
    int n = 0;
    for (int pos = from; pos < to; n++) {
      pos += Format.FRAME_HEADER_SIZE + buf.getInt(pos);
    }
    return n;
  }
}
