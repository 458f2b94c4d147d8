package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The temporary files one command's stages spill to, in a folder of their own under the spill
 * directory; {@link #close} deletes them (the cursor closing, or the command failing). Not
 * thread-safe.
 */
final class SpillFiles implements AutoCloseable {

  private final Path parent;
  private Path folder;
  private final List<Path> files = new ArrayList<>();

  SpillFiles(Path parent) {
    this.parent = parent;
  }

  /** A new empty file for one sorted run. */
  Path newFile(String prefix) {
    try {
      if (folder == null) {
        Files.createDirectories(parent);
        folder = Files.createTempDirectory(parent, "aggregate-");
      }
      Path file = Files.createTempFile(folder, prefix, ".bson");
      files.add(file);
      return file;
    } catch (IOException e) {
      throw new MongoLakeException(
          ErrorCode.INTERNAL_ERROR,
          "Cannot spill to disk under " + parent + ": " + e.getMessage(),
          e);
    }
  }

  @Override
  public void close() {
    for (Path file : files) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    files.clear();
    if (folder != null) {
      try {
        Files.deleteIfExists(folder);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      folder = null;
    }
  }
}
