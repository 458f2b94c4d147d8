package dev.mongolake.delta.log;

import dev.mongolake.delta.exceptions.DeltaException;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * The {@code path} of {@code add}, {@code remove} and {@code cdc} actions is a URI (RFC 2396): a
 * path relative to the table root, or an absolute URI. These helpers turn it into a storage path
 * and back. Stateless and thread-safe.
 */
public final class FilePaths {
  private static final java.util.regex.Pattern SCHEME =
      java.util.regex.Pattern.compile("[a-zA-Z][a-zA-Z0-9+.\\-]*:");

  private FilePaths() {}

  /** Whether the action path is an absolute URI (it has a scheme) or an absolute path. */
  public static boolean isAbsolute(String actionPath) {
    if (actionPath.startsWith("/")) {
      return true;
    }
    return SCHEME.matcher(actionPath).lookingAt();
  }

  /**
   * Decodes an action path to the file path it names: percent escapes decoded, for an absolute URI
   * its path component ({@code file:/a/b%20c} gives {@code /a/b c}).
   *
   * @throws DeltaException if the path is not a valid URI
   */
  public static String decode(String actionPath) {
    try {
      URI uri = new URI(actionPath);
      String path = uri.getPath();
      if (path == null) {
        throw new DeltaException("Cannot decode file path " + actionPath + ": it has no path");
      }
      return path;
    } catch (URISyntaxException e) {
      throw new DeltaException("Cannot decode file path " + actionPath + ": not a valid URI", e);
    }
  }

  /**
   * The storage path of a table-relative action path: {@code tablePath + "/" + decode(path)}.
   *
   * @param tablePath the table's storage path (empty for a table at the storage root)
   * @throws DeltaException if the path is absolute (outside the table's storage)
   */
  public static String toStoragePath(String tablePath, String actionPath) {
    if (isAbsolute(actionPath)) {
      throw new DeltaException(
          "Cannot resolve file path " + actionPath + ": absolute paths are not in table storage");
    }
    String relative = decode(actionPath);
    return normalize(tablePath.isEmpty() ? relative : tablePath + "/" + relative, actionPath);
  }

  /**
   * The path with its {@code .} and {@code ..} segments resolved, as RFC 3986 resolves a relative
   * reference: a shallow clone names its source's files as {@code ../../<table>/<file>}.
   *
   * @throws DeltaException if the path climbs above the storage root
   */
  private static String normalize(String path, String actionPath) {
    if (!path.contains("./") && !path.endsWith("/.") && !path.endsWith("/..")) {
      return path;
    }
    java.util.ArrayDeque<String> kept = new java.util.ArrayDeque<>();
    for (String segment : path.split("/", -1)) {
      if (segment.equals(".")) {
        continue;
      }
      if (segment.equals("..")) {
        if (kept.isEmpty()) {
          throw new DeltaException(
              "Cannot resolve file path " + actionPath + ": it leads outside the table storage");
        }
        kept.removeLast();
        continue;
      }
      kept.addLast(segment);
    }
    return String.join("/", kept);
  }

  /**
   * The action path, relative to the table at {@code tablePath}, of the file at {@code storagePath}
   * in the same storage (as a shallow clone names its source's files): {@code ../} once per segment
   * of the table path, then the file's storage path, URI-encoded.
   */
  public static String relativeTo(String tablePath, String storagePath) {
    StringBuilder relative = new StringBuilder();
    if (!tablePath.isEmpty()) {
      relative.append("../".repeat(tablePath.split("/", -1).length));
    }
    return encode(relative.append(storagePath).toString());
  }

  /** Encodes a table-relative file path as an action path (percent-escaping as a URI path). */
  public static String encode(String relativePath) {
    try {
      return new URI(null, null, relativePath, null).getRawPath();
    } catch (URISyntaxException e) {
      throw new DeltaException(
          "Cannot encode file path " + relativePath + ": " + e.getMessage(), e);
    }
  }
}
