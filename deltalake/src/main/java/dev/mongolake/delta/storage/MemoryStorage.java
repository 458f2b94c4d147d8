package dev.mongolake.delta.storage;

import static dev.mongolake.delta.storage.StoragePaths.requireValidPath;
import static dev.mongolake.delta.storage.StoragePaths.requireValidPrefix;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * A {@link Storage} held in this JVM's memory: for tests and throwaway tables.
 *
 * <p>Thread-safe; {@link #writeIfAbsent} is atomic among the threads of this JVM. Stored and
 * returned arrays are copies, so callers may reuse theirs. {@link #close()} keeps the content.
 */
public final class MemoryStorage implements Storage {

  private record Blob(byte[] data, long modificationTime) {}

  private final ConcurrentSkipListMap<String, Blob> files =
      new ConcurrentSkipListMap<>(StoragePaths.ORDER);
  private final Clock clock;

  /** An empty store whose modification times come from the system clock. */
  public MemoryStorage() {
    this(Clock.systemUTC());
  }

  /** An empty store whose modification times come from {@code clock}. */
  public MemoryStorage(Clock clock) {
    this.clock = clock;
  }

  @Override
  public byte[] read(String path) {
    return blob(path).data().clone();
  }

  @Override
  public byte[] readRange(String path, long offset, int length) {
    StoragePaths.requireValidRange(path, offset, length);
    byte[] data = blob(path).data();
    if (offset >= data.length) {
      return new byte[0];
    }
    int from = (int) offset;
    return Arrays.copyOfRange(data, from, from + Math.min(length, data.length - from));
  }

  @Override
  public boolean writeIfAbsent(String path, byte[] data) {
    requireValidPath(path);
    return files.putIfAbsent(path, newBlob(data)) == null;
  }

  @Override
  public void overwrite(String path, byte[] data) {
    requireValidPath(path);
    files.put(path, newBlob(data));
  }

  /** The same as {@link #overwrite}: the files of this process's memory have no permissions. */
  @Override
  public void overwritePrivate(String path, byte[] data) {
    overwrite(path, data);
  }

  @Override
  public OutputStream openOutput(String path) {
    requireValidPath(path);
    return new ByteArrayOutputStream() {
      private boolean closed;

      @Override
      public void close() throws IOException {
        if (!closed) {
          closed = true;
          files.put(path, new Blob(toByteArray(), clock.millis()));
        }
      }
    };
  }

  @Override
  public List<FileEntry> list(String prefix, String startAt) {
    requireValidPrefix(prefix);
    String from = StoragePaths.compare(startAt, prefix) > 0 ? startAt : prefix;
    ConcurrentNavigableMap<String, Blob> tail = files.tailMap(from, true);
    List<FileEntry> entries = new ArrayList<>();
    for (Map.Entry<String, Blob> e : tail.entrySet()) {
      String path = e.getKey();
      if (!path.startsWith(prefix)) {
        break;
      }
      if (!StoragePaths.isHiddenInListingOf(prefix, path)) {
        entries.add(
            new FileEntry(path, e.getValue().data().length, e.getValue().modificationTime()));
      }
    }
    return entries;
  }

  @Override
  public Optional<FileEntry> stat(String path) {
    requireValidPath(path);
    Blob blob = files.get(path);
    return blob == null
        ? Optional.empty()
        : Optional.of(new FileEntry(path, blob.data().length, blob.modificationTime()));
  }

  @Override
  public boolean delete(String path) {
    requireValidPath(path);
    return files.remove(path) != null;
  }

  private Blob blob(String path) {
    requireValidPath(path);
    Blob blob = files.get(path);
    if (blob == null) {
      throw new StorageFileNotFoundException(path);
    }
    return blob;
  }

  private Blob newBlob(byte[] data) {
    return new Blob(data.clone(), clock.millis());
  }

  @Override
  public boolean isLocal() {
    return true;
  }
}
