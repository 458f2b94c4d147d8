package dev.mongolake.delta.iceberg.internal;

import java.io.EOFException;
import java.io.IOException;
import org.apache.iceberg.io.SeekableInputStream;

/** A seekable stream over a whole file read into memory: metadata files and manifests are small. */
final class BytesInputStream extends SeekableInputStream {
  private final byte[] bytes;
  private int position;

  BytesInputStream(byte[] bytes) {
    this.bytes = bytes;
  }

  @Override
  public long getPos() {
    return position;
  }

  @Override
  public void seek(long newPosition) throws IOException {
    if (newPosition < 0 || newPosition > bytes.length) {
      throw new EOFException(
          "Cannot seek to " + newPosition + ": the file has " + bytes.length + " bytes");
    }
    position = (int) newPosition;
  }

  @Override
  public int read() {
    return position < bytes.length ? bytes[position++] & 0xff : -1;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) {
    if (length == 0) {
      return 0;
    }
    if (position >= bytes.length) {
      return -1;
    }
    int count = Math.min(length, bytes.length - position);
    System.arraycopy(bytes, position, buffer, offset, count);
    position += count;
    return count;
  }

  @Override
  public int available() {
    return bytes.length - position;
  }
}
