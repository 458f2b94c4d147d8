package dev.mongolake.daktilo.cli;

import dev.mongolake.daktilo.LogEntry;
import dev.mongolake.daktilo.internal.CompressedSegment;
import dev.mongolake.daktilo.internal.FileOps;
import dev.mongolake.daktilo.internal.Format;
import dev.mongolake.daktilo.internal.FrameReader;
import dev.mongolake.daktilo.internal.SegmentHeader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Follows a log directory by reading its segment files, without opening the log: it takes no lock,
 * so it follows a log that another process is writing. It reads with positional reads (never a
 * mapping: a writer truncates a segment when it seals it). A frame that is not complete yet (zero,
 * short or failing its CRC while the writer is still copying it) is retried after a poll interval;
 * once a newer segment exists the current one is sealed and the follower moves on.
 *
 * <p>Compressed sealed segments are read block by block through the engine's reader.
 *
 * <p>It returns a record as soon as its bytes are in the file, which in {@code BATCH} and {@code
 * STRICT} mode can be just before the record is acknowledged as durable. Not thread safe.
 */
final class SegmentFollower implements AutoCloseable {

  private static final int HEADER_PROBE = Format.FRAME_HEADER_SIZE;
  private static final int CHUNK_RECORDS = 512;
  private static final long CHUNK_BYTES = 1 << 20;

  private final Path dir;
  private final long pollNanos;
  private final FrameReader frames = new FrameReader();
  private FileChannel channel;
  private long segmentId = -1;
  private long position;
  private long expected;
  private ByteBuffer buffer = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
  private final List<LogEntry> openBatch = new ArrayList<>();
  private final ArrayDeque<LogEntry> completeBatch = new ArrayDeque<>();
  private long openBatchPosition;
  private CompressedSegment compressed;
  private long compressedNext;

  SegmentFollower(Path dir, Duration poll) {
    this.dir = dir;
    this.pollNanos = poll.toNanos();
  }

  /**
   * Blocks until the record at or after {@code from} that follows the last one returned is in the
   * files, and returns it; returns null when the thread is interrupted (the interrupt stays set).
   */
  LogEntry next(long from) throws IOException {
    while (!Thread.currentThread().isInterrupted()) {
      LogEntry entry = nextWritten(from);
      if (entry != null) {
        return entry;
      }
      LockSupport.parkNanos(pollNanos);
    }
    return null;
  }

  /**
   * The record at or after {@code from} that follows the last one returned, or null when the files
   * hold no further complete record now. Records of an {@code appendMany} batch are returned only
   * once the batch's last frame is written, since recovery drops an incomplete batch.
   */
  LogEntry nextWritten(long from) throws IOException {
    while (true) {
      LogEntry ready = completeBatch.poll();
      if (ready != null) {
        if (ready.sequence() >= from) {
          return ready;
        }
        continue;
      }
      if (channel == null && compressed == null && !openSegmentHolding(from)) {
        return null;
      }
      if (compressed != null) {
        if (!readCompressedChunk(from) && !moveToNextSegment()) {
          return null;
        }
        continue;
      }
      long before = position;
      LogEntry entry = readFrame();
      if (entry == null) {
        if (!moveToNextSegment()) {
          rewindOpenBatch();
          return null;
        }
        continue;
      }
      if ((frames.flags & Format.FRAME_BATCH_CONTINUES) != 0) {
        if (openBatch.isEmpty()) {
          openBatchPosition = before;
        }
        openBatch.add(entry);
      } else if (!openBatch.isEmpty()) {
        completeBatch.addAll(openBatch);
        completeBatch.add(entry);
        openBatch.clear();
      } else if (entry.sequence() >= from) {
        return entry;
      }
    }
  }

  /**
   * Queues the next chunk of records of the current compressed segment (sealed and immutable: its
   * records are all complete); false when it has no more.
   */
  private boolean readCompressedChunk(long from) {
    long last = compressed.lastSequence();
    long next = Math.max(compressedNext, from);
    if (next > last) {
      return false;
    }
    List<LogEntry> chunk = new ArrayList<>();
    compressed.read(next, last, CHUNK_RECORDS, CHUNK_BYTES, chunk);
    compressedNext = chunk.isEmpty() ? last + 1 : chunk.getLast().sequence() + 1;
    completeBatch.addAll(chunk);
    return !chunk.isEmpty();
  }

