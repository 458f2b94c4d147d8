package dev.mongolake.delta.storage.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Writes to a hidden temporary file and, on a successful {@link #close()}, forces it and renames it
 * atomically onto the target. A failed write or close deletes the temporary file and leaves the
 * target as it was. Not thread-safe (like any stream); the caller closes it.
 */
public final class PublishOnCloseOutputStream extends OutputStream {

  private static final int BUFFER_SIZE = 64 * 1024;

  private final Path target;
  private final Path temporary;
  private final FileChannel channel;
  private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_SIZE);
  private boolean closed;

  /** Opens a temporary file next to {@code target}, creating missing folders. */
  public PublishOnCloseOutputStream(Path target) throws IOException {
    this.target = target;
    DurableFiles.createFolders(target.getParent());
    this.temporary = DurableFiles.temporarySibling(target);
    this.channel =
        FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
  }

  @Override
  public void write(int b) throws IOException {
    ensureOpen();
    if (!buffer.hasRemaining()) {
      drain();
    }
    buffer.put((byte) b);
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    ensureOpen();
    Objects.checkFromIndexSize(offset, length, bytes.length);
    while (length > 0) {
      if (!buffer.hasRemaining()) {
        drain();
      }
      int n = Math.min(length, buffer.remaining());
      buffer.put(bytes, offset, n);
      offset += n;
      length -= n;
    }
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      drain();
      channel.force(true);
      channel.close();
      DurableFiles.publish(temporary, target);
    } finally {
      channel.close();
      Files.deleteIfExists(temporary);
    }
  }

  private void drain() throws IOException {
    buffer.flip();
    try {
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
    } catch (IOException e) {
      abandon();
      throw e;
    }
    buffer.clear();
  }

  private void abandon() {
    closed = true;
    try {
      channel.close();
      Files.deleteIfExists(temporary);
    } catch (IOException suppressed) {
      // The write failure is the error worth reporting; a leftover hidden file is harmless.
    }
  }

  private void ensureOpen() throws IOException {
    if (closed) {
      throw new IOException("Cannot write to " + target + ": the stream is closed");
    }
  }
}
