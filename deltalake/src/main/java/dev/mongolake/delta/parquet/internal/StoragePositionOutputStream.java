package dev.mongolake.delta.parquet.internal;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.parquet.io.PositionOutputStream;

/** Counts the bytes written to a storage output stream; Parquet needs the position for offsets. */
final class StoragePositionOutputStream extends PositionOutputStream {
  private final OutputStream out;
  private long position;

  StoragePositionOutputStream(OutputStream out) {
    this.out = out;
  }

  @Override
  public long getPos() {
    return position;
  }

  @Override
  public void write(int b) throws IOException {
    out.write(b);
    position++;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
    position += len;
  }

  @Override
  public void flush() throws IOException {
    out.flush();
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
