package dev.mongolake.delta.storage;

import static dev.mongolake.delta.storage.StoragePaths.requireValidPath;
import static dev.mongolake.delta.storage.StoragePaths.requireValidPrefix;

import dev.mongolake.delta.storage.internal.DurableFiles;
import dev.mongolake.delta.storage.internal.FolderListing;
import dev.mongolake.delta.storage.internal.PublishOnCloseOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A {@link Storage} in a folder of the local filesystem; storage paths map to files below the root,
 * {@code /} to the platform's separator.
 *
 * <p>Crash-safe and safe between processes: {@link #writeIfAbsent} writes a hidden temporary file,
 * forces it, then hard-links it to the target name, which fails if the name exists, so of any
 * number of processes exactly one creates a file and readers never see it partly written. {@link
 * #overwrite}, {@link #overwritePrivate} and {@link #openOutput} publish by atomic rename. Folders
 * are created on demand and forced after entries are added. Hidden temporary files ({@code
 * .<name>.<uuid>.tmp}) left by a crash are never listed. The filesystem must support hard links
 * (every common Linux and macOS filesystem does).
 *
 * <p>Thread-safe; holds no open handles between calls, so {@link #close()} does nothing.
 */
public final class FileSystemStorage implements Storage {

  /** Where the library keeps tables when no location is given: {@code ./.deltalake}. */
  public static final Path DEFAULT_ROOT = Path.of(".deltalake");

  private final Path root;

  /** A storage rooted at {@code root}, which is created when the first file is written. */
  public FileSystemStorage(Path root) {
    this.root = root.toAbsolutePath().normalize();
  }

  /** A storage rooted at {@link #DEFAULT_ROOT} in the working directory. */
  public static FileSystemStorage atDefaultRoot() {
    return new FileSystemStorage(DEFAULT_ROOT);
  }

  /** The absolute root folder. */
  public Path root() {
    return root;
  }

  @Override
  public byte[] read(String path) {
    Path file = resolve(path);
    try {
      return Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new StorageFileNotFoundException(path);
    } catch (IOException e) {
      throw failure("read", path, file, e);
    }
  }

  @Override
  public byte[] readRange(String path, long offset, int length) {
    Path file = resolve(path);
    StoragePaths.requireValidRange(path, offset, length);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long available = Math.max(0, channel.size() - offset);
      ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(length, available));
      long position = offset;
      while (buffer.hasRemaining()) {
        int n = channel.read(buffer, position);
        if (n < 0) {
          break;
        }
        position += n;
      }
      return buffer.hasRemaining()
          ? Arrays.copyOf(buffer.array(), buffer.position())
          : buffer.array();
    } catch (NoSuchFileException e) {
      throw new StorageFileNotFoundException(path);
    } catch (IOException e) {
      throw failure("read", path, file, e);
    }
  }

  @Override
  public boolean writeIfAbsent(String path, byte[] data) {
    Path file = resolve(path);
    boolean created;
    try {
      created = DurableFiles.linkIfAbsent(file, data);
    } catch (IOException e) {
      throw failure("write", path, file, e);
    } catch (UnsupportedOperationException e) {
      throw new StorageException(
          "Cannot write '"
              + path
              + "' at "
              + file
              + ": the file system does not support hard links, which atomic commits need",
          e);
    }
    if (created) {
      try {
        DurableFiles.forceFolder(file.getParent());
      } catch (IOException e) {
        // The file is there, whole, but a crash could still lose its name.
        throw new StorageOutcomeUnknownException(
            path, "it was created but forcing " + file.getParent() + " failed: " + describe(e), e);
      }
    }
    return created;
  }

  @Override
  public void overwrite(String path, byte[] data) {
    Path file = resolve(path);
    try {
      DurableFiles.replace(file, data);
    } catch (IOException e) {
      throw failure("write", path, file, e);
    }
  }

  /** Publishes by atomic rename of a temporary file created {@code rw-------} on POSIX systems. */
  @Override
  public void overwritePrivate(String path, byte[] data) {
    Path file = resolve(path);
    try {
      DurableFiles.replaceOwnerOnly(file, data);
    } catch (IOException e) {
      throw failure("write", path, file, e);
    }
  }

  @Override
  public OutputStream openOutput(String path) {
    Path file = resolve(path);
    try {
      return new PublishOnCloseOutputStream(file);
    } catch (IOException e) {
      throw failure("write", path, file, e);
    }
  }

  @Override
  public List<FileEntry> list(String prefix, String startAt) {
    requireValidPrefix(prefix);
    try {
      return FolderListing.list(root, prefix, startAt);
    } catch (IOException e) {
      throw new StorageException("Cannot list '" + prefix + "' in " + root + ": " + describe(e), e);
    }
  }

  @Override
  public Optional<FileEntry> stat(String path) {
    Path file = resolve(path);
    try {
      BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
      if (!attributes.isRegularFile()) {
        return Optional.empty();
      }
      return Optional.of(
          new FileEntry(path, attributes.size(), attributes.lastModifiedTime().toMillis()));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw failure("stat", path, file, e);
    }
  }

  @Override
  public boolean delete(String path) {
    Path file = resolve(path);
    try {
      if (Files.isDirectory(file)) {
        return false;
      }
      return Files.deleteIfExists(file);
    } catch (IOException e) {
      throw failure("delete", path, file, e);
    }
  }

  @Override
  public String toString() {
    return "FileSystemStorage[" + root + "]";
  }

  private Path resolve(String path) {
    requireValidPath(path);
    Path file = root.resolve(path).normalize();
    if (!file.startsWith(root) || file.equals(root)) {
      // Validation already refuses "..": this guards platform quirks such as drive letters.
      throw new IllegalArgumentException(
          "Cannot use storage path '" + path + "': it resolves outside " + root);
    }
    return file;
  }

  private static StorageException failure(String action, String path, Path file, IOException e) {
    if (Files.isDirectory(file) && (action.equals("read"))) {
      return new StorageFileNotFoundException(path);
    }
    return new StorageException(
        "Cannot " + action + " '" + path + "' at " + file + ": " + describe(e), e);
  }

  private static String describe(IOException e) {
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage());
  }

  @Override
  public boolean isLocal() {
    return true;
  }
}
