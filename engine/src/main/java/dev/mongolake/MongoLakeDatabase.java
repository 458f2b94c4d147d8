package dev.mongolake;

import dev.mongolake.internal.engine.Engine;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.Document;

/** A database: a namespace for collections. Thread-safe and cheap to create. */
public final class MongoLakeDatabase {

  private final String name;
  private final Engine engine;

  MongoLakeDatabase(String name, Engine engine) {
    this.name = name;
    this.engine = engine;
  }

  public String name() {
    return name;
  }

  /**
   * A collection of {@link Document}s; it is created by its first write or by {@link
   * #createCollection}.
   */
  public MongoLakeCollection<Document> collection(String collectionName) {
    return collection(collectionName, Document.class);
  }

  /**
   * A collection whose documents are decoded as {@code documentClass} (Document, BsonDocument,
   * ...).
   */
  public <T> MongoLakeCollection<T> collection(String collectionName, Class<T> documentClass) {
    return new MongoLakeCollection<>(new Namespace(name, collectionName), documentClass, engine);
  }

  /** Names of the database's collections, sorted. */
  public List<String> listCollectionNames() {
    return engine.collections(name).stream().map(Namespace::collection).toList();
  }

  /**
   * Creates a collection explicitly.
   *
   * @throws MongoLakeException NamespaceExists if it exists
   */
  public void createCollection(String collectionName) {
    engine.createCollection(new Namespace(name, collectionName), new BsonDocument());
  }

  /** Drops every collection of the database. */
  public void drop() {
    for (Namespace namespace : engine.collections(name)) {
      engine.dropCollection(namespace);
    }
  }
}
