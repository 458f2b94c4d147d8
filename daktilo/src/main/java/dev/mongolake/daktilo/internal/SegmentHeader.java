package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.CorruptionException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The 64-byte header at the start of every segment file (little-endian):
 *
 * <pre>
 *  0  magic "DAKTILOG"      8 bytes
 *  8  format version        u16
 * 10  flags                 u16   (bit 0: sequence gap before this segment, bit 1: compressed)
 * 12  reserved              u32   (zero)
 * 16  segment id            u64
 * 24  first sequence        u64
 * 32  created at (epoch ms) u64
 * 40  reserved              20 bytes (zero)
 * 60  CRC32C of bytes 0..59 u32
 * </pre>
 */
public record SegmentHeader(
    int version, int flags, long segmentId, long firstSequence, long created) {

  public byte[] encode() {
    byte[] bytes = new byte[Format.SEGMENT_HEADER_SIZE];
    ByteBuffer b = Format.le(bytes);
    b.put(0, Format.SEGMENT_MAGIC);
    b.putShort(8, (short) version);
    b.putShort(10, (short) flags);
    b.putLong(16, segmentId);
    b.putLong(24, firstSequence);
    b.putLong(32, created);
    b.putInt(60, (int) Format.crc(b, 0, 60));
    return bytes;
  }

  /**
   * Decodes and checks the header at the start of {@code buf} (which must hold at least 64 bytes).
   *
   * @throws CorruptionException when the magic, CRC, version, flags or id are wrong
   */
  public static SegmentHeader decode(ByteBuffer buf, Path file, long expectedId) {
    ByteBuffer b = buf.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    byte[] magic = new byte[8];
    b.get(0, magic);
    if (!Arrays.equals(magic, Format.SEGMENT_MAGIC)) {
      throw new CorruptionException(file, 0, "bad segment magic (not a daktilo segment)");
    }
    long stored = Integer.toUnsignedLong(b.getInt(60));
    long actual = Format.crc(b, 0, 60);
    if (stored != actual) {
      throw new CorruptionException(file, 60, "segment header checksum mismatch", stored, actual);
    }
    int version = Short.toUnsignedInt(b.getShort(8));
    if (version != Format.VERSION) {
      throw new CorruptionException(
          file, 8, "unsupported format version " + version + " (this build reads version 1)");
    }
    int flags = Short.toUnsignedInt(b.getShort(10));
    if ((flags & ~Format.SEGMENT_KNOWN_FLAGS) != 0) {
      throw new CorruptionException(
          file, 10, "unknown segment flags 0x" + Integer.toHexString(flags));
    }
    long id = b.getLong(16);
    if (id != expectedId) {
      throw new CorruptionException(
          file, 16, "segment id " + id + " does not match its file name (id " + expectedId + ")");
    }
    long first = b.getLong(24);
    if (first < 1) {
      throw new CorruptionException(file, 24, "first sequence " + first + " is below 1");
    }
    return new SegmentHeader(version, flags, id, first, b.getLong(32));
  }

  public boolean sequenceGap() {
    return (flags & Format.SEGMENT_SEQUENCE_GAP) != 0;
  }

  public boolean compressed() {
    return (flags & Format.SEGMENT_COMPRESSED) != 0;
  }

  /** Whether the file was recycled: stale frames of its earlier life may follow the last record. */
  public boolean recycled() {
    return (flags & Format.SEGMENT_RECYCLED) != 0;
  }

  /** This header with {@code flag} added. */
  public SegmentHeader withFlag(int flag) {
    return new SegmentHeader(version, flags | flag, segmentId, firstSequence, created);
  }
}
