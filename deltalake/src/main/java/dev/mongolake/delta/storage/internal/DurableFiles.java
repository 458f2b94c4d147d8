package dev.mongolake.delta.storage.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.UUID;

/**
 * File operations that survive a crash: content is forced to disk before it gets its final name,
 * names appear atomically, and folders are forced after entries are created in them.
 *
 * <p>Temporary files live next to their target (same filesystem, so rename and link are atomic)
 * under a hidden name, {@code .<name>.<uuid>.tmp}, that listings skip. Stateless and thread-safe.
 */
public final class DurableFiles {

  private DurableFiles() {}

  /** A fresh hidden temporary name in {@code target}'s folder. */
  public static Path temporarySibling(Path target) {
    return target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
  }

  /**
   * Creates {@code target} with {@code data} unless it exists, atomically even between processes:
   * the data is written and forced under a temporary name, then hard-linked to the target name
   * (link creation fails if the name exists), so the target appears whole or not at all. The caller
   * forces the folder ({@link #forceFolder}) when this returns true, to make the new name durable.
   *
   * @return whether this call created the target
   */
  public static boolean linkIfAbsent(Path target, byte[] data) throws IOException {
    createFolders(target.getParent());
    Path temporary = temporarySibling(target);
    try {
      writeAndForce(temporary, data);
      try {
        Files.createLink(target, temporary);
        return true;
      } catch (FileAlreadyExistsException e) {
        return false;
      }
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  /** Creates or replaces {@code target} with {@code data}: readers see old or new, whole. */
  public static void replace(Path target, byte[] data) throws IOException {
    replace(target, data, new FileAttribute<?>[0]);
  }

  /**
   * {@link #replace}, for a file only its owner may read and write: on a file system with POSIX
   * permissions the temporary file is created {@code rw-------} (before any byte is written), so
   * the published file has those permissions whatever the replaced file had. Elsewhere it is {@link
   * #replace}.
   */
  public static void replaceOwnerOnly(Path target, byte[] data) throws IOException {
    replace(target, data, ownerOnly(target));
  }

  private static void replace(Path target, byte[] data, FileAttribute<?>[] attributes)
      throws IOException {
    createFolders(target.getParent());
    Path temporary = temporarySibling(target);
    try {
      writeAndForce(temporary, data, attributes);
      publish(temporary, target);
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  private static FileAttribute<?>[] ownerOnly(Path file) {
    if (!file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      return new FileAttribute<?>[0];
    }
    return new FileAttribute<?>[] {
      PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))
    };
  }

  /** Atomically renames a forced temporary file onto {@code target}, then forces the folder. */
  public static void publish(Path temporary, Path target) throws IOException {
    Files.move(
        temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    forceFolder(target.getParent());
  }

  /**
   * Creates {@code folder} and its missing ancestors, forcing each parent after a child is created,
   * so that a new table's folders survive a crash along with its first files.
   */
  public static void createFolders(Path folder) throws IOException {
    if (Files.isDirectory(folder)) {
      return;
    }
    Deque<Path> missing = new ArrayDeque<>();
    for (Path p = folder; p != null && !Files.isDirectory(p); p = p.getParent()) {
      missing.push(p);
    }
    while (!missing.isEmpty()) {
      Path created = missing.pop();
      try {
        Files.createDirectory(created);
      } catch (FileAlreadyExistsException e) {
        if (!Files.isDirectory(created)) {
          throw e;
        }
        // Another writer created it at the same time: fine.
      }
      if (created.getParent() != null) {
        forceFolder(created.getParent());
      }
    }
  }

  /** Forces a folder's entries to disk; a no-op where the platform cannot open folders. */
  public static void forceFolder(Path folder) throws IOException {
    try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      // Windows cannot open a directory as a channel; its rename is already durable enough.
      if (Files.isDirectory(folder) && isWindows()) {
        return;
      }
      throw e;
    }
  }

  private static void writeAndForce(Path file, byte[] data, FileAttribute<?>... attributes)
      throws IOException {
    try (FileChannel channel =
        FileChannel.open(
            file, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), attributes)) {
      ByteBuffer buffer = ByteBuffer.wrap(data);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
      channel.force(true);
    }
  }

  private static boolean isWindows() {
    return System.getProperty("os.name", "").startsWith("Windows");
  }
}
