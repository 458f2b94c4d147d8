package dev.mongolake.delta.log.internal;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A Parquet {@link InputFile} over bytes already read from storage (checkpoints are read whole:
 * they are small compared to data files and storage reads are the expensive part).
 */
final class ByteArrayInputFile implements InputFile {
  private final byte[] data;

  ByteArrayInputFile(byte[] data) {
    this.data = data;
  }

  @Override
  public long getLength() {
    return data.length;
  }

  @Override
  public SeekableInputStream newStream() {
    return new Stream();
  }

  private final class Stream extends SeekableInputStream {
    private int pos;

    @Override
    public long getPos() {
      return pos;
    }

    @Override
    public void seek(long newPos) throws IOException {
      if (newPos < 0 || newPos > data.length) {
        throw new EOFException("Cannot seek to " + newPos + ": length is " + data.length);
      }
      pos = (int) newPos;
    }

    @Override
    public int read() {
      return pos < data.length ? data[pos++] & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (pos >= data.length) {
        return -1;
      }
      int n = Math.min(len, data.length - pos);
      System.arraycopy(data, pos, b, off, n);
      pos += n;
      return n;
    }

    @Override
    public void readFully(byte[] bytes) throws IOException {
      readFully(bytes, 0, bytes.length);
    }

    @Override
    public void readFully(byte[] bytes, int start, int len) throws IOException {
      if (data.length - pos < len) {
        throw new EOFException("Cannot read " + len + " bytes at " + pos + ": end of file");
      }
      System.arraycopy(data, pos, bytes, start, len);
      pos += len;
    }

    @Override
    public int read(ByteBuffer buf) {
      if (pos >= data.length) {
        return -1;
      }
      int n = Math.min(buf.remaining(), data.length - pos);
      buf.put(data, pos, n);
      pos += n;
      return n;
    }

    @Override
    public void readFully(ByteBuffer buf) throws IOException {
      if (data.length - pos < buf.remaining()) {
        throw new EOFException("Cannot fill buffer at " + pos + ": end of file");
      }
      read(buf);
    }
  }
}
