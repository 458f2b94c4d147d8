package dev.mongolake.delta.log.internal;

import dev.mongolake.delta.storage.Storage;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * A Parquet {@link OutputFile} that writes through {@link Storage#openOutput}: the file appears
 * whole when the writer closes it.
 */
final class StorageOutputFile implements OutputFile {
  private final Storage storage;
  private final String path;

  StorageOutputFile(Storage storage, String path) {
    this.storage = storage;
    this.path = path;
  }

  @Override
  public PositionOutputStream create(long blockSizeHint) {
    return createOrOverwrite(blockSizeHint);
  }

  @Override
  public PositionOutputStream createOrOverwrite(long blockSizeHint) {
    OutputStream out = storage.openOutput(path);
    return new PositionOutputStream() {
      private long pos;

      @Override
      public long getPos() {
        return pos;
      }

      @Override
      public void write(int b) throws IOException {
        out.write(b);
        pos++;
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        pos += len;
      }

      @Override
      public void flush() throws IOException {
        out.flush();
      }

      @Override
      public void close() throws IOException {
        out.close();
      }
    };
  }

  @Override
  public boolean supportsBlockSize() {
    return false;
  }

  @Override
  public long defaultBlockSize() {
    return 0;
  }

  @Override
  public String getPath() {
    return path;
  }
}
