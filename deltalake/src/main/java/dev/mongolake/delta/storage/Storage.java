package dev.mongolake.delta.storage;

import dev.mongolake.delta.storage.internal.StorageLocations;
import java.io.OutputStream;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * A narrow object-store view of where tables live: a flat namespace of immutable-by-convention
 * files named by {@code /}-separated paths relative to the storage root (for example {@code
 * users/_delta_log/00000000000000000000.json}).
 *
 * <p>Paths never start with {@code /}, never contain empty, {@code .} or {@code ..} segments, and
 * never contain NUL or backslashes; every method rejects such a path with an {@link
 * IllegalArgumentException} so that a hostile name cannot escape the root (see {@link
 * StoragePaths}).
 *
 * <p>Implementations are thread-safe. Methods throw {@link StorageException} on I/O failure and
 * {@link StorageFileNotFoundException} when a file that must exist does not. The one atomic
 * primitive, {@link #writeIfAbsent}, is what makes Delta commits safe between processes.
 *
 * <p>Backends: {@link MemoryStorage}, {@link FileSystemStorage}, and S3-compatible object stores in
 * the {@code deltalake-s3} module; {@link #create(URI)} picks one from a URI.
 */
public interface Storage extends AutoCloseable {

  /**
   * Opens the backend a URI names:
   *
   * <ul>
   *   <li>{@code memory://} a new empty in-memory store; {@code memory://name} the store of that
   *       name, shared by every caller in this JVM;
   *   <li>{@code file:///absolute/path}, or a URI without a scheme (a relative or absolute path):
   *       the filesystem;
   *   <li>any other scheme, such as {@code s3://bucket/prefix?endpoint=...}: the {@link
   *       StorageProvider} registered for it through {@link java.util.ServiceLoader} (the {@code
   *       deltalake-s3} module registers {@code s3}).
   * </ul>
   *
   * <p>The caller closes the returned storage.
   *
   * @throws IllegalArgumentException if the URI is malformed or no provider handles its scheme (the
   *     message names the module to add)
   */
  static Storage create(URI uri) {
    return StorageLocations.open(uri);
  }

  /**
   * Opens the backend a location names: a URI with a scheme as in {@link #create(URI)}, or else a
   * filesystem path (relative paths resolve against the working directory).
   *
   * @throws IllegalArgumentException if the location is malformed or names an unknown scheme
   */
  static Storage create(String location) {
    return StorageLocations.open(location);
  }

  /** Reads a whole file. */
  byte[] read(String path);

  /**
   * Reads {@code length} bytes starting at {@code offset}; fewer only at the end of the file, none
   * when {@code offset} is at or past the end.
   *
   * @throws IllegalArgumentException if {@code offset} or {@code length} is negative
   */
  byte[] readRange(String path, long offset, int length);

  /**
   * Atomically creates {@code path} with {@code data} if no file of that name exists. Of any number
   * of concurrent callers, in this process or others, exactly one wins, and the file then holds the
   * winner's bytes, whole.
   *
   * @return {@code true} if this call created the file, {@code false} if it already existed (in
   *     which case its content is unchanged)
   * @throws StorageOutcomeUnknownException if an attempt may have created the file and no read
   *     could tell: re-read the file before deciding (a Delta commit in the "unknown" state)
   * @throws StorageException on any other failure, after which the file was not created by this
   *     call
   */
  boolean writeIfAbsent(String path, byte[] data);

  /** Creates or replaces {@code path} with {@code data}; readers see the old or the new content. */
  void overwrite(String path, byte[] data);

  /**
   * Creates or replaces {@code path} with {@code data} as {@link #overwrite} does, for a file that
   * holds secrets (credentials, keys). Where the backend keeps per-file permissions of its own, a
   * file system with POSIX permissions, the file is readable and writable by its owner only ({@code
   * rw-------}) from the moment it exists, whatever the permissions of the file it replaces were. A
   * backend without them (memory; an object store, whose access its own policies control) writes it
   * as {@link #overwrite} does.
   */
  void overwritePrivate(String path, byte[] data);

  /**
   * Opens a stream that creates or replaces {@code path}. The file becomes visible, whole, only
   * when the stream is closed successfully; the caller closes it. If a write or the close fails,
   * the file is left as it was.
   */
  OutputStream openOutput(String path);

  /**
   * Lists files whose path starts with {@code prefix} and is lexicographically {@code >= startAt},
   * in lexicographic order of path ({@link StoragePaths#ORDER}). Files in nested folders are
   * included. Names starting with a dot inside the listed folders (such as {@code .crc} side files
   * and temporary files) are not listed. A prefix that matches nothing lists as empty.
   *
   * @param prefix a path prefix, for example {@code "users/_delta_log/"}; empty lists everything
   * @param startAt the first path to include; pass {@code prefix} (or empty) to list from the start
   */
  List<FileEntry> list(String prefix, String startAt);

  /** The file's size and modification time, or empty if it does not exist. */
  Optional<FileEntry> stat(String path);

  /** Deletes a file. @return {@code true} if it existed. */
  boolean delete(String path);

  /**
   * Whether this machine serves reads itself (memory or a local disk and its page cache), so that a
   * small read costs about as much as the CPU work around it; an object store answers over the
   * network. The default says no, the safe answer for wrappers and remote stores.
   */
  default boolean isLocal() {
    return false;
  }

  /** Releases clients and file handles; the default does nothing. */
  @Override
  default void close() {}
}
