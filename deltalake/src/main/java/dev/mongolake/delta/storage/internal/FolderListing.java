package dev.mongolake.delta.storage.internal;

import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.StoragePaths;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * Lists a filesystem tree the way {@link dev.mongolake.delta.storage.Storage#list} specifies.
 *
 * <p>Only the folder that holds the prefix is read (plus the sub-folders whose names match), and
 * names are filtered by prefix and start position before any file is stat-ed, so listing the tail
 * of a {@code _delta_log} folder of 100,000 commits costs one directory read and a stat per
 * returned file. Files that vanish while the listing runs are left out.
 */
public final class FolderListing {

  private FolderListing() {}

  /** Lists {@code root}'s files under {@code prefix} from {@code startAt}, sorted by path. */
  public static List<FileEntry> list(Path root, String prefix, String startAt) throws IOException {
    String folder = StoragePaths.folderOf(prefix);
    Path directory = folder.isEmpty() ? root : root.resolve(folder);
    List<FileEntry> entries = new ArrayList<>();
    collect(directory, folder, prefix.substring(folder.length()), startAt, entries);
    entries.sort((a, b) -> StoragePaths.compare(a.path(), b.path()));
    return entries;
  }

  private static void collect(
      Path directory, String folder, String namePrefix, String startAt, List<FileEntry> out)
      throws IOException {
    try (DirectoryStream<Path> children = Files.newDirectoryStream(directory)) {
      for (Path child : children) {
        String name = child.getFileName().toString();
        if (name.startsWith(".") || !name.startsWith(namePrefix) || name.indexOf('\\') >= 0) {
          continue;
        }
        String path = folder + name;
        if (entirelyBefore(path, startAt)) {
          continue;
        }
        BasicFileAttributes attributes;
        try {
          attributes = Files.readAttributes(child, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
          continue;
        }
        if (attributes.isDirectory()) {
          collect(child, path + "/", "", startAt, out);
        } else if (attributes.isRegularFile() && StoragePaths.compare(path, startAt) >= 0) {
          out.add(new FileEntry(path, attributes.size(), attributes.lastModifiedTime().toMillis()));
        }
      }
    } catch (NoSuchFileException | NotDirectoryException e) {
      // A missing folder lists as empty, like a prefix that matches no object on S3.
    }
  }

  /**
   * True when neither {@code path} (as a file) nor anything inside it (as a folder) can be {@code
   * >= startAt}, so the entry need not even be stat-ed.
   */
  private static boolean entirelyBefore(String path, String startAt) {
    String asFolder = path + "/";
    return StoragePaths.compare(asFolder, startAt) < 0 && !startAt.startsWith(asFolder);
  }
}
