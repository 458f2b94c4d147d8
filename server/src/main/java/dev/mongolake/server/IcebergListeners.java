package dev.mongolake.server;

import dev.mongolake.delta.CommitListener;
import dev.mongolake.delta.iceberg.IcebergMetadata;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * The Iceberg metadata listener for a lake's tables location: on local disk the manifests name data
 * files by {@code file:} URIs under the storage root; elsewhere ({@code s3://bucket/prefix?...}) by
 * the location without its query (endpoint and credentials are the reader's business).
 */
final class IcebergListeners {
  private IcebergListeners() {}

  /**
   * @param tables the tables location as {@link ServerConfig#tables()} gives it ({@code null}:
   *     under the data path)
   */
  static CommitListener forTables(String tables) {
    if (tables == null) {
      return IcebergMetadata.listener();
    }
    URI uri;
    try {
      uri = new URI(tables);
    } catch (URISyntaxException notAUri) {
      return IcebergMetadata.listener();
    }
    String scheme = uri.getScheme();
    if (scheme == null || scheme.equals("file") || scheme.length() == 1) {
      // A path (a one-letter "scheme" is a Windows drive): a file-system storage.
      return IcebergMetadata.listener();
    }
    String location = scheme + "://" + (uri.getRawAuthority() == null ? "" : uri.getRawAuthority());
    String path = uri.getRawPath() == null ? "" : uri.getRawPath();
    return IcebergMetadata.listener(location + path);
  }
}
