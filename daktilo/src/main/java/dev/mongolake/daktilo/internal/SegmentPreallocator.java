package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.daktilo.Preallocation;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;

/**
 * Grows a segment file to its preallocated size so that the new space reads as zeros (recovery
 * finds the end of the active segment at the first all-zero frame header). One per log, chosen when
 * it opens ({@link #forLog}); its {@link #kind()} is what {@code Daktilo.preallocation()} reports.
 */
interface SegmentPreallocator {

  /**
   * Grows {@code file}, open as {@code raf}, from its current length {@code from} to {@code to}
   * bytes. Does not sync: the caller fsyncs once its other writes are done.
   */
  void preallocate(Path file, RandomAccessFile raf, long from, long to) throws IOException;

  /** The method this preallocator uses. */
  Preallocation kind();

  /** Writes real zeros (the portable method, and the fallback for fallocate). */
  SegmentPreallocator ZERO_FILL =
      new SegmentPreallocator() {
        @Override
        public void preallocate(Path file, RandomAccessFile raf, long from, long to)
            throws IOException {
          FileOps.writeZeros(raf, from, to);
        }

        @Override
        public Preallocation kind() {
          return Preallocation.ZERO_FILL;
        }
      };

  /** Sets the size only (ASYNC logs: no append waits for a flush there, see Preallocator). */
  SegmentPreallocator SPARSE =
      new SegmentPreallocator() {
        @Override
        public void preallocate(Path file, RandomAccessFile raf, long from, long to)
            throws IOException {
          raf.setLength(to);
        }

        @Override
        public Preallocation kind() {
          return Preallocation.SPARSE;
        }
      };

  /**
   * The preallocator of the log in {@code dir}, decided once when it opens: ASYNC logs are sparse;
   * durable ones use what the options ask for, and {@code fallocate} only if a probe in {@code dir}
   * shows that the platform and this file system support it (else zero-fill).
   */
  static SegmentPreallocator forLog(Path dir, DaktiloOptions options) {
    if (options.durability() == Durability.ASYNC) {
      return SPARSE;
    }
    return switch (options.preallocation()) {
      case SPARSE -> SPARSE;
      case ZERO_FILL -> ZERO_FILL;
      case FALLOCATE -> FallocatePreallocator.probe(dir) ? new FallocatePreallocator() : ZERO_FILL;
    };
  }
}
