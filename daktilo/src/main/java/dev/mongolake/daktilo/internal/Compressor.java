package dev.mongolake.daktilo.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Compresses sealed segments on one low-priority background thread. For each queued segment it
 * writes the compressed form to a temporary file and hands it to the log, which swaps it in
 * atomically (rename over the raw file) unless the segment was compacted meanwhile. Appends never
 * wait for it; a failure leaves the raw segment in place and is remembered for inspection.
 */
final class Compressor implements Runnable {
  static final String TEMP = ".compress" + Format.TEMP_SUFFIX;

  /** Where the compressed file goes. */
  interface Installer {
    /** Installs {@code compressed} as the new form of {@code raw}; false if raw is gone. */
    boolean install(Segment raw, Path compressed) throws IOException;
  }

  private final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
  private final Object stopSignal = new Object();
  private final int blockBytes;
  private final Installer installer;
  private final Thread thread;
  private volatile boolean stopping;
  private volatile Throwable lastError;
  private volatile long compressed;

  Compressor(int blockBytes, Installer installer, String name) {
    this.blockBytes = blockBytes;
    this.installer = installer;
    this.thread = Thread.ofPlatform().name(name).daemon(true).unstarted(this);
    this.thread.setPriority(Thread.MIN_PRIORITY);
  }

  void start() {
    thread.start();
  }

  /** Queues a sealed raw segment. */
  void submit(Segment segment) {
    if (!stopping) {
      queue.add(segment);
    }
  }

  void stop() {
    stopping = true;
    queue.add(stopSignal);
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
  }

  Throwable lastError() {
    return lastError;
  }

  long compressedCount() {
    return compressed;
  }

  @Override
  public void run() {
    while (!stopping) {
      Object next;
      try {
        next = queue.take();
      } catch (InterruptedException e) {
        continue;
      }
      if (next == stopSignal || !(next instanceof Segment segment)) {
        return;
      }
      compress(segment);
    }
  }

  private void compress(Segment segment) {
    if (!segment.acquire()) {
      return; // compacted or closed meanwhile
    }
    Path tmp = segment.file().resolveSibling(segment.file().getFileName() + TEMP);
    try {
      boolean written = CompressedSegment.write(segment, tmp, blockBytes, () -> stopping);
      if (written && installer.install(segment, tmp)) {
        compressed++;
      }
    } catch (IOException | RuntimeException e) {
      lastError = e;
    } finally {
      segment.release();
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException ignored) {
        // a leftover .tmp file is deleted on the next open
      }
    }
  }
}
