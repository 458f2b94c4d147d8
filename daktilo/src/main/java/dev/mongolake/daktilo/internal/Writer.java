package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.DaktiloException;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.daktilo.LogClosedException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The write path: appenders put requests ({@link Append}) on a lock-free MPSC queue, and one writer
 * at a time drains everything queued, assigns sequences in queue order, frames the records into the
 * active segment, publishes the batch once and acknowledges it as the durability mode says.
 *
 * <p>Who writes: in BATCH mode only the sync thread, which drains, writes, flushes once and wakes
 * exactly the appenders of that batch (group commit: while it flushes, the next batch queues up, so
 * batches grow with load and an idle log flushes the moment a record arrives). In STRICT and ASYNC
 * mode the appender itself takes the writer role when it is free (flat combining): an appender on
 * an idle log writes (and in STRICT flushes) its own record without any thread hop, and one that
 * finds the role taken queues its request and parks; the holder drains those too before it lets go,
 * and after letting go wakes the oldest queued appender to take over if anything is left. So under
 * load one thread writes and flushes for many, and the flush is shared exactly as in BATCH mode.
 *
 * <p>How bytes get in: in ASYNC mode frames are copied straight into the memory-mapped segment
 * (nothing but a copy per record). In STRICT and BATCH mode they are framed into a direct staging
 * buffer and written with one positional {@code write} per batch, then forced with {@code
 * fdatasync} ({@link SegmentChannel} says why not through the mapping).
 *
 * <p>The role is {@code role} (the log's write lock); every unlock is followed by {@link #handOff},
 * so a queued request never waits for a writer that is not coming.
 */
final class Writer {
  /** Bytes one pass writes at most, so a combining appender is not held up for long. */
  private static final int MAX_PASS_BYTES = 4 << 20;

  private static final int STAGING_BYTES = 256 << 10;

  private final SegmentedLog log;
  private final boolean staged;
  private final boolean callersWrite;
  private final ReentrantLock role;
  private final RingCache cache;
  private final ConcurrentLinkedQueue<Append> queue = new ConcurrentLinkedQueue<>();
  private volatile boolean stopped;
  private volatile long forces;

  // Writer state: touched only by the role holder.
  private final FrameEncoder encoder = new FrameEncoder();
  private ByteBuffer staging;
  private long nextSequence;
  private Segment segment;
  private int writePosition;
  private int stagedFrom;
  private long lastWritten;
  private Append doneHead;
  private Append doneTail;

  Writer(
      SegmentedLog log, Durability mode, ReentrantLock role, RingCache cache, long nextSequence) {
    this.log = log;
    this.staged = mode != Durability.ASYNC;
    this.callersWrite = mode != Durability.BATCH;
    this.role = role;
    this.cache = cache;
    this.nextSequence = nextSequence;
  }

  // ---- appender side ----

  /** Appends one record and returns its sequence once it is acknowledged. */
  long append(byte[] payload) {
    long framed = Format.FRAME_HEADER_SIZE + (long) payload.length;
    if (callersWrite && queue.isEmpty() && role.tryLock()) {
      // The idle fast path: write our own record first, then whatever queued up meanwhile.
      long sequence = 0;
      Throwable error = null;
      Append done;
      try {
        error = begin();
        if (error == null) {
          sequence = writeRecord(payload, framed);
          drain(framed, MAX_PASS_BYTES);
          finish();
        }
      } catch (Throwable t) {
        error = failed(t);
      } finally {
        done = takeDone();
        role.unlock();
      }
      completeAll(done, error);
      handOff();
      if (error != null) {
        throw asRuntime(error);
      }
      return sequence;
    }
    Append a = Append.waiting(new byte[][] {payload}, framed);
    submit(a);
    await(a);
    return a.firstSequence;
  }

  /** Appends records as one unit; returns their sequences once they are acknowledged. */
  long[] appendMany(byte[][] payloads, long framedBytes) {
    Append a = Append.waiting(payloads, framedBytes);
    submit(a);
    await(a);
    long[] sequences = new long[payloads.length];
    for (int i = 0; i < sequences.length; i++) {
      sequences[i] = a.firstSequence + i;
    }
    return sequences;
  }

  /** Queues a request whose future completes it (STRICT and BATCH mode: the sync thread writes). */
  void appendAsync(Append a) {
    submit(a);
  }

  /** {@code flush()} in STRICT and BATCH mode: completes once everything before it is durable. */
  void flush() {
    Append a = Append.flush(0);
    submit(a);
    await(a);
  }

  private void submit(Append a) {
    queue.add(a);
    if (log.isClosed() && queue.remove(a)) {
      // close() may have finished draining before we queued: nobody else will look at it.
      a.fail(closedException());
      return;
    }
    if (!callersWrite || a.thread == null) {
      log.wakeSyncer();
    }
  }

  /** Waits until {@code a} is acknowledged, taking the writer role when it is free. */
  void await(Append a) {
    boolean interrupted = false;
    while (!a.isDone()) {
      if (callersWrite && a.thread != null && !queue.isEmpty() && role.tryLock()) {
        pass();
        continue;
      }
      LockSupport.park(this);
      interrupted |= Thread.interrupted();
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    a.rethrow();
  }

  // ---- writer side ----

  /** Whether requests wait for a writer (the sync thread drains them in BATCH mode). */
  boolean hasQueued() {
    return !queue.isEmpty();
  }

  /** Takes the role (waiting for it) and drains the queue once: the sync thread's step. */
  void passBlocking() {
    role.lock();
    pass();
  }

  /** With the role held: drains, writes and acknowledges one batch, then lets the role go. */
  private void pass() {
    Throwable error = null;
    Append done;
    try {
      error = begin();
      if (error == null) {
        drain(0, MAX_PASS_BYTES);
        finish();
      }
    } catch (Throwable t) {
      error = failed(t);
    } finally {
      done = takeDone();
      role.unlock();
    }
    completeAll(done, error);
    handOff();
  }

  /** After the role was let go: wakes a writer for what is still queued. */
  void handOff() {
    Append head = queue.peek();
    if (head == null) {
      return;
    }
    if (callersWrite && head.thread != null) {
      LockSupport.unpark(head.thread);
    } else {
      log.wakeSyncer();
    }
  }

  /**
   * For close(): writes and acknowledges everything queued, then stops writing for good; a request
   * queued after that fails with {@link LogClosedException}.
   */
  void drainAndStop() {
    role.lock();
    Throwable error = null;
    Append done;
    try {
      error = begin();
      if (error == null) {
        drain(0, Long.MAX_VALUE);
        finish();
      }
    } catch (Throwable t) {
      error = failed(t);
    } finally {
      stopped = true;
      done = takeDone();
      role.unlock();
    }
    completeAll(done, error);
    Append a;
    while ((a = queue.poll()) != null) {
      a.fail(closedException());
    }
  }

  long forces() {
    return forces;
  }

  /**
   * Starts a pass; returns why nothing may be written (the log closed or failed), after taking
   * every queued request into the pass so that it fails with that reason.
   */
  private RuntimeException begin() {
    RuntimeException rejected = stopped ? closedException() : log.failedException();
    if (rejected != null) {
      Append a;
      while ((a = queue.poll()) != null) {
        chain(a);
      }
      return rejected;
    }
    segment = log.active();
    writePosition = segment.writePosition();
    stagedFrom = writePosition;
    lastWritten = nextSequence - 1;
    return null;
  }

  /** Drains the queue into this pass until it is empty or the pass is full. */
  private void drain(long alreadyWritten, long maxBytes) {
    long bytes = alreadyWritten;
    Append a;
    while (bytes < maxBytes && (a = queue.poll()) != null) {
      chain(a);
      if (a.isFlush()) {
        a.lastSequence = nextSequence - 1;
      } else {
        a.firstSequence = writeRecords(a.payloads, a.framedBytes);
        a.lastSequence = a.firstSequence + a.payloads.length - 1;
        bytes += a.framedBytes;
      }
    }
  }

  /** Frames one record into the active segment (the idle fast path); returns its sequence. */
  private long writeRecord(byte[] payload, long framedBytes) {
    if (staged) {
      return writeRecords(new byte[][] {payload}, framedBytes);
    }
    if (segment.capacity() - writePosition < framedBytes) {
      rollForNext();
    }
    long sequence = nextSequence++;
    int position = writePosition;
    writePosition = segment.writeFrame(position, sequence, 0, payload);
    cache.put(sequence, segment, position, payload.length);
    lastWritten = sequence;
    return sequence;
  }

  /** Publishes what is written and rolls to a new segment that starts at the next sequence. */
  private void rollForNext() {
    publish();
    log.roll(nextSequence);
    segment = log.active();
    writePosition = segment.writePosition();
    stagedFrom = writePosition;
  }

  /** Frames {@code payloads} as one unit into the active segment; returns the first sequence. */
  private long writeRecords(byte[][] payloads, long framedBytes) {
    if (segment.capacity() - writePosition < framedBytes) {
      rollForNext();
    }
    long first = nextSequence;
    for (int i = 0; i < payloads.length; i++) {
      long sequence = nextSequence++;
      int flags = i < payloads.length - 1 ? Format.FRAME_BATCH_CONTINUES : 0;
      byte[] payload = payloads[i];
      int position = writePosition;
      if (staged) {
        stage(encoder.header(sequence, flags, payload), payload);
        segment.index().frame(sequence, position);
        writePosition = position + Format.FRAME_HEADER_SIZE + payload.length;
      } else {
        writePosition = segment.writeFrame(position, sequence, flags, payload);
      }
      cache.put(sequence, segment, position, payload.length);
    }
    lastWritten = nextSequence - 1;
    return first;
  }

  private void stage(byte[] header, byte[] payload) {
    int framed = header.length + payload.length;
    if (staging == null || staging.remaining() < framed) {
      writeStaged();
      if (staging == null || staging.capacity() < framed) {
        // Sized to the largest frame seen: one copy and one write per frame, like a plain loop.
        staging = ByteBuffer.allocateDirect(Math.max(STAGING_BYTES, framed));
      }
    }
    staging.put(header).put(payload);
  }

  /** Writes the staged frames to the segment file (the OS write of the durable modes). */
  private void writeStaged() {
    if (staging == null || staging.position() == 0) {
      return;
    }
    staging.flip();
    try {
      segment.writeThrough(staging, stagedFrom);
    } catch (IOException e) {
      throw new DaktiloException("Cannot write to segment " + segment.file() + ": " + e, e);
    }
    stagedFrom += staging.limit();
    staging.clear();
  }

  /** Makes what this pass wrote to the current segment visible to the log's bookkeeping. */
  private void publish() {
    writeStaged();
    if (writePosition != segment.writePosition()) {
      segment.publish(writePosition, lastWritten);
      log.written(segment, writePosition, lastWritten);
    }
  }

  /** Publishes the pass, flushes it in the durable modes, and acknowledges it. */
  private void finish() {
    publish();
    if (staged) {
      if (segment.force(writePosition)) {
        forces++;
      }
      log.markDurable(lastWritten);
    } else {
      log.acknowledge(lastWritten);
    }
  }

  private Throwable failed(Throwable t) {
    // Bytes may be half written: no further writes until the log is reopened.
    log.fail(t);
    return t instanceof DaktiloException ? t : log.failure();
  }

  private void chain(Append a) {
    if (doneTail == null) {
      doneHead = a;
    } else {
      doneTail.nextDone = a;
    }
    doneTail = a;
  }

  private Append takeDone() {
    Append head = doneHead;
    doneHead = null;
    doneTail = null;
    return head;
  }

  private static void completeAll(Append head, Throwable error) {
    for (Append a = head; a != null; ) {
      Append next = a.nextDone;
      a.nextDone = null;
      if (error == null) {
        a.complete();
      } else {
        a.fail(error);
      }
      a = next;
    }
  }

  private LogClosedException closedException() {
    return new LogClosedException("Cannot append to log " + log.directory() + ": it is closed");
  }

  private static RuntimeException asRuntime(Throwable t) {
    return t instanceof RuntimeException e ? e : new IllegalStateException(t);
  }
}
