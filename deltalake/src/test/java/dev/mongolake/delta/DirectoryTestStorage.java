package dev.mongolake.delta;

import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageException;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * A small directory-backed storage for tests of the log (atomic create via CREATE_NEW), so these
 * tests exercise a real filesystem independently of the production backends.
 */
final class DirectoryTestStorage implements Storage {
  private final Path root;

  DirectoryTestStorage(Path root) {
    this.root = root;
  }

  @Override
  public byte[] read(String path) {
    try {
      return Files.readAllBytes(root.resolve(path));
    } catch (NoSuchFileException e) {
      throw new StorageFileNotFoundException(path);
    } catch (IOException e) {
      throw new StorageException("Cannot read " + path + ": " + e, e);
    }
  }

  @Override
  public byte[] readRange(String path, long offset, int length) {
    byte[] all = read(path);
    int from = (int) Math.min(offset, all.length);
    return Arrays.copyOfRange(all, from, Math.min(all.length, from + length));
  }

  @Override
  public boolean writeIfAbsent(String path, byte[] data) {
    Path target = root.resolve(path);
    try {
      Files.createDirectories(target.getParent());
      Path tmp =
          target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
      Files.write(tmp, data, StandardOpenOption.CREATE_NEW);
      try {
        Files.createLink(target, tmp);
        return true;
      } catch (FileAlreadyExistsException e) {
        return false;
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new StorageException("Cannot write " + path + ": " + e, e);
    }
  }

  @Override
  public void overwrite(String path, byte[] data) {
    Path target = root.resolve(path);
    try {
      Files.createDirectories(target.getParent());
      Path tmp =
          target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
      Files.write(tmp, data);
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new StorageException("Cannot write " + path + ": " + e, e);
    }
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
        overwrite(path, toByteArray());
      }
    };
  }

  @Override
  public List<FileEntry> list(String prefix, String startAt) {
    int slash = prefix.lastIndexOf('/');
    Path dir = slash < 0 ? root : root.resolve(prefix.substring(0, slash));
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<FileEntry> out = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.filter(Files::isRegularFile)
          .forEach(
              p -> {
                String rel = root.relativize(p).toString().replace('\\', '/');
                String tail = rel.substring(Math.max(0, slash + 1));
                boolean hidden = Arrays.stream(tail.split("/")).anyMatch(s -> s.startsWith("."));
                if (!hidden && rel.startsWith(prefix) && rel.compareTo(startAt) >= 0) {
                  try {
                    out.add(
                        new FileEntry(rel, Files.size(p), Files.getLastModifiedTime(p).toMillis()));
                  } catch (IOException e) {
                    throw new UncheckedIOException(e);
                  }
                }
              });
    } catch (IOException e) {
      throw new StorageException("Cannot list " + prefix + ": " + e, e);
    }
    out.sort(Comparator.comparing(FileEntry::path));
    return out;
  }

  @Override
  public Optional<FileEntry> stat(String path) {
    Path p = root.resolve(path);
    try {
      return Files.isRegularFile(p)
          ? Optional.of(new FileEntry(path, Files.size(p), Files.getLastModifiedTime(p).toMillis()))
          : Optional.empty();
    } catch (IOException e) {
      throw new StorageException("Cannot stat " + path + ": " + e, e);
    }
  }

  @Override
  public boolean delete(String path) {
    try {
      return Files.deleteIfExists(root.resolve(path));
    } catch (IOException e) {
      throw new StorageException("Cannot delete " + path + ": " + e, e);
    }
  }
}
