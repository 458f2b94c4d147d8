package dev.mongolake.server.clients;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.util.List;

/** Starts the real server the client tests talk to, on a free 127.0.0.1 port. */
final class ClientTestServer {

  private ClientTestServer() {}

  static MongoLakeServer start(Path dataDir) {
    return MongoLakeServer.start(
        new ServerConfig(dataDir, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
        "test");
  }

  /** A Java driver client, to check from the outside what a Node client did. */
  static MongoClient javaClient(MongoLakeServer server) {
    return MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
  }
}
