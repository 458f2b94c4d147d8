package dev.mongolake.bench.baseline;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A zero-filled file of fixed size (the harness uses 64 MiB, daktilo's default segment size),
 * written and forced before a run so that the measured writes overwrite allocated blocks (on ext4
 * an fdatasync after overwriting is about twice as fast as after growing the file). Writers wrap
 * around to offset 0 when they reach the end, so a run of any length keeps overwriting allocated
 * blocks.
 */
public final class PreallocatedFile implements AutoCloseable {

  private static final int ZERO_CHUNK = 1 << 20;

  private final FileChannel channel;
  private final long size;

  private PreallocatedFile(FileChannel channel, long size) {
    this.channel = channel;
    this.size = size;
  }

  /** Creates {@code file} filled with {@code size} zero bytes, forced to disk. */
  public static PreallocatedFile create(Path file, long size) throws IOException {
    FileChannel channel =
        FileChannel.open(
            file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
    ByteBuffer zeros = ByteBuffer.allocateDirect(ZERO_CHUNK);
    for (long at = 0; at < size; at += ZERO_CHUNK) {
      zeros.clear().limit((int) Math.min(ZERO_CHUNK, size - at));
      while (zeros.hasRemaining()) {
        channel.write(zeros, at + zeros.position());
      }
    }
    channel.force(true);
    return new PreallocatedFile(channel, size);
  }

  /** The open channel, positioned nowhere in particular: use positional writes. */
  public FileChannel channel() {
    return channel;
  }

  /**
   * Writes all of {@code buffer} at {@code position}, or at 0 when it would run past the end, and
   * returns the position after it.
   */
  public long writeWrapping(ByteBuffer buffer, long position) throws IOException {
    long at = position + buffer.remaining() > size ? 0 : position;
    while (buffer.hasRemaining()) {
      at += channel.write(buffer, at);
    }
    return at;
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