  /** Forgets the frames of an unfinished batch so that they are read again with the rest of it. */
  private void rewindOpenBatch() {
    if (!openBatch.isEmpty()) {
      position = openBatchPosition;
      expected = openBatch.getFirst().sequence();
      openBatch.clear();
    }
  }

  /** Opens the last segment whose first sequence is at or below {@code from}. */
  private boolean openSegmentHolding(long from) throws IOException {
    List<Path> files = FileOps.listSegments(dir);
    for (int i = files.size() - 1; i >= 0; i--) {
      if (open(files.get(i)) && (expected <= from || i == 0)) {
        return true;
      }
    }
    return false;
  }

  /** Moves to the segment after the current one, if one exists. */
  private boolean moveToNextSegment() throws IOException {
    for (Path file : FileOps.listSegments(dir)) {
      long id = Format.parseSegmentId(file.getFileName().toString());
      if (id > segmentId) {
        // Sealed now: read what remains once more, the writer may have finished it meanwhile.
        long before = position;
        if (channel != null && readFrame() != null) {
          position = before;
          expected--;
          return true;
        }
        // A batch never spans segments: frames of one left open at the end of a sealed segment
        // are dropped by recovery, so they are not delivered.
        openBatch.clear();
        return open(file);
      }
    }
    return false;
  }

  private boolean open(Path file) throws IOException {
    FileChannel next;
    try {
      next = FileChannel.open(file, StandardOpenOption.READ);
    } catch (NoSuchFileException e) {
      return false; // compacted away meanwhile
    }
    ByteBuffer header =
        ByteBuffer.allocate(Format.SEGMENT_HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
    if (readFully(next, header, 0) < Format.SEGMENT_HEADER_SIZE) {
      next.close();
      return false; // being created
    }
    long id = Format.parseSegmentId(file.getFileName().toString());
    SegmentHeader decoded;
    try {
      decoded = SegmentHeader.decode(header, file, id);
    } catch (RuntimeException e) {
      next.close();
      throw e;
    }
    close();
    if (decoded.compressed()) {
      // Compressed segments are sealed and immutable: read them block by block, not as frames.
      next.close();
      compressed = CompressedSegment.open(file, id);
      compressedNext = decoded.firstSequence();
      segmentId = id;
      expected = decoded.firstSequence();
      return true;
    }
    channel = next;
    segmentId = id;
    position = Format.SEGMENT_HEADER_SIZE;
    expected = decoded.firstSequence();
    return true;
  }

  /** The complete valid frame at the current position, advancing past it, or null. */
  private LogEntry readFrame() throws IOException {
    buffer.clear().limit(HEADER_PROBE);
    if (readFully(channel, buffer, position) < HEADER_PROBE) {
      return null;
    }
    long length = Integer.toUnsignedLong(buffer.getInt(0));
    if (length > Integer.MAX_VALUE - HEADER_PROBE) {
      return null;
    }
    int frameBytes = HEADER_PROBE + (int) length;
    if (buffer.capacity() < frameBytes) {
      buffer =
          ByteBuffer.allocate(Math.max(frameBytes, 2 * buffer.capacity()))
              .order(ByteOrder.LITTLE_ENDIAN);
    }
    buffer.clear().limit(frameBytes);
    int read = readFully(channel, buffer, position);
    if (frames.check(buffer, 0, read, expected) != FrameReader.Status.VALID) {
      return null;
    }
    byte[] payload = new byte[frames.length];
    buffer.get(HEADER_PROBE, payload);
    position += frameBytes;
    return new LogEntry(expected++, payload);
  }

  private static int readFully(FileChannel channel, ByteBuffer into, long at) throws IOException {
    int total = 0;
    while (into.hasRemaining()) {
      int read = channel.read(into, at + total);
      if (read < 0) {
        break;
      }
      total += read;
    }
    return total;
  }

  @Override
  public void close() throws IOException {
    if (compressed != null) {
      compressed.retire();
      compressed = null;
    }
    if (channel != null) {
      channel.close();
      channel = null;
    }
  }
}
