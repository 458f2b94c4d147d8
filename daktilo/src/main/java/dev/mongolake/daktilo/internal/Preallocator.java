package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.Preallocation;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Prepares the next segment file in the background ({@code spare-segment.tmp}): a file of the
 * segment size, preallocated by the log's {@link SegmentPreallocator} (in STRICT and BATCH mode
 * zero-filled, or reserved with fallocate when the active segment's flushes are large; then
 * fsynced), so that rolling to a new segment only writes a 64-byte header and renames while
 * appenders wait. Requested once the active segment is an eighth full; a roll waits for a spare in
 * progress rather than making a second file. In ASYNC mode the spare is sparse (only its size is
 * set): appends there never wait for a device flush, so reserving or zeroing blocks would buy
 * nothing. A spare left over by a crash is a {@code .tmp} file and is deleted on open; close
 * deletes it too.
 *
 * <p>Recycling: compaction hands it up to {@code maxRecycled} compacted segment files instead of
 * deleting them ({@code NNN.log.recycled.tmp}). A spare is then made from one of them, once no
 * reader maps it any more: it is renamed to the spare and grown back to the segment size (its
 * sealed end was cut), which writes nothing, and its pages are usually still in the page cache with
 * their blocks allocated, so appends into it neither allocate nor zero fresh pages. Its old frames
 * stay behind the new header; they all carry sequences below the new segment's first one (they were
 * compacted, so at or below the checkpoint), which is why recovery can never take them for records
 * (see FORMAT.md, "Recycled segments").
 */
final class Preallocator implements Runnable {
  static final String SPARE = "spare-segment" + Format.TEMP_SUFFIX;
  static final String RECYCLED_SUFFIX = ".recycled" + Format.TEMP_SUFFIX;

  /** Zero-fill works in steps of this size, so that close() need not wait for a whole segment. */
  private static final long STEP = 8L << 20;

  /** How much of a spare without zeros is written with zeros anyway (see make()). */
  private static final int HEAD_ZEROS = 4096;

  /** The next segment file, and whether it is a recycled one (stale frames after the header). */
  record Spare(Path file, boolean recycled) {}

  /** A compacted segment file kept for reuse, and the mapping that must be gone before reuse. */
  private record Recycled(Path file, MappedSource source) {}

  private final Path spare;
  private final long size;
  private final SegmentPreallocator allocator;
  private final Thread thread;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final int maxRecycled;
  private final ArrayDeque<Recycled> recycled = new ArrayDeque<>();
  private boolean requested;
  private boolean requestedLarge;
  private boolean ready;
  private boolean readyRecycled;
  private boolean stopping;

  Preallocator(Path dir, long size, SegmentPreallocator allocator, int maxRecycled, String name) {
    this.spare = dir.resolve(SPARE);
    this.size = size;
    this.allocator = allocator;
    this.maxRecycled = maxRecycled;
    this.thread = Thread.ofPlatform().name(name).daemon(true).unstarted(this);
  }

  void start() {
    thread.start();
  }

