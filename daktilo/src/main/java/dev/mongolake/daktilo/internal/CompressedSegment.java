package dev.mongolake.daktilo.internal;

import com.github.luben.zstd.Zstd;
import dev.mongolake.daktilo.CorruptionException;
import dev.mongolake.daktilo.LogEntry;
import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.zip.CRC32C;

/**
 * A sealed segment stored as independent blocks, each holding whole raw frames (headers and CRCs
 * included) either zstd-compressed or raw (when compression does not shrink it enough), followed by
 * a block index and a footer. A random read binary-searches the index and decodes exactly one
 * block; every record's own CRC is still checked after decoding. See FORMAT.md.
 *
 * <pre>
 * [0, 64)              segment header (flag COMPRESSED)
 * [64, indexOffset)    blocks, back to back
 * [indexOffset, +32n)  block entries: first sequence u64 | offset u64 | stored length u32 |
 *                      raw length u32 | flags u16 (bit 0 zstd) | reserved u16 | CRC32C of stored u32
 * [end - 32, end)      footer: magic "DKTLZEND" | index offset u64 | block count u32 |
 *                      last sequence u64 | CRC32C of the index entries and footer bytes 0..27 u32
 * </pre>
 */
public final class CompressedSegment extends MappedSource {
  /** A block is stored raw unless zstd makes it at most this fraction of its size. */
  static final double MAX_RATIO = 0.9;

  private final ByteBuffer view;
  private final long lastSequence;
  private final long[] firstSequences;
  private final long[] offsets;
  private final int[] storedLengths;
  private final int[] rawLengths;
  private final int[] flags;
  private final long rawBytes;
  private volatile Decoded lastDecoded;

  private record Decoded(int block, ByteBuffer frames) {}

  private CompressedSegment(
      Path file, SegmentHeader header, Arena arena, ByteBuffer view, Index index) {
    super(file, header, arena);
    this.view = view;
    this.lastSequence = index.lastSequence;
    this.firstSequences = index.firstSequences;
    this.offsets = index.offsets;
    this.storedLengths = index.storedLengths;
    this.rawLengths = index.rawLengths;
    this.flags = index.flags;
    long raw = Format.SEGMENT_HEADER_SIZE;
    for (int r : rawLengths) {
      raw += r;
    }
    this.rawBytes = raw;
  }

  /** Maps a compressed segment and verifies all of it (blocks, CRCs, records, sequences). */
  public static CompressedSegment open(Path file, long id) throws IOException {
    return open(file, file, id);
  }

  /**
   * Maps {@code source} (e.g. a freshly written temporary file) but names it {@code file}, the name
   * it is about to be renamed to; the mapping follows the file across the rename.
   */
  static CompressedSegment open(Path source, Path file, long id) throws IOException {
    long size = Files.size(source);
    Arena arena = Arena.ofShared();
    try {
      ByteBuffer view =
          FileOps.map(source, false, size, arena).asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
      SegmentHeader header = SegmentHeader.decode(view, file, id);
      if (!header.compressed()) {
        throw new CorruptionException(file, 10, "segment is not flagged as compressed");
      }
      Index index = check(file, header, view);
      return new CompressedSegment(file, header, arena, view, index);
    } catch (IOException | RuntimeException e) {
      arena.close();
      throw e;
    }
  }

  /** What the verifier and the inspector need to know about a compressed segment. */
  public record Summary(long lastSequence, long rawBytes, int blocks) {}

  /**
   * Checks a compressed segment completely (see {@link #check}) and summarizes it.
   *
   * @throws CorruptionException at the first problem
   */
  public static Summary summarize(Path file, SegmentHeader header, ByteBuffer view) {
    Index index = check(file, header, view);
    long raw = Format.SEGMENT_HEADER_SIZE;
    for (int r : index.rawLengths) {
      raw += r;
    }
    return new Summary(index.lastSequence, raw, index.rawLengths.length);
  }

