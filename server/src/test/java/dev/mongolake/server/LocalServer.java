package dev.mongolake.server;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.List;

/** A server on a free port of this machine, without REST, and a driver client for it. */
record LocalServer(MongoLakeServer server, MongoClient client) implements AutoCloseable {

  static LocalServer start(Path data, Durability durability) {
    MongoLakeServer server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, durability, List.of("test")), "test");
    return new LocalServer(
        server, MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000"));
  }

  static LocalServer start(Path data) {
    return start(data, Durability.BATCH);
  }

  @Override
  public void close() {
    client.close();
    server.close();
  }
}
