package dev.mongolake.internal.changestream;

import dev.mongolake.Namespace;
import java.util.Set;

/**
 * What a change stream watches: one collection, one database, or the whole deployment (every
 * database but admin, config and local, as in MongoDB). System collections are never watched.
 *
 * @param database the database, or null for the deployment
 * @param collection the collection, or null for a database or the deployment
 */
public record ChangeStreamScope(String database, String collection) {

  private static final Set<String> INTERNAL_DATABASES = Set.of("admin", "config", "local");

  /** A stream on one collection. */
  public static ChangeStreamScope of(Namespace namespace) {
    return new ChangeStreamScope(namespace.database(), namespace.collection());
  }

  /** Whether a change to {@code namespace} is an event of the stream. */
  public boolean watches(Namespace namespace) {
    if (namespace.collection().startsWith("system.")) {
      return false;
    }
    if (database == null) {
      return !INTERNAL_DATABASES.contains(namespace.database());
    }
    return database.equals(namespace.database())
        && (collection == null || collection.equals(namespace.collection()));
  }

  /** Whether the stream is on one database (it ends with an invalidate when that is dropped). */
  public boolean isDatabase() {
    return database != null && collection == null;
  }

  /** Whether the stream is on one collection (it ends with an invalidate when that goes). */
  public boolean isCollection() {
    return collection != null;
  }
}
