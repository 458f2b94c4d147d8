package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A Parquet {@link InputFile} over {@link Storage#readRange}: the length comes from one {@link
 * Storage#stat} (or is given by a caller that knows it, such as a Delta {@code add} action), and
 * each stream fetches the file's tail once (footer) and everything else by exact ranges.
 */
public final class StorageInputFile implements InputFile {
  /** Holds the footer of most files, so that opening a file costs one request. */
  public static final int DEFAULT_TAIL_PREFETCH = 64 * 1024;

  private final Storage storage;
  private final String path;
  private final long length;
  private final int tailPrefetch;

  public StorageInputFile(Storage storage, String path, long length, int tailPrefetch) {
    this.storage = storage;
    this.path = path;
    this.length = length;
    this.tailPrefetch = tailPrefetch;
  }

  /** Opens {@code path}, asking the storage for its length. */
  public static StorageInputFile open(Storage storage, String path) {
    FileEntry entry = storage.stat(path).orElseThrow(() -> new StorageFileNotFoundException(path));
    return new StorageInputFile(storage, path, entry.size(), DEFAULT_TAIL_PREFETCH);
  }

  /** Identifies the file for caches of its immutable parts. */
  public FileKey key() {
    return new FileKey(storage, path, length);
  }

  @Override
  public long getLength() {
    return length;
  }

  @Override
  public SeekableInputStream newStream() {
    return new StorageSeekableInputStream(storage, path, length, tailPrefetch);
  }

  @Override
  public String toString() {
    return path;
  }
}
