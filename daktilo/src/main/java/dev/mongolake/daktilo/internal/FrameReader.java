package dev.mongolake.daktilo.internal;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * Checks one frame at a time inside a little-endian buffer and keeps the decoded fields of the last
 * frame it looked at. Not thread-safe: one per scan or read.
 *
 * <p>Frame layout: length u32 | sequence u64 | flags u16 | CRC32C u32 | payload. The CRC covers the
 * first 14 header bytes and the payload.
 */
public final class FrameReader {

  /** Why {@link #check} accepted or rejected a frame. */
  public enum Status {
    VALID,
    /** Fewer than 18 bytes are left before the end of the data. */
    SHORT_HEADER,
    /** The 18 header bytes are all zero: preallocated space, the clean end of an active segment. */
    ZERO_HEADER,
    /** The length runs past the end of the data. */
    SHORT_PAYLOAD,
    BAD_CRC,
    BAD_SEQUENCE,
    BAD_FLAGS
  }

  private final CRC32C crc = new CRC32C();
  public int length;
  public long sequence;
  public int flags;
  public long storedCrc;
  public long actualCrc;

  /**
   * Checks the frame at {@code pos}, expecting {@code expectedSequence}, with data ending at {@code
   * limit}.
   */
  public Status check(ByteBuffer buf, int pos, int limit, long expectedSequence) {
    storedCrc = -1;
    actualCrc = -1;
    if (limit - pos < Format.FRAME_HEADER_SIZE) {
      return Status.SHORT_HEADER;
    }
    long lenRaw = Integer.toUnsignedLong(buf.getInt(pos));
    sequence = buf.getLong(pos + 4);
    flags = Short.toUnsignedInt(buf.getShort(pos + 12));
    storedCrc = Integer.toUnsignedLong(buf.getInt(pos + Format.FRAME_CRC_OFFSET));
    if (lenRaw == 0 && sequence == 0 && flags == 0 && storedCrc == 0) {
      storedCrc = -1;
      return Status.ZERO_HEADER;
    }
    if (lenRaw > limit - pos - Format.FRAME_HEADER_SIZE) {
      length = -1;
      storedCrc = -1;
      return Status.SHORT_PAYLOAD;
    }
    length = (int) lenRaw;
    actualCrc = crcOf(buf, pos, length);
    if (actualCrc != storedCrc) {
      return Status.BAD_CRC;
    }
    storedCrc = -1;
    actualCrc = -1;
    if (sequence != expectedSequence) {
      return Status.BAD_SEQUENCE;
    }
    if ((flags & ~Format.FRAME_KNOWN_FLAGS) != 0) {
      return Status.BAD_FLAGS;
    }
    return Status.VALID;
  }

  /** CRC32C of the frame at {@code pos} with a payload of {@code length} bytes. */
  public long crcOf(ByteBuffer buf, int pos, int length) {
    crc.reset();
    crc.update(buf.slice(pos, Format.FRAME_CRC_OFFSET));
    crc.update(buf.slice(pos + Format.FRAME_HEADER_SIZE, length));
    return crc.getValue();
  }

  /** A sentence describing a rejected frame, for exceptions and verify reports. */
  public String describe(Status status, long expectedSequence) {
    return switch (status) {
      case VALID -> "valid frame";
      case SHORT_HEADER -> "truncated frame header";
      case ZERO_HEADER -> "zero frame header where sequence " + expectedSequence + " was expected";
      case SHORT_PAYLOAD -> "frame length runs past the end of the segment (truncated payload)";
      case BAD_CRC -> "frame checksum mismatch (sequence field " + sequence + ")";
      case BAD_SEQUENCE ->
          "frame has sequence " + sequence + " where " + expectedSequence + " was expected";
      case BAD_FLAGS -> "frame has unknown flags 0x" + Integer.toHexString(flags);
    };
  }
}
