package dev.mongolake.daktilo.internal;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/** A whole file mapped read-only for one thread (the verifier and the inspector). */
public final class MappedFile implements AutoCloseable {
  private final Arena arena = Arena.ofConfined();
  private final ByteBuffer view;
  private final int size;

  public MappedFile(Path file) throws IOException {
    MemorySegment mapped;
    try {
      mapped = FileOps.mapWhole(file, arena);
    } catch (IOException | RuntimeException e) {
      arena.close();
      throw e;
    }
    if (mapped.byteSize() > Integer.MAX_VALUE) {
      arena.close();
      throw new IOException(file + " is larger than 2 GiB: not a daktilo segment");
    }
    this.size = (int) mapped.byteSize();
    this.view = mapped.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }

  public ByteBuffer view() {
    return view;
  }

  public int size() {
    return size;
  }

  @Override
  public void close() {
    arena.close();
  }
}
