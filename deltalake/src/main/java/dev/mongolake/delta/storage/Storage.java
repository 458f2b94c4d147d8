package dev.mongolake.delta.storage;

import java.io.OutputStream;
import java.util.List;
import java.util.Optional;

/**
 * A narrow object-store view of where tables live: a flat namespace of immutable-by-convention
 * files named by {@code /}-separated paths relative to the storage root (for example {@code
 * users/_delta_log/00000000000000000000.json}).
 *
 * <p>Paths never start with {@code /}, never contain empty, {@code .} or {@code ..} segments, and
 * never contain NUL or backslashes; every method rejects such a path with an {@link
 * IllegalArgumentException} so that a hostile name cannot escape the root.
 *
 * <p>Implementations are thread-safe. Methods throw {@link StorageException} on I/O failure and
 * {@link StorageFileNotFoundException} when a file that must exist does not. The one atomic
 * primitive, {@link #writeIfAbsent}, is what makes Delta commits safe between processes.
 */
public interface Storage extends AutoCloseable {

  /** Reads a whole file. */
  byte[] read(String path);

  /** Reads {@code length} bytes starting at {@code offset}; fewer only at the end of the file. */
  byte[] readRange(String path, long offset, int length);

  /**
   * Atomically creates {@code path} with {@code data} if no file of that name exists.
   *
   * @return {@code true} if this call created the file, {@code false} if it already existed (in
   *     which case its content is unchanged)
   */
  boolean writeIfAbsent(String path, byte[] data);

  /** Creates or replaces {@code path} with {@code data}; readers see the old or the new content. */
  void overwrite(String path, byte[] data);

  /**
   * Opens a stream that creates or replaces {@code path}. The file becomes visible, whole, only
   * when the stream is closed successfully; the caller closes it.
   */
  OutputStream openOutput(String path);

  /**
   * Lists files whose path starts with {@code prefix} and is lexicographically {@code >= startAt},
   * in lexicographic order of path. Files in nested folders are included. Names starting with a dot
   * inside the listed folders (such as {@code .crc} side files) are not listed.
   *
   * @param prefix a path prefix, for example {@code "users/_delta_log/"}; empty lists everything
   * @param startAt the first path to include; pass {@code prefix} (or empty) to list from the start
   */
  List<FileEntry> list(String prefix, String startAt);

  /** The file's size and modification time, or empty if it does not exist. */
  Optional<FileEntry> stat(String path);

  /** Deletes a file. @return {@code true} if it existed. */
  boolean delete(String path);

  /** Releases clients and file handles; the default does nothing. */
  @Override
  default void close() {}
}
