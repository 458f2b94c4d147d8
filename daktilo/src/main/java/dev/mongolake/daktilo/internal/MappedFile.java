package dev.mongolake.daktilo.internal;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/** A whole file mapped read-only for one thread (the verifier and the inspector). */
public final class MappedFile implements AutoCloseable {
  private final Arena arena = Arena.ofConfined();
  private final ByteBuffer view;
  private final int size;

  public MappedFile(Path file) throws IOException {
    long length = Files.size(file);
    if (length > Integer.MAX_VALUE) {
      arena.close();
      throw new IOException(file + " is larger than 2 GiB: not a daktilo segment");
    }
    this.size = (int) length;
    try {
      this.view =
          length == 0
              ? ByteBuffer.allocate(0).order(ByteOrder.LITTLE_ENDIAN)
              : FileOps.map(file, false, length, arena)
                  .asByteBuffer()
                  .order(ByteOrder.LITTLE_ENDIAN);
    } catch (IOException | RuntimeException e) {
      arena.close();
      throw e;
    }
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
