package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.DaktiloException;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.daktilo.LogClosedException;
import dev.mongolake.daktilo.Preallocation;
import dev.mongolake.daktilo.TornTail;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The log: segments, the write path, durability and the read path. {@code Daktilo} is its public
 * face; see there for the contract.
 *
 * <p>Sequences: {@code writtenSequence} is the last record copied into the active segment, {@code
 * durableSequence} the last one flushed to the device, {@code committedSequence} the last one
 * acknowledged (durable in STRICT and BATCH, written in ASYNC). Readers and tails see only
 * committed records, so nothing a reader saw can vanish in a process crash.
 */
public final class SegmentedLog implements AutoCloseable {
  private static final VarHandle WRITTEN_SEQUENCE;

  static {
    try {
      WRITTEN_SEQUENCE =
          MethodHandles.lookup().findVarHandle(SegmentedLog.class, "writtenSequence", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Path dir;
  private final DaktiloOptions options;
  private final Durability mode;
  private final DirectoryLock directoryLock;

  /** The writer role (see Writer); close() takes it too, to stop writing. */
  private final ReentrantLock writeLock = new ReentrantLock();

  /** Guards replacing the segments array: roll, compaction and installing compressed segments. */
  private final Object segmentsLock = new Object();

  private final ReentrantLock maintenanceLock = new ReentrantLock();
  private final RingCache cache;
  private final TailHub tails = new TailHub();
  private final Writer writer;
  private final Syncer syncer;
  private final SegmentPreallocator allocator;
  private final Preallocator preallocator;
  private final Compressor compressor;
  private boolean spareRequested; // writer role
  private long flushesAtSegmentStart; // writer role

  /** Writer role: whether the active segment's flushes were large when its spare was asked for. */
  private boolean largeFlushes;

  private final LogReader reader;
  private final AtomicLong durable = new AtomicLong();
  private final AtomicLong committed = new AtomicLong();
  private volatile Segment active;
  private volatile RecordSource[] segments;
  private volatile long writtenSequence;
  private volatile long checkpoint;
  private volatile boolean closed;
  private volatile Throwable failure;
  private final TornTail droppedTail;

  private SegmentedLog(
      Path dir,
      DaktiloOptions options,
      DirectoryLock lock,
      SegmentPreallocator allocator,
      Recovery.State state) {
    this.dir = dir;
    this.allocator = allocator;
    this.options = options;
    this.mode = options.durability();
    this.directoryLock = lock;
    this.cache = new RingCache(options.cacheBytes());
    this.segments = state.segments();
    this.active = (Segment) segments[segments.length - 1];
    this.droppedTail = active.droppedTail().orElse(null);
    this.checkpoint = state.checkpoint();
    long last = state.lastSequence();
    this.writtenSequence = last;
    this.durable.set(last);
    this.committed.set(last);
    this.writer = new Writer(this, mode, writeLock, cache, state.nextSequence());
    this.syncer =
        new Syncer(
            this,
            writer,
            mode,
            options.asyncFlushInterval().toNanos(),
            "daktilo-sync-" + dir.getFileName());
    this.preallocator =
        new Preallocator(
            dir,
            options.segmentSize(),
            allocator,
            options.recycledSegments(),
            "daktilo-prealloc-" + dir.getFileName());
    this.reader = new LogReader(this, cache, tails, options.tailPrefetch());
    this.compressor =
        options.compression()
            ? new Compressor(
                options.compressionBlockBytes(),
                this::installCompressed,
                "daktilo-compress-" + dir.getFileName())
            : null;
  }

  /** Opens (or creates) the log in {@code dir}, recovering it first. */
  public static SegmentedLog open(Path dir, DaktiloOptions options) {
    DirectoryLock lock = null;
    try {
      Files.createDirectories(dir);
      lock = DirectoryLock.acquire(dir);
      // Decided once per log (a probe in its directory when fallocate is asked for).
      SegmentPreallocator allocator = SegmentPreallocator.forLog(dir, options);
      Recovery.State state = Recovery.recover(dir, options, allocator);
      SegmentedLog log = new SegmentedLog(dir, options, lock, allocator, state);
      log.writeLock.lock();
      try {
        if (state.nextSequence() > log.active.lastSequence() + 1) {
          // The checkpoint is ahead of the recovered log (an ASYNC crash lost acknowledged
          // records): continue after the checkpoint, never reusing a sequence.
          log.roll(state.nextSequence(), Format.SEGMENT_SEQUENCE_GAP);
          // As a later reopen will see it: the head is just before the new segment.
          long head = state.nextSequence() - 1;
          log.writtenSequence = head;
          log.durable.set(head);
          log.committed.set(head);
        }
      } catch (RuntimeException e) {
        for (RecordSource s : log.segments) {
          s.retire();
        }
        throw e;
      } finally {
        log.writeLock.unlock();
      }
      log.syncer.start();
      log.preallocator.start();
      if (log.compressor != null) {
        log.compressor.start();
        for (RecordSource s : log.segments) {
          if (s.sealed() && !s.compressed() && s instanceof Segment raw) {
            log.compressor.submit(raw);
          }
        }
      }
      return log;
    } catch (IOException e) {
      closeQuietly(lock);
      throw new DaktiloException("Cannot open log " + dir + ": " + e, e);
    } catch (RuntimeException e) {
      closeQuietly(lock);
      throw e;
    }
  }

  private static void closeQuietly(AutoCloseable c) {
    if (c != null) {
      try {
        c.close();
      } catch (Exception ignored) {
        // already failing
      }
    }
  }

  // ---- appending (see Writer) ----

  /**
   * Appends one record. The payload is only read during the call (it is copied into the segment
   * before the call returns), so callers need not copy it.
   */
  public long append(byte[] payload) {
    checkFits(Format.FRAME_HEADER_SIZE + (long) payload.length, 1);
    checkWritable();
    return writer.append(payload);
  }

  public long[] appendMany(byte[][] payloads) {
    if (payloads.length == 0) {
      return new long[0];
    }
    long total = 0;
    for (byte[] p : payloads) {
      total += Format.FRAME_HEADER_SIZE + (long) p.length;
    }
    checkFits(total, payloads.length);
    checkWritable();
    return writer.appendMany(payloads, total);
  }

  public CompletableFuture<Long> appendAsync(byte[] payload) {
    checkFits(Format.FRAME_HEADER_SIZE + (long) payload.length, 1);
    checkWritable();
    CompletableFuture<Long> future = new CompletableFuture<>();
    if (mode == Durability.ASYNC) {
      // Acknowledged once written: write it here, the caller never waits for a device.
      try {
        future.complete(writer.append(payload));
      } catch (DaktiloException e) {
        future.completeExceptionally(e);
      }
      return future;
    }
    // The request outlives the call: copy, as the caller may reuse the array at once.
    writer.appendAsync(Append.completing(payload.clone(), future));
    return future;
  }

  private void checkFits(long framedBytes, int records) {
    long room = options.segmentSize() - Format.SEGMENT_HEADER_SIZE;
    if (framedBytes > room) {
      throw new IllegalArgumentException(
          "Cannot append "
              + (records == 1 ? "a record" : "a batch")
              + " of "
              + framedBytes
              + " framed bytes: a segment holds at most "
              + room
              + " (raise segmentSize)");
    }
  }

  private void checkWritable() {
    if (mode != Durability.ASYNC && syncer.isSyncThread()) {
      throw new IllegalStateException(
          "Cannot append or flush from a callback on the log's sync thread: it would wait for"
              + " itself (attach callbacks with an executor, e.g. thenApplyAsync)");
    }
    if (closed) {
      throw new LogClosedException("Cannot append to log " + dir + ": it is closed");
    }
    RuntimeException failed = failedException();
    if (failed != null) {
      throw failed;
    }
  }

  /** Why nothing may be written any more (a flush or roll failed), or null. */
  RuntimeException failedException() {
    Throwable f = failure;
    if (f == null) {
      return null;
    }
    return new DaktiloException(
        "Cannot append to log " + dir + ": it failed earlier (" + f + "); reopen it", f);
  }

  LogClosedException closedException(String action) {
    return new LogClosedException("Cannot " + action + " log " + dir + ": it is closed");
  }

  // ---- writer callbacks (the caller holds the writer role) ----

  Segment active() {
    return active;
  }

  /** Records that frames up to {@code end} of {@code segment} (last {@code last}) are written. */
  void written(Segment segment, int end, long last) {
    WRITTEN_SEQUENCE.setRelease(this, last); // publication only: no full fence per append
    if (!spareRequested && end > segment.capacity() / 8) {
      // Early enough to be ready at the roll, late enough that small logs (tests, short-lived
      // tools) never write a spare.
      spareRequested = true;
      long flushes = syncCount() - flushesAtSegmentStart;
      largeFlushes =
          flushes > 0
              && (end - Format.SEGMENT_HEADER_SIZE) / flushes
                  >= SegmentPreallocator.LARGE_FLUSH_BYTES;
      preallocator.request(largeFlushes);
    }
  }

  /** ASYNC mode: records up to {@code last} are acknowledged once written. */
  void acknowledge(long last) {
    if (committed.get() < last) {
      committed.set(last);
      tails.signal();
    }
  }

  void wakeSyncer() {
    syncer.wake();
  }

  /** Seals the active segment and starts the next one at {@code firstSequence}. */
  void roll(long firstSequence) {
    roll(firstSequence, 0);
  }

  /** Seals the active segment and starts segment id + 1 at {@code firstSequence}. */
  private void roll(long firstSequence, int flags) {
    Segment old = active;
    try {
      old.seal();
      long id = old.header().segmentId() + 1;
      Preallocator.Spare spare = preallocator.take();
      int allFlags = spare != null && spare.recycled() ? flags | Format.SEGMENT_RECYCLED : flags;
      SegmentHeader header =
          new SegmentHeader(Format.VERSION, allFlags, id, firstSequence, options.clock().millis());
      Segment next =
          Segment.create(
              dir.resolve(Format.segmentFileName(id)),
              header,
              options.segmentSize(),
              options.indexIntervalBytes(),
              spare == null ? null : spare.file(),
              allocator,
              largeFlushes);
      spareRequested = false;
      flushesAtSegmentStart = syncCount();
      synchronized (segmentsLock) {
        RecordSource[] current = segments;
        RecordSource[] grown = Arrays.copyOf(current, current.length + 1);
        grown[current.length] = next;
        segments = grown;
        active = next;
      }
      if (compressor != null) {
        compressor.submit(old);
      }
    } catch (IOException | RuntimeException e) {
      // The old segment may already be cut to its end: writing on would fault. Stop here; a
      // reopen continues in it.
      fail(e);
      throw new DaktiloException("Cannot roll to a new segment in " + dir + ": " + e, e);
    }
  }

  // ---- durability ----

  long writtenSequence() {
    return writtenSequence;
  }

  long durableSequence() {
    return durable.get();
  }

  Throwable failure() {
    return failure;
  }

  /** ASYNC mode, on the sync thread: flushes the active segment up to its write position. */
  void syncTo() {
    while (true) {
      Segment s = active;
      // A roll may seal the segment and hand it to compression, which retires its mapping: hold a
      // reference while forcing. A segment that can no longer be acquired was forced when sealed,
      // so the records to sync are in the new active segment.
      if (s.acquire()) {
        try {
          s.force(s.writePosition());
          return;
        } finally {
          s.release();
        }
      }
      if (active == s) {
        // Retired without a successor: the log is closing and close() forces what it holds.
        return;
      }
    }
  }

  /** Records that every sequence up to {@code sequence} is on the device. */
  void markDurable(long sequence) {
    durable.accumulateAndGet(sequence, Math::max);
    if (mode != Durability.ASYNC && committed.get() < sequence) {
      committed.accumulateAndGet(sequence, Math::max);
      tails.signal();
    }
  }

  /** Marks the log failed (a write, flush or roll failed: retrying an fsync is not safe). */
  void fail(Throwable cause) {
    synchronized (segmentsLock) {
      if (failure == null) {
        failure =
            cause instanceof DaktiloException
                ? cause
                : new DaktiloException(
                    "Cannot sync the log " + dir + ": " + cause.getMessage(), cause);
      }
    }
    syncer.wake();
  }

  public void flush() {
    if (syncer.isSyncThread()) {
      throw new IllegalStateException(
          "Cannot flush from a callback on the log's sync thread: it would wait for itself");
    }
    checkWritable();
    if (mode != Durability.ASYNC) {
      writer.flush();
      return;
    }
    Append flush = Append.flush(writtenSequence);
    syncer.enqueueFlush(flush);
    if (closed && syncer.removeFlush(flush)) {
      // close() may have stopped the sync thread before we queued: nobody else will look at it.
      throw closedException("flush");
    }
    syncer.wake();
    writer.await(flush);
  }

  // ---- reading (see LogReader) ----

  public long committedSequence() {
    return committed.get();
  }

  public boolean isClosed() {
    return closed;
  }

  public long lastSequence() {
    return committed.get();
  }

  private void checkOpen(String action) {
    if (closed) {
      throw new LogClosedException("Cannot " + action + ": the log " + dir + " is closed");
    }
  }

  /** What opening cut off the end of the active segment, if anything (see {@link TornTail}). */
  public Optional<TornTail> droppedTail() {
    return Optional.ofNullable(droppedTail);
  }

  /** The current segments, oldest first (the last one is the active segment). */
  RecordSource[] segments() {
    return segments;
  }

  public LogReader reader() {
    return reader;
  }

  public long firstSequence() {
    return reader.firstSequence();
  }

  // ---- checkpoint and compaction ----

  public void checkpoint(long sequence) {
    checkOpen("checkpoint sequence " + sequence);
    long last = committed.get();
    if (sequence < 0 || sequence > last) {
      throw new IllegalArgumentException(
          "Cannot checkpoint sequence "
              + sequence
              + ": it must be between 0 and the last sequence "
              + last);
    }
    maintenanceLock.lock();
    try {
      long current = checkpoint;
      if (sequence < current) {
        throw new IllegalArgumentException(
            "Cannot checkpoint sequence "
                + sequence
                + ": the checkpoint is already at "
                + current
                + " and never moves back");
      }
      if (sequence == current) {
        return;
      }
      CheckpointFile.write(dir, sequence);
      checkpoint = sequence;
    } catch (IOException e) {
      throw new DaktiloException(
          "Cannot checkpoint sequence " + sequence + " in " + dir + ": " + e, e);
    } finally {
      maintenanceLock.unlock();
    }
  }

  public long checkpointSequence() {
    return checkpoint;
  }

  /** Deletes the sealed segments whose records are all at or below the checkpoint. */
  public int compact() {
    return compact(Long.MAX_VALUE);
  }

  /**
   * Deletes the sealed segments whose records are all at or below the checkpoint and {@code limit}.
   */
  public int compact(long limit) {
    checkOpen("compact");
    maintenanceLock.lock();
    try {
      long upTo = Math.min(checkpoint, limit);
      RecordSource[] victims;
      synchronized (segmentsLock) {
        RecordSource[] segs = segments;
        int k = 0;
        while (k < segs.length - 1 && segs[k].sealed() && segs[k].lastSequence() <= upTo) {
          k++;
        }
        if (k == 0) {
          return 0;
        }
        victims = Arrays.copyOfRange(segs, 0, k);
        segments = Arrays.copyOfRange(segs, k, segs.length);
      }
      for (RecordSource v : victims) {
        v.retire();
        // A raw segment's file is kept for reuse when there is room (its pages are likely cached).
        if (!(v instanceof Segment raw) || !preallocator.recycle(raw.file(), raw)) {
          Files.deleteIfExists(v.file());
        }
      }
      FileOps.fsyncDirectory(dir);
      return victims.length;
    } catch (IOException e) {
      throw new DaktiloException("Cannot compact log " + dir + ": " + e, e);
    } finally {
      maintenanceLock.unlock();
    }
  }

  // ---- compression ----

  /**
   * Swaps in the compressed form of {@code raw}, written to {@code compressed}: verified, renamed
   * over the raw file (atomic; the directory is fsynced), then published to readers. Returns false
   * when the segment was compacted or the log closed meanwhile. Runs on the compressor thread.
   */
  private boolean installCompressed(Segment raw, Path compressed) throws IOException {
    // Verify (decode every block) before taking the lock: checkpoint() and compact() share it.
    CompressedSegment replacement =
        CompressedSegment.open(compressed, raw.file(), raw.header().segmentId());
    boolean installed = false;
    maintenanceLock.lock();
    try {
      if (closed || indexOf(segments, raw) < 0) {
        return false;
      }
      Files.move(
          compressed,
          raw.file(),
          java.nio.file.StandardCopyOption.ATOMIC_MOVE,
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      FileOps.fsyncDirectory(dir);
      synchronized (segmentsLock) {
        RecordSource[] segs = segments.clone();
        segs[indexOf(segs, raw)] = replacement;
        segments = segs;
      }
      installed = true;
      raw.retire();
      return true;
    } finally {
      maintenanceLock.unlock();
      if (!installed) {
        replacement.retire();
      }
    }
  }

  private static int indexOf(RecordSource[] segs, RecordSource s) {
    for (int i = 0; i < segs.length; i++) {
      if (segs[i] == s) {
        return i;
      }
    }
    return -1;
  }

  /** Segments compressed since open, and the last compression error (for tests and inspection). */
  public long compressedSegments() {
    return compressor == null ? 0 : compressor.compressedCount();
  }

  public Throwable lastCompressionError() {
    return compressor == null ? null : compressor.lastError();
  }

  // ---- lifetime ----

  @Override
  public void close() {
    writeLock.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
    } finally {
      writeLock.unlock();
      writer.handOff();
    }
    // Appends already queued are written and acknowledged; none is written after this.
    writer.drainAndStop();
    syncer.stop();
    try {
      active.closeChannel();
    } catch (IOException e) {
      // Everything written was flushed above; the handle only has to go.
    }
    preallocator.stop();
    if (compressor != null) {
      compressor.stop();
    }
    tails.closeAll();
    for (RecordSource s : segments) {
      s.retire();
    }
    try {
      directoryLock.close();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot release the lock of log " + dir, e);
    }
  }

  public Path directory() {
    return dir;
  }

  public DaktiloOptions options() {
    return options;
  }

  /** How this log preallocates new segment files (decided when it opened). */
  public Preallocation preallocation() {
    return allocator.kind();
  }

  /** Number of device flushes made for appends and flush() (for tests and benchmarks). */
  public long syncCount() {
    return syncer.syncCount() + writer.forces();
  }
}
