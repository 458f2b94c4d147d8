package dev.mongolake.delta.storage.internal;

import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.storage.MemoryStorage;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageProvider;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Turns a location (a URI or a bare path) into a {@link Storage}: the built-in backends directly,
 * other schemes through the {@link StorageProvider}s that {@link ServiceLoader} finds.
 *
 * <p>Named in-memory stores ({@code memory://name}) live for the life of the JVM so that separate
 * callers share them. Thread-safe.
 */
public final class StorageLocations {

  private static final Pattern HAS_SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:.*");
  private static final Pattern WINDOWS_DRIVE = Pattern.compile("^[A-Za-z]:[\\\\/].*");

  /** Schemes that a module of this project provides, to name the module when it is missing. */
  private static final Map<String, String> PROVIDING_MODULES =
      Map.of("s3", "dev.mongolake:deltalake-s3");

  private static final Map<String, MemoryStorage> NAMED_MEMORY = new ConcurrentHashMap<>();

  private StorageLocations() {}

  /** Opens a location given as text: a URI with a scheme, or else a filesystem path. */
  public static Storage open(String location) {
    if (location == null || location.isBlank()) {
      throw new IllegalArgumentException(
          "Cannot open storage '" + location + "': the location is empty");
    }
    if (location.regionMatches(true, 0, "memory:", 0, "memory:".length())) {
      // "memory://" alone is not a valid java.net.URI (it wants an authority), so read it here.
      return openMemory(location.substring("memory:".length()).replaceAll("^/+|/+$", ""));
    }
    if (!HAS_SCHEME.matcher(location).matches() || WINDOWS_DRIVE.matcher(location).matches()) {
      return openPath(location);
    }
    try {
      return open(new URI(location));
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "Cannot open storage '" + location + "': " + e.getMessage(), e);
    }
  }

  /** Opens a location given as a URI; see {@link Storage#create(URI)}. */
  public static Storage open(URI uri) {
    String scheme = uri.getScheme();
    if (scheme == null) {
      return openPath(uri.getPath());
    }
    String normalized = scheme.toLowerCase(Locale.ROOT);
    return switch (normalized) {
      case "memory" -> openMemory(memoryName(uri));
      case "file" -> openFileUri(uri);
      default -> openWithProvider(normalized, uri);
    };
  }

  private static Storage openMemory(String name) {
    if (name.isEmpty()) {
      return new MemoryStorage();
    }
    return NAMED_MEMORY.computeIfAbsent(name, n -> new MemoryStorage());
  }

  private static String memoryName(URI uri) {
    String name = uri.getAuthority();
    if (name == null) {
      name = uri.isOpaque() ? uri.getSchemeSpecificPart() : uri.getPath();
    } else if (uri.getPath() != null) {
      name = name + uri.getPath();
    }
    return name == null ? "" : name.replaceAll("^/+|/+$", "");
  }

  private static Storage openFileUri(URI uri) {
    try {
      return new FileSystemStorage(Path.of(uri));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Cannot open storage '"
              + uri
              + "': a file URI must name an absolute local path, as in file:///data/lake",
          e);
    }
  }

  private static Storage openPath(String path) {
    try {
      return new FileSystemStorage(Path.of(path));
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException(
          "Cannot open storage '" + path + "': " + e.getMessage(), e);
    }
  }

  private static Storage openWithProvider(String scheme, URI uri) {
    for (StorageProvider provider : ServiceLoader.load(StorageProvider.class)) {
      if (provider.scheme().equalsIgnoreCase(scheme)) {
        return provider.open(uri);
      }
    }
    String module = PROVIDING_MODULES.get(scheme);
    String hint =
        module == null
            ? "supported schemes are memory, file and those of StorageProviders on the classpath"
            : "add the " + module + " module to the classpath";
    throw new IllegalArgumentException(
        "Cannot open storage '"
            + redacted(uri)
            + "': no storage provider for scheme '"
            + scheme
            + "'; "
            + hint);
  }

  /** The URI without its query, which may carry credentials. */
  private static String redacted(URI uri) {
    String text = uri.toString();
    int query = text.indexOf('?');
    return query < 0 ? text : text.substring(0, query) + "?...";
  }
}
