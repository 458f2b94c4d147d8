package dev.mongolake.daktilo.internal;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * File-system steps of the log, each safe against thread interruption.
 *
 * <p>Why: a {@link FileChannel} is an interruptible channel, and interrupting a thread blocked in
 * one closes the channel for every user. daktilo therefore keeps no long-lived channel: data goes
 * through memory mappings (copy in, {@code msync} out, neither interruptible), setup steps use
 * {@link RandomAccessFile} (not interruptible) and the few steps that need a short-lived channel
 * (mapping, directory fsync) retry after an interrupt and restore the interrupt flag afterwards.
 */
public final class FileOps {
  private static final int ZERO_CHUNK = 1 << 20;

  private FileOps() {}

  /** An I/O step that may be retried. */
  @FunctionalInterface
  interface ChannelStep<T> {
    T run() throws IOException;
  }

  static <T> T uninterruptibly(ChannelStep<T> step) throws IOException {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return step.run();
        } catch (ClosedByInterruptException e) {
          interrupted = true;
          Thread.interrupted();
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Makes the directory entry changes (create, rename, delete) in {@code dir} durable. */
  public static void fsyncDirectory(Path dir) throws IOException {
    uninterruptibly(
        () -> {
          try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
          }
          return null;
        });
  }

  /**
   * Maps the whole of {@code file} read-only into {@code arena}, its length read from the same open
   * channel: a file replaced meanwhile under the same name (a segment being compressed) is mapped
   * whole, old or new, never the new one at the old one's length.
   */
  public static MemorySegment mapWhole(Path file, Arena arena) throws IOException {
    return uninterruptibly(
        () -> {
          try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
          }
        });
  }

  /** Maps {@code size} bytes of {@code file} into {@code arena}. */
  public static MemorySegment map(Path file, boolean writable, long size, Arena arena)
      throws IOException {
    return uninterruptibly(
        () -> {
          if (writable) {
            try (FileChannel ch =
                FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
              return ch.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
            }
          }
          try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
          }
        });
  }

  /** Writes {@code bytes} to a new {@code file} and fsyncs it. */
  static void writeDurably(Path file, byte[] bytes) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.setLength(0);
      raf.write(bytes);
      raf.getFD().sync();
    }
  }

  /**
   * Creates segment file {@code target} atomically: header plus preallocated space up to {@code
   * size} (by {@code allocator}; the space reads as zeros), fsync, rename into place, fsync the
   * directory. {@code prepared}, when not null, is a spare of that size made in the background:
   * only the header is written into it. {@code largeFlushes}: see {@link
   * SegmentPreallocator#writesZeros}.
   */
  static void createSegment(
      Path target,
      byte[] header,
      long size,
      Path prepared,
      SegmentPreallocator allocator,
      boolean largeFlushes)
      throws IOException {
    Path tmp;
    if (prepared != null && Files.size(prepared) == size) {
      tmp = prepared;
      // Only the header's bytes must reach the device before the rename: in STRICT and BATCH mode
      // the spare's size and blocks were fsynced when it was made and its first page is written
      // (zeros, or a recycled segment's old header). fdatasync does that, and still commits a size
      // or block allocation the bytes need (a sparse ASYNC spare); fsync would also commit the new
      // modification time, one more journal commit on the appenders' path.
      writeAndSyncData(tmp, header);
    } else {
      tmp = target.resolveSibling(target.getFileName() + Format.TEMP_SUFFIX);
      try (RandomAccessFile raf = new RandomAccessFile(tmp.toFile(), "rw")) {
        raf.setLength(0);
        raf.write(header);
        allocator.preallocate(tmp, raf, header.length, size, largeFlushes);
        raf.getFD().sync();
      }
    }
    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
    fsyncDirectory(target.getParent());
  }

  /** Writes {@code bytes} at offset 0 of the existing {@code file} and fdatasyncs it. */
  private static void writeAndSyncData(Path file, byte[] bytes) throws IOException {
    uninterruptibly(
        () -> {
          try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ByteBuffer src = ByteBuffer.wrap(bytes);
            while (src.hasRemaining()) {
              ch.write(src, src.position());
            }
            ch.force(false);
          }
          return null;
        });
  }

  /** Writes zeros into {@code raf} over {@code [from, to)}, extending the file if needed. */
  static void writeZeros(RandomAccessFile raf, long from, long to) throws IOException {
    byte[] zeros = new byte[(int) Math.min(ZERO_CHUNK, Math.max(0, to - from))];
    raf.seek(from);
    for (long pos = from; pos < to; ) {
      int n = (int) Math.min(zeros.length, to - pos);
      raf.write(zeros, 0, n);
      pos += n;
    }
  }

  /**
   * Grows {@code file} up to {@code size} (preallocated by {@code allocator}, with zeros where it
   * writes any: nothing is known yet of the flushes to come) and fsyncs it.
   */
  static void extend(Path file, long size, SegmentPreallocator allocator) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      long length = raf.length();
      if (length < size) {
        allocator.preallocate(file, raf, length, size, false);
        raf.getFD().sync();
      }
    }
  }

  /** Cuts {@code file} to {@code size} bytes and fsyncs it (data and metadata). */
  public static void truncate(Path file, long size) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.setLength(size);
      raf.getFD().sync();
    }
  }

  /** Segment files of {@code dir}, in id order. */
  public static List<Path> listSegments(Path dir) throws IOException {
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> stream =
        Files.newDirectoryStream(dir, "*" + Format.SEGMENT_SUFFIX)) {
      for (Path p : stream) {
        if (Format.parseSegmentId(p.getFileName().toString()) >= 0) {
          files.add(p);
        }
      }
    }
    files.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
    return files;
  }

  /** Removes leftovers of interrupted atomic writes. */
  public static void deleteTemporaryFiles(Path dir) throws IOException {
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, "*" + Format.TEMP_SUFFIX)) {
      for (Path p : stream) {
        Files.deleteIfExists(p);
      }
    }
  }
}
