package dev.mongolake.daktilo.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * Byte layout constants shared by the writer, the recovery scan, the verifier and the inspector.
 */
public final class Format {
  private Format() {}

  /** Current (and only) on-disk format version. */
  public static final int VERSION = 1;

  /** Segment header size in bytes. */
  public static final int SEGMENT_HEADER_SIZE = 64;

  /** Frame header size: length u32, sequence u64, flags u16, CRC32C u32. */
  public static final int FRAME_HEADER_SIZE = 18;

  /** Offset of the CRC inside the frame header; the CRC covers bytes [0, 14) plus the payload. */
  public static final int FRAME_CRC_OFFSET = 14;

  /** Frame flag: more records of the same {@code appendMany} batch follow this one. */
  public static final int FRAME_BATCH_CONTINUES = 1;

  /** All frame flags this version understands. */
  public static final int FRAME_KNOWN_FLAGS = FRAME_BATCH_CONTINUES;

  /**
   * Segment flag: this segment's first sequence deliberately skips ahead of the previous segment's
   * last sequence (the checkpoint was ahead of the recovered log, so sequences must not be reused).
   */
  public static final int SEGMENT_SEQUENCE_GAP = 1;

  /** Segment flag: the segment is stored as zstd blocks with a block index (sealed only). */
  public static final int SEGMENT_COMPRESSED = 2;

  /**
   * Segment flag: the file is a recycled (compacted) segment file, so the bytes after its last
   * record may be stale frames of the file's earlier life. Every such frame carries a sequence
   * below this segment's first sequence, so it never continues the chain (see FORMAT.md).
   */
  public static final int SEGMENT_RECYCLED = 4;

  /** All segment flags this version understands. */
  public static final int SEGMENT_KNOWN_FLAGS =
      SEGMENT_SEQUENCE_GAP | SEGMENT_COMPRESSED | SEGMENT_RECYCLED;

  /** "DKTLZEND" in ASCII: magic of a compressed segment's footer. */
  public static final byte[] COMPRESSED_FOOTER_MAGIC =
      "DKTLZEND".getBytes(StandardCharsets.US_ASCII);

  /** Size of one block index entry of a compressed segment. */
  public static final int BLOCK_ENTRY_SIZE = 32;

  /** Size of a compressed segment's footer. */
  public static final int COMPRESSED_FOOTER_SIZE = 32;

  /** Block flag: the block is zstd-compressed (otherwise stored raw). */
  public static final int BLOCK_ZSTD = 1;

  /** "DAKTILOG" in ASCII. */
  public static final byte[] SEGMENT_MAGIC = "DAKTILOG".getBytes(StandardCharsets.US_ASCII);

  /** "DKTLCKPT" in ASCII. */
  public static final byte[] CHECKPOINT_MAGIC = "DKTLCKPT".getBytes(StandardCharsets.US_ASCII);

  public static final String SEGMENT_SUFFIX = ".log";
  public static final String CHECKPOINT_FILE = "checkpoint";
  public static final String LOCK_FILE = "daktilo.lock";
  public static final String TEMP_SUFFIX = ".tmp";

  /** A little-endian view of {@code bytes}. */
  public static ByteBuffer le(byte[] bytes) {
    return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
  }

  /** CRC32C of {@code buf[from, to)} without moving the buffer's position. */
  public static long crc(ByteBuffer buf, int from, int to) {
    CRC32C crc = new CRC32C();
    crc.update(buf.slice(from, to - from));
    return crc.getValue();
  }

  /** Zero-padded (20 digits, so {@code ls} sorts numerically) name of segment {@code id}. */
  public static String segmentFileName(long id) {
    return String.format("%020d%s", id, SEGMENT_SUFFIX);
  }

  /** The segment id in a segment file name, or -1 when {@code name} is not one. */
  public static long parseSegmentId(String name) {
    if (name.length() != 20 + SEGMENT_SUFFIX.length() || !name.endsWith(SEGMENT_SUFFIX)) {
      return -1;
    }
    long id = 0;
    for (int i = 0; i < 20; i++) {
      char c = name.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      id = id * 10 + (c - '0');
    }
    return id;
  }
}
