package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.storage.Storage;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * A Parquet {@link OutputFile} over {@link Storage#openOutput}: the file appears, whole, when the
 * Parquet writer closes it, on local disk and object stores alike.
 */
public final class StorageOutputFile implements OutputFile {
  private final Storage storage;
  private final String path;

  public StorageOutputFile(Storage storage, String path) {
    this.storage = storage;
    this.path = path;
  }

  @Override
  public PositionOutputStream create(long blockSizeHint) throws IOException {
    if (storage.stat(path).isPresent()) {
      throw new FileAlreadyExistsException(path);
    }
    return createOrOverwrite(blockSizeHint);
  }

  @Override
  public PositionOutputStream createOrOverwrite(long blockSizeHint) {
    return new StoragePositionOutputStream(storage.openOutput(path));
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
