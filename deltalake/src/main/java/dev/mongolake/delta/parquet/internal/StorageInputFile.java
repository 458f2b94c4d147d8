package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A Parquet {@link InputFile} over {@link Storage#readRange}: the length comes from one {@link
 * Storage#stat} (or is given by a caller that knows it, such as a Delta {@code add} action), and
 * every stream reads ranges through a read-ahead buffer.
 */
public final class StorageInputFile implements InputFile {
  /** Large enough to turn Parquet's many small header and index reads into few requests. */
  public static final int DEFAULT_READ_AHEAD = 64 * 1024;

  private final Storage storage;
  private final String path;
  private final long length;
  private final int readAhead;

  public StorageInputFile(Storage storage, String path, long length, int readAhead) {
    this.storage = storage;
    this.path = path;
    this.length = length;
    this.readAhead = readAhead;
  }

  /** Opens {@code path}, asking the storage for its length. */
  public static StorageInputFile open(Storage storage, String path) {
    FileEntry entry = storage.stat(path).orElseThrow(() -> new StorageFileNotFoundException(path));
    return new StorageInputFile(storage, path, entry.size(), DEFAULT_READ_AHEAD);
  }

  @Override
  public long getLength() {
    return length;
  }

  @Override
  public SeekableInputStream newStream() {
    return new StorageSeekableInputStream(storage, path, length, readAhead);
  }

  @Override
  public String toString() {
    return path;
  }
}
