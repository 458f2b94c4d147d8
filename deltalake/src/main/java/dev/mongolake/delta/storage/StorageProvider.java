package dev.mongolake.delta.storage;

import java.net.URI;

/**
 * Service-provider interface that plugs a storage backend into {@link Storage#create(URI)}.
 *
 * <p>Implementations are found with {@link java.util.ServiceLoader}: list the class in {@code
 * META-INF/services/dev.mongolake.delta.storage.StorageProvider}. They need a public no-argument
 * constructor and must be thread-safe.
 */
public interface StorageProvider {

  /** The URI scheme this provider opens, in lower case, for example {@code "s3"}. */
  String scheme();

  /**
   * Opens the storage a URI of this provider's scheme names; the caller closes it.
   *
   * @throws IllegalArgumentException if the URI is malformed for this scheme
   * @throws StorageException if the backend cannot be reached or configured
   */
  Storage open(URI uri);
}
