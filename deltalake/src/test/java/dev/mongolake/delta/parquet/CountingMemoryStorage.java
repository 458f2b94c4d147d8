package dev.mongolake.delta.parquet;

import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An in-memory storage that counts the bytes and requests served by range reads, so tests can prove
 * how much of a file a reader fetched.
 */
public final class CountingMemoryStorage implements Storage {
  private final ConcurrentSkipListMap<String, byte[]> files = new ConcurrentSkipListMap<>();
  private final AtomicLong bytesRead = new AtomicLong();
  private final AtomicLong rangeReads = new AtomicLong();

  public long bytesRead() {
    return bytesRead.get();
  }

  public long rangeReads() {
    return rangeReads.get();
  }

  public void resetCounters() {
    bytesRead.set(0);
    rangeReads.set(0);
  }

  @Override
  public byte[] read(String path) {
    byte[] data = existing(path);
    bytesRead.addAndGet(data.length);
    return data.clone();
  }

  @Override
  public byte[] readRange(String path, long offset, int length) {
    byte[] data = existing(path);
    int from = (int) Math.min(offset, data.length);
    int to = (int) Math.min((long) from + length, data.length);
    rangeReads.incrementAndGet();
    bytesRead.addAndGet(to - from);
    return Arrays.copyOfRange(data, from, to);
  }

  @Override
  public boolean writeIfAbsent(String path, byte[] data) {
    return files.putIfAbsent(path, data.clone()) == null;
  }

  @Override
  public void overwrite(String path, byte[] data) {
    files.put(path, data.clone());
  }

  @Override
  public void overwritePrivate(String path, byte[] data) {
    overwrite(path, data);
  }

  @Override
  public OutputStream openOutput(String path) {
    return new ByteArrayOutputStream() {
      @Override
      public void close() {
        files.put(path, toByteArray());
      }
    };
  }

  @Override
  public List<FileEntry> list(String prefix, String startAt) {
    return files.tailMap(startAt, true).entrySet().stream()
        .filter(e -> e.getKey().startsWith(prefix))
        .map(e -> new FileEntry(e.getKey(), e.getValue().length, 0))
        .toList();
  }

  @Override
  public Optional<FileEntry> stat(String path) {
    byte[] data = files.get(path);
    return data == null ? Optional.empty() : Optional.of(new FileEntry(path, data.length, 0));
  }

  @Override
  public boolean delete(String path) {
    return files.remove(path) != null;
  }

  private byte[] existing(String path) {
    byte[] data = files.get(path);
    if (data == null) {
      throw new StorageFileNotFoundException(path);
    }
    return data;
  }
}
