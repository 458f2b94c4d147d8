package dev.mongolake.server.transfer;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Counts the bytes read through it, for the import progress bar. */
public final class CountingInputStream extends FilterInputStream {

  private long count;

  public CountingInputStream(InputStream in) {
    super(in);
  }

  public long count() {
    return count;
  }

  @Override
  public int read() throws IOException {
    int b = super.read();
    if (b >= 0) {
      count++;
    }
    return b;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    int n = super.read(buffer, offset, length);
    if (n > 0) {
      count += n;
    }
    return n;
  }
}
