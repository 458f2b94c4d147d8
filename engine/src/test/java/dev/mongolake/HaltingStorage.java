package dev.mongolake;

import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageProvider;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Tables on local disk ({@code halting:///absolute/path}) that stop the whole process, as {@code
 * kill -9} would, just before the first change whose {@code <operation>:<path>} starts with {@link
 * #haltBefore}: a crash at an exact step, for the crash tests' child processes.
 */
public final class HaltingStorage implements Storage {

  /** {@code overwrite:}, {@code writeIfAbsent:}, {@code output:} or {@code delete:} and a path. */
  public static volatile String haltBefore;

  private final Storage files;

  HaltingStorage(Path root) {
    this.files = new FileSystemStorage(root);
  }

  /** Registered for the {@code halting} scheme in the tests' service file. */
  public static final class Provider implements StorageProvider {
    @Override
    public String scheme() {
      return "halting";
    }

    @Override
    public Storage open(URI uri) {
      return new HaltingStorage(Path.of(uri.getPath()));
    }
  }

  private static void check(String operation, String path) {
    String at = haltBefore;
    if (at != null && (operation + ":" + path).startsWith(at)) {
      Runtime.getRuntime().halt(137);
    }
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
  public boolean writeIfAbsent(String path, byte[] data) {
    check("writeIfAbsent", path);
    return files.writeIfAbsent(path, data);
  }

  @Override
  public void overwrite(String path, byte[] data) {
    check("overwrite", path);
    files.overwrite(path, data);
  }

  @Override
  public void overwritePrivate(String path, byte[] data) {
    check("overwrite", path);
    files.overwritePrivate(path, data);
  }

  @Override
  public OutputStream openOutput(String path) {
    check("output", path);
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
    check("delete", path);
    return files.delete(path);
  }

  @Override
  public void close() {
    files.close();
  }
}
