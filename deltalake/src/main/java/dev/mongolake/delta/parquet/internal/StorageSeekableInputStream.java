package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.storage.Storage;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Reads a storage file by ranges. Small reads (page headers, footer pieces, column and offset
 * indexes) are served from a read-ahead buffer that never extends past the end of the file, so
 * reading the footer fetches only the file's tail; larger reads (column chunks, which Parquet reads
 * whole) go to storage directly, exactly as asked, in one request.
 */
final class StorageSeekableInputStream extends SeekableInputStream {
  /**
   * Reads at least this long skip the buffer: read-ahead would only fetch bytes nobody asked for.
   */
  static final int DIRECT_READ_THRESHOLD = 8 * 1024;

  private final Storage storage;
  private final String path;
  private final long length;
  private final int readAhead;

  private long position;
  private byte[] buffer = new byte[0];
  private long bufferStart;

  StorageSeekableInputStream(Storage storage, String path, long length, int readAhead) {
    this.storage = storage;
    this.path = path;
    this.length = length;
    this.readAhead = readAhead;
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
    int done = 0;
    while (done < len) {
      long at = position + done;
      int inBuffer = bufferedAt(at);
      if (inBuffer > 0) {
        int n = Math.min(inBuffer, len - done);
        System.arraycopy(buffer, (int) (at - bufferStart), target, off + done, n);
        done += n;
      } else if (len - done >= DIRECT_READ_THRESHOLD) {
        byte[] direct = storage.readRange(path, at, len - done);
        requireBytes(direct, at);
        System.arraycopy(direct, 0, target, off + done, direct.length);
        done += direct.length;
      } else {
        buffer = storage.readRange(path, at, (int) Math.min(readAhead, length - at));
        bufferStart = at;
        requireBytes(buffer, at);
      }
    }
    position += len;
  }

  /** A file that shrank after it was opened would otherwise loop forever. */
  private void requireBytes(byte[] bytes, long at) throws EOFException {
    if (bytes.length == 0) {
      throw new EOFException(
          "Cannot read "
              + path
              + " at "
              + at
              + ": the file ended before its stated length "
              + length);
    }
  }

  private int bufferedAt(long at) {
    long end = bufferStart + buffer.length;
    return at >= bufferStart && at < end ? (int) (end - at) : 0;
  }
}
