package dev.mongolake.server.authz;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * What a privilege applies to, written as MongoDB writes resources: {@code {db, collection}}, where
 * an empty name matches every name ({@code {db: "app", collection: ""}} is every collection of
 * {@code app} and the database itself, {@code {db: "", collection: ""}} every collection of every
 * database), {@code {cluster: true}} for server-wide actions, or {@code {anyResource: true}}.
 *
 * <p>A command requires actions on a concrete resource (a collection, a database, the cluster); a
 * role grants them on a pattern, which {@link #covers} decides.
 */
public sealed interface Resource {

  /** Whether a privilege granted on this resource applies to {@code required}. */
  boolean covers(Resource required);

  /** The resource as MongoDB writes it in a privilege. */
  BsonDocument toDocument();

  /** Collections and databases: an empty name matches any. */
  record Namespaces(String db, String collection) implements Resource {

    @Override
    public boolean covers(Resource required) {
      return required instanceof Namespaces wanted
          && (db.isEmpty() || db.equals(wanted.db))
          && (collection.isEmpty() || collection.equals(wanted.collection));
    }

    @Override
    public BsonDocument toDocument() {
      return new BsonDocument("db", new BsonString(db))
          .append("collection", new BsonString(collection));
    }
  }

  /** Server-wide actions ({@code serverStatus}, {@code listDatabases}, {@code killop}, ...). */
  record Cluster() implements Resource {
    @Override
    public boolean covers(Resource required) {
      return required instanceof Cluster;
    }

    @Override
    public BsonDocument toDocument() {
      return new BsonDocument("cluster", BsonBoolean.TRUE);
    }
  }

  /** Every resource, the cluster included. */
  record AnyResource() implements Resource {
    @Override
    public boolean covers(Resource required) {
      return true;
    }

    @Override
    public BsonDocument toDocument() {
      return new BsonDocument("anyResource", BsonBoolean.TRUE);
    }
  }

  /** A database, as database-wide actions ({@code dbStats}, {@code createUser}, ...) require. */
  static Resource database(String db) {
    return new Namespaces(db, "");
  }

  /** One collection. */
  static Resource collection(dev.mongolake.Namespace namespace) {
    return new Namespaces(namespace.database(), namespace.collection());
  }

  /** Every collection of every database (MongoDB's "any normal resource"). */
  static Resource anyDatabase() {
    return new Namespaces("", "");
  }

  static Resource cluster() {
    return new Cluster();
  }

  static Resource anyResource() {
    return new AnyResource();
  }

  /**
   * Reads a resource as {@code createRole} and {@code grantPrivilegesToRole} take it.
   *
   * @throws MongoLakeException FailedToParse for any other shape
   */
  static Resource parse(BsonValue value) {
    if (value != null && value.isDocument()) {
      BsonDocument document = value.asDocument();
      if (document.size() == 1 && BsonBoolean.TRUE.equals(document.get("cluster"))) {
        return cluster();
      }
      if (document.size() == 1 && BsonBoolean.TRUE.equals(document.get("anyResource"))) {
        return anyResource();
      }
      if (document.size() == 2 && document.isString("db") && document.isString("collection")) {
        return new Namespaces(
            document.getString("db").getValue(), document.getString("collection").getValue());
      }
    }
    throw new MongoLakeException(
        ErrorCode.FAILED_TO_PARSE,
        "Cannot parse the privilege resource "
            + value
            + ": expected {db: <string>, collection: <string>}, {cluster: true} or"
            + " {anyResource: true}");
  }
}
