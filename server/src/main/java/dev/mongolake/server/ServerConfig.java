package dev.mongolake.server;

import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.List;

/**
 * How to run a MongoLake server.
 *
 * @param dataPath the data root
 * @param bindAddress address the wire protocol listens on ({@code 127.0.0.1} by default)
 * @param port wire protocol port (0 picks a free one)
 * @param auth whether clients must authenticate (SCRAM)
 * @param durability the write-ahead log's durability mode
 * @param argv the command line, reported by {@code getCmdLineOpts}
 */
public record ServerConfig(
    Path dataPath,
    String bindAddress,
    int port,
    boolean auth,
    Durability durability,
    List<String> argv) {

  public ServerConfig {
    argv = List.copyOf(argv);
  }
}
