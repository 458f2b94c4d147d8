package dev.mongolake;

import java.nio.charset.StandardCharsets;

/**
 * A collection's full name, {@code <database>.<collection>}, validated like MongoDB's names and,
 * because each collection is a folder under the data root, so that no name can escape that root.
 *
 * <p>Database names: 1-63 bytes, none of {@code / \ . " $ * < > : | ?}, space or NUL, and not
 * {@code _wal} (the log's folder) or {@code _mongolake} (the collection catalog). Collection names:
 * not empty, no {@code $} or NUL, no {@code /} or {@code \}, not starting with a dot or {@code
 * system.}, and the full name at most 255 bytes.
 */
public record Namespace(String database, String collection) {

  /** The log's folder under the data root; no database may take its name. */
  public static final String RESERVED_LOG_FOLDER = "_wal";

  /** The table storage's folder of collection markers; no database may take its name. */
  public static final String RESERVED_CATALOG_FOLDER = "_mongolake";

  private static final int MAX_DATABASE_BYTES = 63;
  private static final int MAX_NAMESPACE_BYTES = 255;
  private static final String FORBIDDEN_IN_DATABASE = "/\\. \"$*<>:|?\0";

  public Namespace {
    validateDatabaseName(database);
    validateCollectionName(database, collection);
  }

  /** Parses {@code db.collection} (the collection part may itself contain dots). */
  public static Namespace parse(String fullName) {
    int dot = fullName == null ? -1 : fullName.indexOf('.');
    if (dot <= 0) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE, "Invalid namespace specified '" + fullName + "'");
    }
    return new Namespace(fullName.substring(0, dot), fullName.substring(dot + 1));
  }

  /** Checks a database name, throwing InvalidNamespace with MongoDB's message shape. */
  public static void validateDatabaseName(String database) {
    if (database == null || database.isEmpty()) {
      throw new MongoLakeException(ErrorCode.INVALID_NAMESPACE, "Database name cannot be empty");
    }
    if (database.getBytes(StandardCharsets.UTF_8).length > MAX_DATABASE_BYTES) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE,
          "Invalid database name: '" + database + "' is longer than 63 bytes");
    }
    for (int i = 0; i < database.length(); i++) {
      char c = database.charAt(i);
      if (FORBIDDEN_IN_DATABASE.indexOf(c) >= 0) {
        throw new MongoLakeException(
            ErrorCode.INVALID_NAMESPACE,
            "Invalid database name: '"
                + printable(database)
                + "' contains '"
                + printable(String.valueOf(c))
                + "'");
      }
    }
    if (database.equals(RESERVED_LOG_FOLDER)) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE,
          "Invalid database name: '" + database + "' is reserved for the write-ahead log");
    }
    if (database.equals(RESERVED_CATALOG_FOLDER)) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE,
          "Invalid database name: '" + database + "' is reserved for the collection catalog");
    }
  }

  private static void validateCollectionName(String database, String collection) {
    if (collection == null || collection.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE, "Invalid namespace specified '" + database + ".'");
    }
    String reason = null;
    if (collection.indexOf('$') >= 0) {
      reason = "contains '$'";
    } else if (collection.indexOf('\0') >= 0) {
      reason = "contains a NUL character";
    } else if (collection.indexOf('/') >= 0 || collection.indexOf('\\') >= 0) {
      reason = "contains a path separator";
    } else if (collection.startsWith(".")) {
      reason = "starts with '.'";
    } else if (collection.startsWith("system.")) {
      reason = "is in the reserved 'system.' namespace";
    }
    if (reason != null) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE,
          "Invalid collection name: '" + printable(collection) + "' " + reason);
    }
    int bytes = (database + "." + collection).getBytes(StandardCharsets.UTF_8).length;
    if (bytes > MAX_NAMESPACE_BYTES) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE,
          "Fully qualified namespace is too long. Namespace: "
              + database
              + "."
              + collection
              + " Max: "
              + MAX_NAMESPACE_BYTES);
    }
  }

  /** Shows control characters as escapes so that an error message stays one readable line. */
  private static String printable(String text) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints()
        .forEach(
            cp -> {
              if (Character.isISOControl(cp)) {
                out.append(String.format("\\u%04x", cp));
              } else {
                out.appendCodePoint(cp);
              }
            });
    return out.toString();
  }

  /** {@code <database>.<collection>}. */
  public String fullName() {
    return database + "." + collection;
  }

  /**
   * The default path of the collection's table under the table storage: {@code
   * <database>/<collection>}. A renamed collection keeps its table where it was, and a new one
   * whose default folder is taken gets another; {@code DocumentTable.path()} of {@link
   * MongoLakeCollection#table()} tells where a table is.
   */
  public String storagePath() {
    return database + "/" + collection;
  }

  @Override
  public String toString() {
    return fullName();
  }
}
