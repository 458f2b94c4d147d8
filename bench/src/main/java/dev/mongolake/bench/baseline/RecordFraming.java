package dev.mongolake.bench.baseline;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * The record frame the raw baselines write and scan, the same shape as daktilo's: an 18-byte
 * little-endian header (length u32, sequence u64, flags u16, CRC32C u32 over the first 14 header
 * bytes and the payload) followed by the payload. Baselines frame their records so that they do the
 * same work as the engine, not less. Not thread safe.
 */
public final class RecordFraming {

  /** Bytes of the frame header. */
  public static final int HEADER_BYTES = 18;

  private static final int CHECKED_HEADER_BYTES = 14;

  private final CRC32C crc = new CRC32C();

  /** Bytes one framed record of {@code payloadBytes} takes. */
  public static int frameBytes(int payloadBytes) {
    return HEADER_BYTES + payloadBytes;
  }

  /** Appends one frame at {@code out}'s position (which must be little-endian). */
  public void frame(ByteBuffer out, long sequence, byte[] payload) {
    int start = out.position();
    out.putInt(payload.length).putLong(sequence).putShort((short) 0);
    crc.reset();
    crc.update(out.slice(start, CHECKED_HEADER_BYTES));
    crc.update(payload);
    out.putInt((int) crc.getValue()).put(payload);
  }

  /**
   * Checks the frames in {@code in} from its position, advancing past every complete frame, and
   * returns how many it checked. Stops at a partial frame (the caller reads more), or at a zero
   * length (preallocated space after the last record).
   *
   * @throws IllegalStateException when a complete frame fails its CRC
   */
  public int scan(ByteBuffer in) {
    in.order(ByteOrder.LITTLE_ENDIAN);
    int checked = 0;
    while (in.remaining() >= HEADER_BYTES) {
      int start = in.position();
      int length = in.getInt(start);
      if (length == 0 || in.remaining() < HEADER_BYTES + length) {
        break;
      }
      crc.reset();
      crc.update(in.slice(start, CHECKED_HEADER_BYTES));
      crc.update(in.slice(start + HEADER_BYTES, length));
      int stored = in.getInt(start + CHECKED_HEADER_BYTES);
      if (stored != (int) crc.getValue()) {
        throw new IllegalStateException(
            "Cannot scan the framed file: bad CRC at offset " + start + " of the buffer");
      }
      in.position(start + HEADER_BYTES + length);
      checked++;
    }
    return checked;
  }

  /** Whether {@code in} holds no more records at its position (a zero length). */
  public static boolean atEnd(ByteBuffer in) {
    return in.remaining() >= 4 && in.getInt(in.position()) == 0;
  }
}
