package dev.mongolake.delta.storage;

import java.util.Comparator;

/**
 * The rules every {@link Storage} backend applies to its arguments: which paths are legal, how
 * paths are ordered in listings, which listed names are hidden, and which ranges can be read.
 *
 * <p>Backends call these methods so that a name refused by one backend is refused by all, and so
 * that listings are ordered and filtered the same way on the filesystem, in memory and on S3.
 * Stateless and thread-safe.
 */
public final class StoragePaths {

  /**
   * Orders paths by Unicode code point, which is the order of their UTF-8 bytes: the order in which
   * S3 lists keys. It equals {@link String#compareTo} for every name made of characters below
   * U+D800 (all names Delta and MongoLake write).
   */
  public static final Comparator<String> ORDER = StoragePaths::compare;

  private StoragePaths() {}

  /**
   * Checks a file path: non-empty, no leading {@code /}, no empty, {@code .} or {@code ..}
   * segments, no backslash and no NUL.
   *
   * @return {@code path}, for chaining
   * @throws IllegalArgumentException naming the path and the rule it breaks
   */
  public static String requireValidPath(String path) {
    if (path == null) {
      throw new IllegalArgumentException("Cannot use storage path 'null': a path is required");
    }
    if (path.isEmpty()) {
      throw invalid(path, "the path is empty");
    }
    if (path.endsWith("/")) {
      throw invalid(path, "a file path cannot end with '/'");
    }
    checkCharactersAndSegments(path);
    return path;
  }

  /**
   * Checks a listing prefix: empty, or a path that may end with {@code /} or with a partial file
   * name; otherwise the same rules as {@link #requireValidPath}.
   *
   * @return {@code prefix}, for chaining
   * @throws IllegalArgumentException naming the prefix and the rule it breaks
   */
  public static String requireValidPrefix(String prefix) {
    if (prefix == null) {
      throw new IllegalArgumentException("Cannot use storage path 'null': a prefix is required");
    }
    if (prefix.isEmpty()) {
      return prefix;
    }
    String withoutTrailingSlash =
        prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
    if (withoutTrailingSlash.isEmpty()) {
      throw invalid(prefix, "it starts with '/'");
    }
    checkCharactersAndSegments(withoutTrailingSlash);
    // A partial last segment such as "users/_delta_log/." would name no file, but "." and ".."
    // must still be refused so that a prefix never climbs out of the root.
    return prefix;
  }

  /**
   * The folder part of a listing prefix: everything up to and including its last {@code /}, or
   * empty. {@code "t/_delta_log/0000"} gives {@code "t/_delta_log/"}.
   */
  public static String folderOf(String prefix) {
    return prefix.substring(0, prefix.lastIndexOf('/') + 1);
  }

  /**
   * Whether a listing for {@code prefix} hides {@code path}: true when a segment of the path below
   * the prefix's folder starts with a dot (side files such as {@code .crc}, temporary files).
   */
  public static boolean isHiddenInListingOf(String prefix, String path) {
    String below = path.substring(folderOf(prefix).length());
    return below.startsWith(".") || below.contains("/.");
  }

  /**
   * Checks the arguments of {@link Storage#readRange}.
   *
   * @throws IllegalArgumentException if {@code offset} or {@code length} is negative
   */
  public static void requireValidRange(String path, long offset, int length) {
    if (offset < 0 || length < 0) {
      throw new IllegalArgumentException(
          "Cannot read a range of '"
              + printable(path)
              + "': offset "
              + offset
              + " and length "
              + length
              + " must not be negative");
    }
  }

  /** Compares two paths by Unicode code point; see {@link #ORDER}. */
  public static int compare(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  private static void checkCharactersAndSegments(String path) {
    if (path.startsWith("/")) {
      throw invalid(path, "it starts with '/'");
    }
    if (path.indexOf('\\') >= 0) {
      throw invalid(path, "it contains a backslash");
    }
    if (path.indexOf('\0') >= 0) {
      throw invalid(path, "it contains a NUL character");
    }
    for (String segment : path.split("/", -1)) {
      if (segment.isEmpty()) {
        throw invalid(path, "it contains an empty segment");
      }
      if (segment.equals(".") || segment.equals("..")) {
        throw invalid(path, "it contains a '" + segment + "' segment");
      }
    }
  }

  private static IllegalArgumentException invalid(String path, String reason) {
    return new IllegalArgumentException(
        "Cannot use storage path '" + printable(path) + "': " + reason);
  }

  private static String printable(String path) {
    return path.replace("\0", "\\0");
  }
}
