package dev.mongolake.server.rest;

import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.util.List;

/** Starts a real server with the wire protocol and the REST API on free 127.0.0.1 ports. */
final class RestTestServer {

  private RestTestServer() {}

  static MongoLakeServer start(Path data, boolean auth) {
    return MongoLakeServer.start(
        new ServerConfig(data, "127.0.0.1", 0, auth, Durability.BATCH, List.of("test"), 0), "test");
  }

  static RestClient client(MongoLakeServer server) {
    return new RestClient(server.restUrl().orElseThrow());
  }
}
