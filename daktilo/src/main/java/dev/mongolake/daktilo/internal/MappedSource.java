package dev.mongolake.daktilo.internal;

import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Lifetime shared by the segment readers: a memory mapping in a shared arena, unmapped only when
 * the log's own reference is dropped ({@link #retire()}) and no reader holds one any more.
 */
abstract class MappedSource implements RecordSource {
  private final Path file;
  private final SegmentHeader header;
  private final Arena arena;
  private final AtomicInteger refs = new AtomicInteger(1);
  private final AtomicBoolean retired = new AtomicBoolean();

  MappedSource(Path file, SegmentHeader header, Arena arena) {
    this.file = file;
    this.header = header;
    this.arena = arena;
  }

  @Override
  public final Path file() {
    return file;
  }

  @Override
  public final SegmentHeader header() {
    return header;
  }

  @Override
  public final boolean acquire() {
    while (true) {
      int r = refs.get();
      if (r == 0) {
        return false;
      }
      if (refs.compareAndSet(r, r + 1)) {
        return true;
      }
    }
  }

  @Override
  public final void release() {
    if (refs.decrementAndGet() == 0) {
      arena.close();
    }
  }

  /** Whether the mapping is gone: retired and no reader holds it any more. */
  final boolean released() {
    return refs.get() == 0;
  }

  @Override
  public final void retire() {
    if (retired.compareAndSet(false, true)) {
      release();
    }
  }
}
