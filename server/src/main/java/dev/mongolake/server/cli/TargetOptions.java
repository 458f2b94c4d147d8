package dev.mongolake.server.cli;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import org.bson.BsonDocument;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Which server and collection {@code import} and {@code export} talk to (a picocli mixin). */
final class TargetOptions {

  @Mixin ServerUri server;

  @Option(
      names = {"--db", "-d"},
      required = true,
      description = "Database.")
  String database;

  @Option(
      names = {"--collection", "-c"},
      required = true,
      description = "Collection.")
  String collection;

  /** The server's connection string. */
  String uri() {
    return server.uri;
  }

  MongoCollection<BsonDocument> collection(MongoClient client) {
    return client.getDatabase(database).getCollection(collection, BsonDocument.class);
  }

  String namespace() {
    return database + "." + collection;
  }
}
