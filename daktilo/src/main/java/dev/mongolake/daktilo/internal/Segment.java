package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.CorruptionException;
import dev.mongolake.daktilo.LogEntry;
import dev.mongolake.daktilo.TornTail;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One segment file mapped into memory. The active segment is mapped read-write over its whole
 * preallocated size. The writer either copies frames into the mapping ({@link #writeFrame}, ASYNC
 * mode) or writes them through the file ({@link #writeThrough}, STRICT and BATCH); either is the
 * "OS write" (the bytes are in the page cache, which the mapping shares, and survive a process
 * crash). {@link #force} flushes to the device. Sealed segments are read-only.
 *
 * <p>Writes come only from the log's writer, one at a time ({@link Writer}). Reads are lock-free: a
 * reader reads {@link #writePosition} (volatile, published after the bytes) and never looks past
 * it.
 */
public final class Segment extends MappedSource {
  private static final VarHandle WRITE_POSITION;
  private static final VarHandle LAST_SEQUENCE;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      WRITE_POSITION = lookup.findVarHandle(Segment.class, "writePosition", int.class);
      LAST_SEQUENCE = lookup.findVarHandle(Segment.class, "lastSequence", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final MemorySegment memory;
  private final ByteBuffer view;
  private final int capacity;
  private final SparseIndex index;
  private volatile int writePosition;
  private volatile long lastSequence;
  private volatile boolean sealed;
  private final AtomicLong durableOffset;

  /** What {@link #openActive} cut off the end of the file; null when nothing. */
  private TornTail droppedTail;

  // Writer side, used only by the log's writer (see Writer).
  private final FrameEncoder encoder = new FrameEncoder();
  private SegmentChannel channel;

  private Segment(
      Path file,
      SegmentHeader header,
      Arena arena,
      MemorySegment memory,
      SparseIndex index,
      int writePosition,
      long lastSequence,
      boolean sealed) {
    super(file, header, arena);
    this.memory = memory;
    this.view = memory.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    this.capacity = (int) memory.byteSize();
    this.index = index;
    this.writePosition = writePosition;
    this.lastSequence = lastSequence;
    this.sealed = sealed;
    this.durableOffset = new AtomicLong(writePosition);
  }

  /** Maps and fully scans a sealed segment; any damage is a {@link CorruptionException}. */
  public static Segment openSealed(Path file, long id, int indexInterval) throws IOException {
    long size = java.nio.file.Files.size(file);
    checkSize(file, size);
    Arena arena = Arena.ofShared();
    try {
      MemorySegment memory = FileOps.map(file, false, size, arena);
      ByteBuffer view = memory.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
      SegmentHeader header = SegmentHeader.decode(view, file, id);
      SparseIndex index = new SparseIndex(header.firstSequence(), indexInterval);
      SegmentScanner.Result scan =
          SegmentScanner.scan(view, (int) size, header.firstSequence(), index);
      if (!scan.reachedEnd()) {
        int at = scan.openBatch() && scan.stop() == null ? scan.validEnd() : scan.stopOffset();
        String reason =
            scan.stop() == null
                ? "sealed segment ends inside an appendMany batch"
                : scan.stopReason() + " in a sealed segment";
        throw new CorruptionException(file, at, reason, scan.storedCrc(), scan.actualCrc());
      }
      return new Segment(
          file, header, arena, memory, index, scan.validEnd(), scan.lastSequence(), true);
    } catch (RuntimeException | IOException e) {
      arena.close();
      throw e;
    }
  }

  /**
   * Maps the active (last) segment read-write over {@code capacity} bytes, finds the end of its
   * valid records and cleans up a torn tail: the file is grown back to its preallocated size and
   * any bytes after the last complete record are zeroed, so stale bytes can never be mistaken for
   * records later.
   *
   * @throws CorruptionException when the header is damaged or a damaged frame is followed by a
   *     valid record (damage inside the log, not a torn tail)
   */
  static Segment openActive(
      Path file, long id, long segmentSize, int indexInterval, SegmentPreallocator allocator)
      throws IOException {
    long size = java.nio.file.Files.size(file);
    checkSize(file, size);
    long capacity = Math.max(size, segmentSize);
    if (size < capacity) {
      FileOps.extend(file, capacity, allocator);
    }
    Arena arena = Arena.ofShared();
    try {
      MemorySegment memory = FileOps.map(file, true, capacity, arena);
      ByteBuffer view = memory.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
      SegmentHeader header = SegmentHeader.decode(view, file, id);
      if (header.compressed()) {
        throw new CorruptionException(file, 10, "the active (last) segment is compressed");
      }
      SparseIndex index = new SparseIndex(header.firstSequence(), indexInterval);
      int limit = (int) capacity;
      SegmentScanner.Result scan = SegmentScanner.scan(view, limit, header.firstSequence(), index);
      int end = scan.validEnd();
      int dirty = SegmentScanner.firstNonZero(view, end, limit);
      boolean damagedFrame =
          scan.stop() != null
              && scan.stop() != FrameReader.Status.SHORT_HEADER
              && (scan.stop() != FrameReader.Status.ZERO_HEADER || dirty >= 0);
      if (damagedFrame) {
        // A torn tail has nothing valid behind it; a damaged record inside the log does. The
        // damaged frame carries the sequence after the open batch's frames; look for the next one.
        long afterDamaged =
            scan.lastSequence() + SegmentScanner.framesBetween(view, end, scan.stopOffset()) + 2;
        if (SegmentScanner.validFrameFollows(view, scan.stopOffset() + 1, limit, afterDamaged)) {
          throw new CorruptionException(
              file,
              scan.stopOffset(),
              scan.stopReason() + ", and valid records follow it (damage inside the log)",
              scan.storedCrc(),
              scan.actualCrc());
        }
      }
      index.truncateAfter(scan.lastSequence());
      if (dirty >= 0) {
        // Torn tail or incomplete batch: zero everything after the last complete record, so stale
        // bytes can never be read as records once new ones are written around them.
        int dirtyEnd = SegmentScanner.lastNonZero(view, end, limit) + 1;
        memory.asSlice(end, dirtyEnd - end).fill((byte) 0);
        memory.asSlice(end, dirtyEnd - end).force();
        Segment segment =
            new Segment(file, header, arena, memory, index, end, scan.lastSequence(), false);
        segment.droppedTail = new TornTail(file, end, dirtyEnd - end, scan.lastSequence());
        return segment;
      }
      return new Segment(file, header, arena, memory, index, end, scan.lastSequence(), false);
    } catch (RuntimeException | IOException e) {
      arena.close();
      throw e;
    }
  }

  /** What opening this active segment cut off its end, if anything (see {@link TornTail}). */
  public Optional<TornTail> droppedTail() {
    return Optional.ofNullable(droppedTail);
  }

  /**
   * Creates a new segment file, preallocated by {@code allocator} (or from {@code prepared}, a
   * spare made in the background, when not null), and maps it as the active segment. {@code
   * largeFlushes}: see {@link SegmentPreallocator#writesZeros}.
   */
  static Segment create(
      Path file,
      SegmentHeader header,
      long segmentSize,
      int indexInterval,
      Path prepared,
      SegmentPreallocator allocator,
      boolean largeFlushes)
      throws IOException {
    FileOps.createSegment(file, header.encode(), segmentSize, prepared, allocator, largeFlushes);
    Arena arena = Arena.ofShared();
    try {
      MemorySegment memory = FileOps.map(file, true, segmentSize, arena);
      SparseIndex index = new SparseIndex(header.firstSequence(), indexInterval);
      return new Segment(
          file,
          header,
          arena,
          memory,
          index,
          Format.SEGMENT_HEADER_SIZE,
          header.firstSequence() - 1,
          false);
    } catch (RuntimeException | IOException e) {
      arena.close();
      throw e;
    }
  }

  private static void checkSize(Path file, long size) {
    if (size < Format.SEGMENT_HEADER_SIZE) {
      throw new CorruptionException(
          file, size, "segment file is " + size + " bytes, shorter than its 64-byte header");
    }
    if (size > Integer.MAX_VALUE) {
      throw new CorruptionException(file, 0, "segment file is larger than 2 GiB (" + size + ")");
    }
  }

  // ---- writing (by the log's writer, one at a time) ----

  /** Size of the mapping (the preallocated file size). */
  public int capacity() {
    return capacity;
  }

  /** Free bytes after the write position. */
  public int remaining() {
    return capacity - writePosition;
  }

  /** Copies one frame at {@code position} (not yet published) and returns the position after it. */
  public int writeFrame(int position, long sequence, int flags, byte[] payload) {
    // The header fields are stored straight into the mapping (no 18-byte array copy per record).
    int crc = encoder.crc(sequence, flags, payload);
    ByteBuffer v = view;
    v.putInt(position, payload.length);
    v.putLong(position + 4, sequence);
    v.putShort(position + 12, (short) flags);
    v.putInt(position + Format.FRAME_CRC_OFFSET, crc);
    v.put(position + Format.FRAME_HEADER_SIZE, payload, 0, payload.length);
    index.frame(sequence, position);
    return position + Format.FRAME_HEADER_SIZE + payload.length;
  }

  /**
   * Writes already framed bytes ({@code src}, not yet published) at {@code position} through the
   * file instead of the mapping; {@link #force} then flushes through the file as well.
   */
  void writeThrough(ByteBuffer src, int position) throws IOException {
    if (position + src.remaining() > capacity) {
      throw new IllegalArgumentException(
          "Cannot write " + src.remaining() + " bytes at " + position + " of " + file());
    }
    if (channel == null) {
      channel = new SegmentChannel(file());
    }
    channel.write(src, position);
  }

  /**
   * Makes frames written up to {@code end} (last sequence {@code last}) visible to readers. Release
   * stores: a reader's volatile read of the position then sees the bytes before it, which is all
   * publication needs (no full fence per append).
   */
  public void publish(int end, long last) {
    LAST_SEQUENCE.setRelease(this, last);
    WRITE_POSITION.setRelease(this, end);
  }

  public int writePosition() {
    return writePosition;
  }

  /**
   * Flushes the bytes up to {@code end} to the device: {@code fdatasync} when they were written
   * through the file, else {@code msync} of the range (on Linux a ranged fdatasync). Returns
   * whether there was anything to flush.
   */
  public boolean force(int end) {
    long from = durableOffset.get();
    if (end <= from) {
      return false;
    }
    SegmentChannel ch = channel;
    if (ch != null) {
      try {
        ch.force();
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot sync segment " + file(), e);
      }
    } else {
      memory.asSlice(from, end - from).force();
    }
    durableOffset.accumulateAndGet(end, Math::max);
    return true;
  }

  /**
   * Seals this segment: flushes it, cuts the preallocated remainder off the file and fsyncs. The
   * mapping stays (it is only read from now on, never past the new end).
   */
  public void seal() throws IOException {
    int end = writePosition;
    force(end);
    closeChannel();
    FileOps.truncate(file(), end);
    sealed = true;
  }

  /** Closes the file handle of writes through the file, if any (seal and close). */
  public void closeChannel() throws IOException {
    SegmentChannel ch = channel;
    channel = null;
    if (ch != null) {
      ch.close();
    }
  }

  // ---- reading ----

  @Override
  public long lastSequence() {
    return lastSequence;
  }

  @Override
  public boolean sealed() {
    return sealed;
  }

  @Override
  public boolean compressed() {
    return false;
  }

  /** A read-only view of the whole mapping (for the compressor). */
  ByteBuffer view() {
    return view.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }

  public SparseIndex index() {
    return index;
  }

  /** Bytes used by records and header (the sealed size). */
  public int dataSize() {
    return writePosition;
  }

  @Override
  public int read(long from, long to, int maxRecords, long maxBytes, List<LogEntry> out) {
    int limit = writePosition;
    long last = Math.min(to, lastSequence);
    long seq = Math.max(from, header().firstSequence());
    if (seq > last) {
      return 0;
    }
    int entry = index.floor(seq);
    int pos = entry < 0 ? Format.SEGMENT_HEADER_SIZE : index.positionAt(entry);
    long at = entry < 0 ? header().firstSequence() : index.sequenceAt(entry);
    // Walk to the first wanted frame, checking only the frame structure.
    while (at < seq) {
      long len = frameLength(pos, limit, at);
      pos += Format.FRAME_HEADER_SIZE + (int) len;
      at++;
    }
    FrameReader frames = new FrameReader();
    int added = 0;
    long bytes = 0;
    while (at <= last && added < maxRecords && (added == 0 || bytes < maxBytes)) {
      FrameReader.Status status = frames.check(view, pos, limit, at);
      if (status != FrameReader.Status.VALID) {
        throw new CorruptionException(
            file(), pos, frames.describe(status, at), frames.storedCrc, frames.actualCrc);
      }
      byte[] payload = new byte[frames.length];
      view.get(pos + Format.FRAME_HEADER_SIZE, payload);
      out.add(new LogEntry(at, payload));
      added++;
      bytes += payload.length;
      pos += Format.FRAME_HEADER_SIZE + frames.length;
      at++;
    }
    return added;
  }

  /**
   * The payload of the frame at {@code position} if it is a valid frame for {@code sequence}
   * (structure and CRC), else null. Used by the ring cache, whose slot may be stale.
   */
  public byte[] payloadAt(int position, long sequence) {
    int limit = writePosition;
    if (position < Format.SEGMENT_HEADER_SIZE || position > limit - Format.FRAME_HEADER_SIZE) {
      return null;
    }
    FrameReader frames = new FrameReader();
    if (frames.check(view, position, limit, sequence) != FrameReader.Status.VALID) {
      return null;
    }
    byte[] payload = new byte[frames.length];
    view.get(position + Format.FRAME_HEADER_SIZE, payload);
    return payload;
  }

  private long frameLength(int pos, int limit, long expected) {
    if (limit - pos < Format.FRAME_HEADER_SIZE || view.getLong(pos + 4) != expected) {
      throw new CorruptionException(
          file(), pos, "frame structure broken while seeking sequence " + expected);
    }
    long len = Integer.toUnsignedLong(view.getInt(pos));
    if (len > limit - pos - Format.FRAME_HEADER_SIZE) {
      throw new CorruptionException(file(), pos, "frame length runs past the end of the segment");
    }
    return len;
  }
}