  /**
   * Asks for a spare file (no-op when one is ready or being made); {@code largeFlushes}: see {@link
   * SegmentPreallocator#writesZeros}.
   */
  void request(boolean largeFlushes) {
    lock.lock();
    try {
      if (!ready && !requested) {
        requested = true;
        requestedLarge = largeFlushes;
        changed.signal();
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * The spare file (now owned by the caller): waits for one being made (making a second file at the
   * same time would only compete with it for the disk); null when none was requested or making it
   * failed.
   */
  Spare take() {
    lock.lock();
    try {
      while (requested && !ready && !stopping) {
        changed.awaitUninterruptibly();
      }
      if (!ready) {
        return null;
      }
      ready = false;
      return new Spare(spare, readyRecycled);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Offers a compacted segment file (its mapping {@code source} already retired) for reuse: renames
   * it into the pool and returns true, or returns false (the caller deletes it) when the pool is
   * full or recycling is off. Like deleting it, the rename removes it from the log.
   */
  boolean recycle(Path file, MappedSource source) throws IOException {
    lock.lock();
    try {
      if (stopping || recycled.size() >= maxRecycled) {
        return false;
      }
      Path pooled = file.resolveSibling(file.getFileName() + RECYCLED_SUFFIX);
      Files.move(file, pooled, StandardCopyOption.ATOMIC_MOVE);
      recycled.add(new Recycled(pooled, source));
      return true;
    } finally {
      lock.unlock();
    }
  }

  /** A pooled file that no reader maps any more (its old bytes are about to change), or null. */
  private Path takeRecycled() {
    lock.lock();
    try {
      for (Iterator<Recycled> it = recycled.iterator(); it.hasNext(); ) {
        Recycled r = it.next();
        if (r.source().released()) {
          it.remove();
          return r.file();
        }
      }
      return null;
    } finally {
      lock.unlock();
    }
  }

  void stop() {
    lock.lock();
    try {
      stopping = true;
      changed.signalAll();
    } finally {
      lock.unlock();
    }
    boolean interrupted = false;
    while (thread.isAlive()) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    try {
      // The log is closed (no roll can be taking it): the spare goes; the next open makes one.
      Files.deleteIfExists(spare);
      for (Recycled r : recycled) {
        Files.deleteIfExists(r.file());
      }
    } catch (IOException ignored) {
      // a leftover .tmp file is deleted on the next open
    }
  }

  @Override
  public void run() {
    while (true) {
      boolean large;
      lock.lock();
      try {
        while (!requested && !stopping) {
          changed.awaitUninterruptibly();
        }
        if (stopping) {
          return;
        }
        large = requestedLarge;
      } finally {
        lock.unlock();
      }
      Path reuse = takeRecycled();
      boolean fromRecycled = reuse != null && makeFromRecycled(reuse, large);
      boolean made = fromRecycled || make(large);
      lock.lock();
      try {
        requested = false;
        ready = made;
        readyRecycled = fromRecycled;
        changed.signalAll();
      } finally {
        lock.unlock();
      }
    }
  }

  /**
   * Makes the spare from a recycled file: rename, then grow it back to the segment size (sealing
   * cut it to its last record). In STRICT and BATCH mode the regrown tail is preallocated (and
   * fsynced) like a fresh spare, so no later flush has to allocate blocks.
   */
  private boolean makeFromRecycled(Path file, boolean large) {
    try {
      Files.move(file, spare, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      try (RandomAccessFile raf = new RandomAccessFile(spare.toFile(), "rw")) {
        long length = raf.length();
        if (length > size) {
          raf.setLength(size);
          raf.getFD().sync();
        } else if (length < size) {
          allocator.preallocate(spare, raf, length, size, large);
          if (allocator.kind() != Preallocation.SPARSE) {
            raf.getFD().sync();
          }
        }
      }
      return true;
    } catch (IOException e) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException ignored) {
        // a leftover .tmp file is deleted on the next open
      }
      return false; // a fresh spare is made instead
    }
  }

  /**
   * Makes a fresh spare: zero-filled in steps (so that close() need not wait for a whole segment)
   * where the preallocator writes zeros, else reserved. A reserved spare gets its first page
   * written with zeros anyway: the segment header goes there at the roll, which then only
   * overwrites a written block (no extent to convert in the sync on the appenders' path).
   */
  private boolean make(boolean large) {
    try (RandomAccessFile raf = new RandomAccessFile(spare.toFile(), "rw")) {
      raf.setLength(0);
      if (allocator.writesZeros(large)) {
        for (long pos = 0; pos < size; pos = Math.min(size, pos + STEP)) {
          if (isStopping()) {
            return false;
          }
          FileOps.writeZeros(raf, pos, Math.min(size, pos + STEP));
        }
      } else {
        allocator.reserve(spare, raf, 0, size);
        if (allocator.kind() == Preallocation.SPARSE) {
          return true;
        }
        FileOps.writeZeros(raf, 0, Math.min(size, HEAD_ZEROS));
      }
      raf.getFD().sync();
      return true;
    } catch (IOException e) {
      return false; // the roll then creates the segment itself and reports any error
    }
  }

  private boolean isStopping() {
    lock.lock();
    try {
      return stopping;
    } finally {
      lock.unlock();
    }
  }
}
