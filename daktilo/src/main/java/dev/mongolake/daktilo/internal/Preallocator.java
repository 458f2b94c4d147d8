package dev.mongolake.daktilo.internal;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Prepares the next segment file in the background ({@code spare-segment.tmp}): a zero-filled,
 * fsynced file of the segment size, so that rolling to a new segment only writes a 64-byte header
 * and renames instead of writing megabytes of zeros while appenders wait. Requested once the active
 * segment is an eighth full; a roll waits for a spare in progress rather than writing a second
 * file. In ASYNC mode the spare is sparse (only its size is set): appends there never wait for a
 * device flush, so real zeros would cost a whole extra write of every segment for nothing. A spare
 * left over by a crash is a {@code .tmp} file and is deleted on open; close deletes it too.
 */
final class Preallocator implements Runnable {
  static final String SPARE = "spare-segment" + Format.TEMP_SUFFIX;
  private static final int CHUNK = 1 << 20;

  private final Path spare;
  private final long size;
  private final boolean sparse;
  private final Thread thread;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private boolean requested;
  private boolean ready;
  private boolean stopping;

  Preallocator(Path dir, long size, boolean sparse, String name) {
    this.spare = dir.resolve(SPARE);
    this.size = size;
    this.sparse = sparse;
    this.thread = Thread.ofPlatform().name(name).daemon(true).unstarted(this);
  }

  void start() {
    thread.start();
  }

  /** Asks for a spare file (no-op when one is ready or being made). */
  void request() {
    lock.lock();
    try {
      if (!ready && !requested) {
        requested = true;
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
  Path take() {
    lock.lock();
    try {
      while (requested && !ready && !stopping) {
        changed.awaitUninterruptibly();
      }
      if (!ready) {
        return null;
      }
      ready = false;
      return spare;
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
    } catch (IOException ignored) {
      // a leftover .tmp file is deleted on the next open
    }
  }

  @Override
  public void run() {
    while (true) {
      lock.lock();
      try {
        while (!requested && !stopping) {
          changed.awaitUninterruptibly();
        }
        if (stopping) {
          return;
        }
      } finally {
        lock.unlock();
      }
      boolean made = make();
      lock.lock();
      try {
        requested = false;
        ready = made;
        changed.signalAll();
      } finally {
        lock.unlock();
      }
    }
  }

  private boolean make() {
    try (RandomAccessFile raf = new RandomAccessFile(spare.toFile(), "rw")) {
      raf.setLength(0);
      if (sparse) {
        raf.setLength(size);
        return true;
      }
      byte[] zeros = new byte[CHUNK];
      for (long pos = 0; pos < size; pos += CHUNK) {
        if (isStopping()) {
          return false;
        }
        raf.write(zeros, 0, (int) Math.min(CHUNK, size - pos));
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
