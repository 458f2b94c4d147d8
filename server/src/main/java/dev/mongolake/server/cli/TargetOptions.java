package dev.mongolake.server.cli;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import org.bson.BsonDocument;
import picocli.CommandLine.Option;

/** Which server and collection {@code import} and {@code export} talk to (a picocli mixin). */
final class TargetOptions {

  @Option(
      names = "--uri",
      defaultValue = "mongodb://127.0.0.1:27017",
      description = "Connection string of a running server (default: ${DEFAULT-VALUE}).")
  String uri;

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

  MongoCollection<BsonDocument> collection(MongoClient client) {
    return client.getDatabase(database).getCollection(collection, BsonDocument.class);
  }

  String namespace() {
    return database + "." + collection;
  }
}
