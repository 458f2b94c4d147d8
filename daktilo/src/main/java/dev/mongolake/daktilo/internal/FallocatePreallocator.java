package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.Preallocation;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reserves with Linux {@code fallocate(2)} (mode 0), called through the FFM API: the file system
 * reserves the blocks and extends the file without writing a byte (ext4 and XFS record unwritten
 * extents, which read as zeros), so a new segment costs no data writes. As {@link
 * Preallocation#AUTO} it reserves only for logs whose flushes are large and has zeros written
 * otherwise (see {@link Preallocation}).
 *
 * <p>How the call gets a file descriptor: Java does not expose the descriptor of a {@code
 * RandomAccessFile} or {@code FileChannel} without opening JDK internals ({@code --add-opens}), so
 * this class opens the file a second time with {@code open(2)} by its absolute path, calls {@code
 * fallocate} and closes that descriptor. Allocation belongs to the inode, not to a descriptor, so
 * the caller's own handle sees the new size and its fsync makes the allocation durable. The path
 * cannot change in between: segment files live in the log's directory, which the open log locks.
 *
 * <p>Why not {@code posix_fallocate(3)}: where the file system does not support {@code fallocate},
 * glibc emulates it by writing to every block, slowly and outside our control; calling {@code
 * fallocate} directly lets the log fall back to its own zero-fill instead. The log decides once,
 * when it opens, with {@link #probe} (not Linux, a 32-bit JVM, native access denied, or a file
 * system answering {@code EOPNOTSUPP}: zero-fill); a later {@code EOPNOTSUPP} or {@code ENOSYS}
 * falls back for that one call.
 *
 * <p>The JVM must allow native access for the unnamed module ({@code
 * --enable-native-access=ALL-UNNAMED}); without the flag Java 25 prints a warning on first use, and
 * with {@code --illegal-native-access=deny} the log zero-fills.
 */
final class FallocatePreallocator implements SegmentPreallocator {
  static final String PROBE = "preallocation-probe" + Format.TEMP_SUFFIX;

  // Linux values (the same on x86-64, arm64 and riscv64).
  private static final int O_WRONLY = 1;
  private static final int O_CLOEXEC = 0x80000;
  private static final int EINTR = 4;
  private static final int ENOSYS = 38;
  private static final int EOPNOTSUPP = 95;

  private static final Calls CALLS = Calls.load();

  private final Preallocation kind;

  /** {@code kind}: {@link Preallocation#AUTO} or {@link Preallocation#FALLOCATE}. */
  FallocatePreallocator(Preallocation kind) {
    this.kind = kind;
  }

  /** The libc downcalls, each capturing errno; null when they cannot be made here. */
  private record Calls(
      MethodHandle open,
      MethodHandle fallocate,
      MethodHandle close,
      StructLayout state,
      VarHandle errno) {

    static Calls load() {
      if (!System.getProperty("os.name", "").startsWith("Linux")
          || ValueLayout.ADDRESS.byteSize() != 8) {
        return null; // fallocate is Linux-only; off_t is a C long only on 64-bit
      }
      try {
        Linker linker = Linker.nativeLinker();
        SymbolLookup libc = linker.defaultLookup();
        Linker.Option errno = Linker.Option.captureCallState("errno");
        StructLayout state = Linker.Option.captureStateLayout();
        ValueLayout.OfInt cInt = ValueLayout.JAVA_INT;
        // int open(const char *path, int flags, ...): the mode is a variadic argument.
        MethodHandle open =
            linker.downcallHandle(
                libc.findOrThrow("open"),
                FunctionDescriptor.of(cInt, ValueLayout.ADDRESS, cInt, cInt),
                Linker.Option.firstVariadicArg(2),
                errno);
        // int fallocate(int fd, int mode, off_t offset, off_t len)
        MethodHandle fallocate =
            linker.downcallHandle(
                libc.findOrThrow("fallocate"),
                FunctionDescriptor.of(
                    cInt, cInt, cInt, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG),
                errno);
        MethodHandle close =
            linker.downcallHandle(
                libc.findOrThrow("close"), FunctionDescriptor.of(cInt, cInt), errno);
        VarHandle errnoHandle = state.varHandle(MemoryLayout.PathElement.groupElement("errno"));
        return new Calls(open, fallocate, close, state, errnoHandle);
      } catch (RuntimeException | LinkageError e) {
        return null; // no such symbol, or native access denied (IllegalCallerException)
      }
    }

    int errno(MemorySegment captured) {
      return (int) errno.get(captured, 0L);
    }
  }

  /**
   * Whether {@code fallocate} works in {@code dir}: reserves 64 KiB in a small temporary file there
   * and deletes it (a leftover is a {@code .tmp} file, deleted on the next open).
   */
  static boolean probe(Path dir) {
    if (CALLS == null) {
      return false;
    }
    Path probe = dir.resolve(PROBE);
    try {
      try {
        Files.deleteIfExists(probe);
        Files.createFile(probe);
        return fallocate(probe, 0, 64 << 10) == 0;
      } finally {
        Files.deleteIfExists(probe);
      }
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  @Override
  public void reserve(Path file, RandomAccessFile raf, long from, long to) throws IOException {
    if (to <= from) {
      return;
    }
    int errno = fallocate(file, from, to - from);
    if (errno == EOPNOTSUPP || errno == ENOSYS) {
      FileOps.writeZeros(raf, from, to);
    } else if (errno != 0) {
      throw new IOException(
          "Cannot preallocate "
              + file
              + " from "
              + from
              + " to "
              + to
              + " bytes: fallocate failed with errno "
              + errno);
    }
  }

  @Override
  public boolean writesZeros(boolean largeFlushes) {
    return kind == Preallocation.AUTO && !largeFlushes;
  }

  @Override
  public Preallocation kind() {
    return kind;
  }

  /** Calls {@code fallocate(fd, 0, offset, length)} on {@code file}; returns 0 or the errno. */
  private static int fallocate(Path file, long offset, long length) throws IOException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment captured = arena.allocate(CALLS.state());
      MemorySegment path = arena.allocateFrom(file.toAbsolutePath().toString());
      int fd;
      do {
        fd = (int) CALLS.open().invokeExact(captured, path, O_WRONLY | O_CLOEXEC, 0);
      } while (fd < 0 && CALLS.errno(captured) == EINTR);
      if (fd < 0) {
        throw new IOException(
            "Cannot open " + file + " to preallocate it: errno " + CALLS.errno(captured));
      }
      try {
        int rc;
        do {
          rc = (int) CALLS.fallocate().invokeExact(captured, fd, 0, offset, length);
        } while (rc != 0 && CALLS.errno(captured) == EINTR);
        return rc == 0 ? 0 : CALLS.errno(captured);
      } finally {
        // Nothing was written through this descriptor, so a failing close loses nothing.
        int ignored = (int) CALLS.close().invokeExact(captured, fd);
      }
    } catch (IOException | RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IOException("Cannot preallocate " + file + ": " + t, t);
    }
  }
}
