package dev.mongolake.daktilo.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Positional writes and {@code fdatasync} of the active segment file, for the durable modes.
 *
 * <p>Why a channel next to the mapping: storing into a mapped page that a device flush just cleaned
 * faults again (the kernel write-protects clean shared pages to track dirtiness), and that fault
 * costs more than {@code pwrite} copying the same bytes into the page cache. The mapping and the
 * channel share the page cache, so readers of the mapping see what was written here once it is
 * published. An interrupt closes a {@link FileChannel} for every user, so the interrupt flag is
 * cleared around each step and restored afterwards, and a channel closed anyway is reopened (a
 * positional write and a flush may both be repeated safely). Used by one writer at a time.
 */
final class SegmentChannel implements AutoCloseable {
  private final Path file;
  private FileChannel channel;

  SegmentChannel(Path file) {
    this.file = file;
  }

  /** Writes all of {@code src} at {@code position}. */
  void write(ByteBuffer src, long position) throws IOException {
    int start = src.position();
    boolean interrupted = Thread.interrupted();
    try {
      while (true) {
        try {
          FileChannel ch = open();
          src.position(start);
          long at = position;
          while (src.hasRemaining()) {
            at += ch.write(src, at);
          }
          return;
        } catch (ClosedChannelException e) {
          interrupted |= Thread.interrupted();
          channel = null;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Flushes the file's data to the device ({@code fdatasync}). */
  void force() throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      while (true) {
        try {
          open().force(false);
          return;
        } catch (ClosedChannelException e) {
          interrupted |= Thread.interrupted();
          channel = null;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private FileChannel open() throws IOException {
    FileChannel ch = channel;
    if (ch == null || !ch.isOpen()) {
      ch = FileChannel.open(file, StandardOpenOption.WRITE);
      channel = ch;
    }
    return ch;
  }

  @Override
  public void close() throws IOException {
    FileChannel ch = channel;
    channel = null;
    if (ch != null) {
      ch.close();
    }
  }
}