  /** The parsed block index. */
  static final class Index {
    long lastSequence;
    long[] firstSequences;
    long[] offsets;
    int[] storedLengths;
    int[] rawLengths;
    int[] flags;
  }

  /**
   * Checks every byte of a compressed segment whose header was already decoded: footer, index, each
   * block's CRC, decoding, every record's frame and CRC, and sequence continuity.
   *
   * @throws CorruptionException at the first problem
   */
  public static Index check(Path file, SegmentHeader header, ByteBuffer view) {
    int size = view.capacity();
    int footer = size - Format.COMPRESSED_FOOTER_SIZE;
    if (footer < Format.SEGMENT_HEADER_SIZE) {
      throw new CorruptionException(file, Math.max(0, footer), "compressed segment has no footer");
    }
    byte[] magic = new byte[8];
    view.get(footer, magic);
    if (!Arrays.equals(magic, Format.COMPRESSED_FOOTER_MAGIC)) {
      throw new CorruptionException(file, footer, "bad compressed segment footer magic");
    }
    long indexOffset = view.getLong(footer + 8);
    long count = Integer.toUnsignedLong(view.getInt(footer + 16));
    if (indexOffset < Format.SEGMENT_HEADER_SIZE
        || indexOffset > footer
        || (footer - indexOffset) != count * Format.BLOCK_ENTRY_SIZE) {
      throw new CorruptionException(file, footer + 8, "block index does not fit the file");
    }
    long stored = Integer.toUnsignedLong(view.getInt(footer + 28));
    CRC32C crc = new CRC32C();
    crc.update(view.slice((int) indexOffset, footer + 28 - (int) indexOffset));
    if (crc.getValue() != stored) {
      throw new CorruptionException(
          file, footer + 28, "block index checksum mismatch", stored, crc.getValue());
    }
    Index index = new Index();
    int n = (int) count;
    index.lastSequence = view.getLong(footer + 20);
    index.firstSequences = new long[n];
    index.offsets = new long[n];
    index.storedLengths = new int[n];
    index.rawLengths = new int[n];
    index.flags = new int[n];
    long expectedOffset = Format.SEGMENT_HEADER_SIZE;
    long expectedSequence = header.firstSequence();
    boolean inBatch = false;
    FrameReader frames = new FrameReader();
    for (int b = 0; b < n; b++) {
      int e = (int) indexOffset + b * Format.BLOCK_ENTRY_SIZE;
      long first = view.getLong(e);
      long offset = view.getLong(e + 8);
      long storedLength = Integer.toUnsignedLong(view.getInt(e + 16));
      long rawLength = Integer.toUnsignedLong(view.getInt(e + 20));
      int blockFlags = Short.toUnsignedInt(view.getShort(e + 24));
      if (first != expectedSequence
          || offset != expectedOffset
          || storedLength > indexOffset - offset
          || rawLength > Integer.MAX_VALUE
          || (blockFlags & ~Format.BLOCK_ZSTD) != 0) {
        throw new CorruptionException(file, e, "block " + b + " index entry is inconsistent");
      }
      index.firstSequences[b] = first;
      index.offsets[b] = offset;
      index.storedLengths[b] = (int) storedLength;
      index.rawLengths[b] = (int) rawLength;
      index.flags[b] = blockFlags;
      ByteBuffer raw =
          decode(
              file,
              view,
              b,
              offset,
              (int) storedLength,
              (int) rawLength,
              blockFlags,
              Integer.toUnsignedLong(view.getInt(e + 28)));
      int pos = 0;
      while (pos < rawLength) {
        FrameReader.Status status = frames.check(raw, pos, (int) rawLength, expectedSequence);
        if (status != FrameReader.Status.VALID) {
          throw new CorruptionException(
              file,
              offset,
              frames.describe(status, expectedSequence) + " in block " + b + " at " + pos,
              frames.storedCrc,
              frames.actualCrc);
        }
        inBatch = (frames.flags & Format.FRAME_BATCH_CONTINUES) != 0;
        pos += Format.FRAME_HEADER_SIZE + frames.length;
        expectedSequence++;
      }
      expectedOffset = offset + storedLength;
    }
    if (expectedOffset != indexOffset) {
      throw new CorruptionException(
          file, expectedOffset, "bytes between the last block and the index");
    }
    if (inBatch) {
      throw new CorruptionException(file, indexOffset, "compressed segment ends inside a batch");
    }
    if (index.lastSequence != expectedSequence - 1) {
      throw new CorruptionException(
          file,
          footer + 20,
          "footer says last sequence "
              + index.lastSequence
              + " but the blocks end at "
              + (expectedSequence - 1));
    }
    return index;
  }

