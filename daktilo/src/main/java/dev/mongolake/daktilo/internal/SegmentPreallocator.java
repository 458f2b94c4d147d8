package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.daktilo.Preallocation;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;

/**
 * Grows a segment file to its preallocated size so that the new space reads as zeros (recovery
 * finds the end of the active segment at the first all-zero frame header): with real zeros where
 * {@link #writesZeros} says so, else by {@link #reserve} (fallocate, or only the size). One per
 * log, chosen when it opens ({@link #forLog}); its {@link #kind()} is what {@code
 * Daktilo.preallocation()} reports.
 */
interface SegmentPreallocator {

  /**
   * Average bytes per device flush from which {@link Preallocation#AUTO} writes no zeros. Measured
   * on ext4 (BENCHMARKS.md, daktilo): 1 MiB flushes are bandwidth-bound and 1.6-1.9x faster without
   * the zeros, while 4 KiB records and group commits of 140-byte records (about 36 KiB per flush)
   * lose a quarter to a half of their rate to the extent conversion each flush commits.
   */
  long LARGE_FLUSH_BYTES = 256 << 10;

  /**
   * Reserves {@code [from, to)} of {@code file}, open as {@code raf} and {@code from} bytes long,
   * without writing it, and grows it to {@code to} bytes; the new space reads as zeros. Does not
   * sync.
   */
  void reserve(Path file, RandomAccessFile raf, long from, long to) throws IOException;

  /**
   * Whether zeros must be written over reserved space, for a log whose recent flushes averaged
   * {@link #LARGE_FLUSH_BYTES} or more ({@code largeFlushes}) or not.
   */
  boolean writesZeros(boolean largeFlushes);

  /** The method this preallocator uses. */
  Preallocation kind();

  /**
   * Grows {@code file} from {@code from} to {@code to} bytes with written zeros or reserved space,
   * as {@link #writesZeros} says. Does not sync.
   */
  default void preallocate(
      Path file, RandomAccessFile raf, long from, long to, boolean largeFlushes)
      throws IOException {
    if (writesZeros(largeFlushes)) {
      FileOps.writeZeros(raf, from, to);
    } else {
      reserve(file, raf, from, to);
    }
  }

  /** Writes real zeros (the portable method, and the fallback for fallocate). */
  SegmentPreallocator ZERO_FILL =
      new SegmentPreallocator() {
        @Override
        public void reserve(Path file, RandomAccessFile raf, long from, long to)
            throws IOException {
          FileOps.writeZeros(raf, from, to); // never called: this one always writes zeros
        }

        @Override
        public boolean writesZeros(boolean largeFlushes) {
          return true;
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
        public void reserve(Path file, RandomAccessFile raf, long from, long to)
            throws IOException {
          raf.setLength(to);
        }

        @Override
        public boolean writesZeros(boolean largeFlushes) {
          return false;
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
      case AUTO, FALLOCATE ->
          FallocatePreallocator.probe(dir)
              ? new FallocatePreallocator(options.preallocation())
              : ZERO_FILL;
    };
  }
}
