package dev.mongolake.daktilo.internal;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * Encodes the 18-byte frame header (length, sequence, flags, CRC32C of those 14 bytes followed by
 * the payload). Holds scratch state, so each instance belongs to one writer at a time.
 */
final class FrameEncoder {
  private final byte[] header = new byte[Format.FRAME_HEADER_SIZE];
  private final ByteBuffer headerView = Format.le(header);
  private final CRC32C crc = new CRC32C();

  /** The header of {@code payload}'s frame; the array is reused by the next call. */
  byte[] header(long sequence, int flags, byte[] payload) {
    ByteBuffer h = headerView;
    h.putInt(0, payload.length);
    h.putLong(4, sequence);
    h.putShort(12, (short) flags);
    crc.reset();
    crc.update(header, 0, Format.FRAME_CRC_OFFSET);
    crc.update(payload, 0, payload.length);
    h.putInt(Format.FRAME_CRC_OFFSET, (int) crc.getValue());
    return header;
  }

  /**
   * The CRC32C of {@code payload}'s frame (header bytes 0..13, then the payload), for a writer that
   * stores the header fields itself instead of copying {@link #header}'s array.
   */
  int crc(long sequence, int flags, byte[] payload) {
    ByteBuffer h = headerView;
    h.putInt(0, payload.length);
    h.putLong(4, sequence);
    h.putShort(12, (short) flags);
    crc.reset();
    crc.update(header, 0, Format.FRAME_CRC_OFFSET);
    crc.update(payload, 0, payload.length);
    return (int) crc.getValue();
  }
}