  /** The raw frames of a block, after checking its stored CRC. */
  private static ByteBuffer decode(
      Path file,
      ByteBuffer view,
      int block,
      long offset,
      int storedLength,
      int rawLength,
      int blockFlags,
      long storedCrc) {
    ByteBuffer storedBytes = view.slice((int) offset, storedLength);
    CRC32C crc = new CRC32C();
    crc.update(storedBytes.duplicate());
    if (crc.getValue() != storedCrc) {
      throw new CorruptionException(
          file, offset, "block " + block + " checksum mismatch", storedCrc, crc.getValue());
    }
    if ((blockFlags & Format.BLOCK_ZSTD) == 0) {
      if (storedLength != rawLength) {
        throw new CorruptionException(file, offset, "raw block " + block + " has a wrong length");
      }
      return storedBytes.order(ByteOrder.LITTLE_ENDIAN);
    }
    byte[] dst = new byte[rawLength];
    long n;
    String error = "";
    try {
      // Straight from the mapping (a direct buffer): no intermediate copy of the stored bytes.
      n = Zstd.decompress(dst, storedBytes.duplicate());
    } catch (RuntimeException e) {
      n = -1;
      error = " (" + e.getMessage() + ")";
    }
    if (n != rawLength) {
      throw new CorruptionException(
          file,
          offset,
          "block " + block + " does not decompress to " + rawLength + " bytes" + error);
    }
    return ByteBuffer.wrap(dst).order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * Writes {@code source} (a sealed raw segment) compressed to {@code target}, fsynced. Returns
   * false when {@code stop} asked to abandon it (the partial file is deleted).
   */
  static boolean write(Segment source, Path target, int blockBytes, BooleanSupplier stop)
      throws IOException {
    ByteBuffer raw = source.view();
    int end = source.dataSize();
    SegmentHeader header = source.header().withFlag(Format.SEGMENT_COMPRESSED);
    ByteBuffer entries =
        ByteBuffer.allocate(16 * Format.BLOCK_ENTRY_SIZE).order(ByteOrder.LITTLE_ENDIAN);
    int count = 0;
    try (FileOutputStream file = new FileOutputStream(target.toFile());
        OutputStream out = new BufferedOutputStream(file, 1 << 16)) {
      out.write(header.encode());
      long offset = Format.SEGMENT_HEADER_SIZE;
      long sequence = header.firstSequence();
      int pos = Format.SEGMENT_HEADER_SIZE;
      while (pos < end) {
        if (stop.getAsBoolean()) {
          out.close();
          Files.deleteIfExists(target);
          return false;
        }
        int blockStart = pos;
        long blockFirst = sequence;
        do {
          pos += Format.FRAME_HEADER_SIZE + raw.getInt(pos);
          sequence++;
        } while (pos < end
            && pos - blockStart + Format.FRAME_HEADER_SIZE + raw.getInt(pos) <= blockBytes);
        byte[] block = new byte[pos - blockStart];
        raw.get(blockStart, block);
        byte[] compressed = Zstd.compress(block, 1);
        boolean zstd = compressed.length <= block.length * MAX_RATIO;
        byte[] stored = zstd ? compressed : block;
        CRC32C crc = new CRC32C();
        crc.update(stored);
        out.write(stored);
        if (entries.remaining() < Format.BLOCK_ENTRY_SIZE) {
          entries =
              ByteBuffer.allocate(entries.capacity() * 2)
                  .order(ByteOrder.LITTLE_ENDIAN)
                  .put(entries.flip());
        }
        entries
            .putLong(blockFirst)
            .putLong(offset)
            .putInt(stored.length)
            .putInt(block.length)
            .putShort((short) (zstd ? Format.BLOCK_ZSTD : 0))
            .putShort((short) 0)
            .putInt((int) crc.getValue());
        offset += stored.length;
        count++;
      }
      byte[] index = Arrays.copyOf(entries.array(), entries.position());
      byte[] footer = new byte[Format.COMPRESSED_FOOTER_SIZE];
      ByteBuffer f = Format.le(footer);
      f.put(0, Format.COMPRESSED_FOOTER_MAGIC);
      f.putLong(8, offset);
      f.putInt(16, count);
      f.putLong(20, sequence - 1);
      CRC32C crc = new CRC32C();
      crc.update(index);
      crc.update(footer, 0, 28);
      f.putInt(28, (int) crc.getValue());
      out.write(index);
      out.write(footer);
      out.flush();
      file.getFD().sync();
    }
    return true;
  }

  @Override
  public long lastSequence() {
    return lastSequence;
  }

  @Override
  public boolean sealed() {
    return true;
  }

  @Override
  public boolean compressed() {
    return true;
  }

  /** Header plus raw frame bytes: the segment's size before compression. */
  public long rawBytes() {
    return rawBytes;
  }

  @Override
  public int read(long from, long to, int maxRecords, long maxBytes, List<LogEntry> out) {
    long last = Math.min(to, lastSequence);
    long seq = Math.max(from, firstSequence());
    if (seq > last) {
      return 0;
    }
    int block = Arrays.binarySearch(firstSequences, seq);
    if (block < 0) {
      block = -block - 2;
    }
    FrameReader frames = new FrameReader();
    int added = 0;
    long bytes = 0;
    while (block < firstSequences.length && seq <= last) {
      ByteBuffer raw = block(block);
      int limit = rawLengths[block];
      int pos = 0;
      long at = firstSequences[block];
      while (at < seq) {
        pos += Format.FRAME_HEADER_SIZE + raw.getInt(pos);
        at++;
      }
      while (pos < limit && at <= last && added < maxRecords && (added == 0 || bytes < maxBytes)) {
        FrameReader.Status status = frames.check(raw, pos, limit, at);
        if (status != FrameReader.Status.VALID) {
          throw new CorruptionException(
              file(),
              offsets[block],
              frames.describe(status, at) + " in block " + block,
              frames.storedCrc,
              frames.actualCrc);
        }
        byte[] payload = new byte[frames.length];
        raw.get(pos + Format.FRAME_HEADER_SIZE, payload);
        out.add(new LogEntry(at, payload));
        added++;
        bytes += payload.length;
        pos += Format.FRAME_HEADER_SIZE + frames.length;
        at++;
      }
      if (added >= maxRecords || (added > 0 && bytes >= maxBytes)) {
        break;
      }
      seq = at;
      block++;
    }
    return added;
  }

  /** The decoded block, reusing the last one decoded (sequential readers decode each once). */
  private ByteBuffer block(int block) {
    Decoded d = lastDecoded;
    if (d != null && d.block == block) {
      return d.frames;
    }
    int e = block;
    ByteBuffer frames =
        decode(
            file(),
            view,
            block,
            offsets[e],
            storedLengths[e],
            rawLengths[e],
            flags[e],
            storedCrc(block));
    lastDecoded = new Decoded(block, frames);
    return frames;
  }

  private long storedCrc(int block) {
    int footer = view.capacity() - Format.COMPRESSED_FOOTER_SIZE;
    int indexOffset = (int) view.getLong(footer + 8);
    return Integer.toUnsignedLong(view.getInt(indexOffset + block * Format.BLOCK_ENTRY_SIZE + 28));
  }
}
