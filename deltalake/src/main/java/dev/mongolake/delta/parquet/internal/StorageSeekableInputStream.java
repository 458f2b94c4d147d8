package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.storage.Storage;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Reads a storage file by ranges. parquet-java asks for exact ranges for the big parts (column
 * chunks, pages, bloom filters), so those go to storage as asked. Two kinds of read would otherwise
 * cost one request each for a few bytes: the file's tail (the first read there fetches the last
 * {@code tailPrefetch} bytes, so the footer's length and the footer cost one request) and Thrift
 * structures such as column and offset indexes, which the decoder pulls a few bytes at a time.
 * Small reads are therefore served from a window of {@value #WINDOW_BYTES} bytes fetched at once.
 */
final class StorageSeekableInputStream extends SeekableInputStream {
  private final Storage storage;
  private final String path;
  private final long length;
  private final long tailStart;

  /** Reads shorter than this go through the window. */
  private static final int SMALL_READ_BYTES = 512;

  private static final int WINDOW_BYTES = 16 * 1024;

  private long position;
  private byte[] tail;
  private byte[] window;
  private long windowStart;

  StorageSeekableInputStream(Storage storage, String path, long length, int tailPrefetch) {
    this.storage = storage;
    this.path = path;
    this.length = length;
    this.tailStart = Math.max(0, length - tailPrefetch);
  }

  @Override
  public long getPos() {
    return position;
  }

  @Override
  public void seek(long newPos) throws IOException {
    if (newPos < 0 || newPos > length) {
      throw new EOFException(
          "Cannot seek in " + path + ": position " + newPos + " is outside 0.." + length);
    }
    position = newPos;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (position >= length) {
      return -1;
    }
    int n = (int) Math.min(len, length - position);
    copy(b, off, n);
    return n;
  }

  @Override
  public long skip(long n) {
    long skipped = Math.max(0, Math.min(n, length - position));
    position += skipped;
    return skipped;
  }

  @Override
  public int available() {
    return (int) Math.min(Integer.MAX_VALUE, length - position);
  }

  @Override
  public void readFully(byte[] bytes) throws IOException {
    readFully(bytes, 0, bytes.length);
  }

  @Override
  public void readFully(byte[] bytes, int start, int len) throws IOException {
    if (len > length - position) {
      throw new EOFException(
          "Cannot read "
              + len
              + " bytes at "
              + position
              + " of "
              + path
              + ": the file has "
              + length
              + " bytes");
    }
    copy(bytes, start, len);
  }

  @Override
  public int read(ByteBuffer buf) throws IOException {
    int len = (int) Math.min(buf.remaining(), length - position);
    if (len <= 0) {
      return buf.remaining() == 0 ? 0 : -1;
    }
    byte[] bytes = new byte[len];
    copy(bytes, 0, len);
    buf.put(bytes);
    return len;
  }

  @Override
  public void readFully(ByteBuffer buf) throws IOException {
    byte[] bytes = new byte[buf.remaining()];
    readFully(bytes, 0, bytes.length);
    buf.put(bytes);
  }

  /** Copies {@code len} bytes at the current position, which the caller checked exist. */
  private void copy(byte[] target, int off, int len) throws EOFException {
    if (position >= tailStart) {
      if (tail == null) {
        tail = storage.readRange(path, tailStart, (int) (length - tailStart));
        requireLength(tail, tailStart, (int) (length - tailStart));
      }
      System.arraycopy(tail, (int) (position - tailStart), target, off, len);
    } else if (window != null
        && position >= windowStart
        && position + len <= windowStart + window.length) {
      System.arraycopy(window, (int) (position - windowStart), target, off, len);
    } else if (len < SMALL_READ_BYTES) {
      int size = (int) Math.min(WINDOW_BYTES, length - position);
      window = storage.readRange(path, position, size);
      requireLength(window, position, size);
      windowStart = position;
      System.arraycopy(window, 0, target, off, len);
    } else {
      byte[] bytes = storage.readRange(path, position, len);
      requireLength(bytes, position, len);
      System.arraycopy(bytes, 0, target, off, len);
    }
    position += len;
  }

  /** A file that shrank after it was opened must fail, not yield short data. */
  private void requireLength(byte[] bytes, long at, int expected) throws EOFException {
    if (bytes.length != expected) {
      throw new EOFException(
          "Cannot read "
              + path
              + " at "
              + at
              + ": got "
              + bytes.length
              + " of "
              + expected
              + " bytes; the file is shorter than its stated length "
              + length);
    }
  }
}
