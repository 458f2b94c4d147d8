package dev.mongolake.delta.iceberg;

import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * A file-system storage whose publishing of Iceberg metadata files can be held back (until a latch
 * opens) or made to fail, as a slow or full disk would; every other operation is the real one.
 */
final class GatedStorage implements Storage {
  private final FileSystemStorage files;
  private volatile CountDownLatch gate;
  private volatile boolean failing;

  GatedStorage(Path root) {
    this.files = new FileSystemStorage(root);
  }

  /** Holds every metadata publish until the returned latch counts down. */
  CountDownLatch hold() {
    CountDownLatch latch = new CountDownLatch(1);
    gate = latch;
    return latch;
  }

  /** Makes every metadata publish fail while {@code value} is true. */
  void failing(boolean value) {
    failing = value;
  }

  @Override
  public boolean writeIfAbsent(String path, byte[] data) {
    if (path.endsWith(".metadata.json")) {
      CountDownLatch latch = gate;
      if (latch != null) {
        try {
          latch.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new StorageException("Interrupted before writing " + path, e);
        }
      }
      if (failing) {
        throw new StorageException("Cannot write " + path + ": no space left on device");
      }
    }
    return files.writeIfAbsent(path, data);
  }

  @Override
  public byte[] read(String path) {
    return files.read(path);
  }

  @Override
  public byte[] readRange(String path, long offset, int length) {
    return files.readRange(path, offset, length);
  }

  @Override
  public void overwrite(String path, byte[] data) {
    files.overwrite(path, data);
  }

  @Override
  public void overwritePrivate(String path, byte[] data) {
    files.overwritePrivate(path, data);
  }

  @Override
  public OutputStream openOutput(String path) {
    return files.openOutput(path);
  }

  @Override
  public List<FileEntry> list(String prefix, String startAt) {
    return files.list(prefix, startAt);
  }

  @Override
  public Optional<FileEntry> stat(String path) {
    return files.stat(path);
  }

  @Override
  public boolean delete(String path) {
    return files.delete(path);
  }
}
