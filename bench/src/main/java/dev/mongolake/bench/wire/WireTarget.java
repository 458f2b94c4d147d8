package dev.mongolake.bench.wire;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import dev.mongolake.server.net.ConnectionThreads;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One server under test, started in this process on a free 127.0.0.1 port, with one driver client
 * whose pool holds a connection per client thread.
 */
public final class WireTarget implements AutoCloseable {

  /** The database every workload uses. */
  public static final String DATABASE = "bench";

  private final String name;
  private final String connectionString;
  private final AutoCloseable server;
  private final MongoClient client;

  private WireTarget(String name, String connectionString, AutoCloseable server, int poolSize) {
    this.name = name;
    this.connectionString = connectionString;
    this.server = server;
    MongoClientSettings settings =
        MongoClientSettings.builder()
            .applyConnectionString(new ConnectionString(connectionString))
            .applyToConnectionPoolSettings(
                pool -> pool.maxSize(poolSize).maxWaitTime(30, TimeUnit.SECONDS))
            .applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(30, TimeUnit.SECONDS))
            .retryWrites(false)
            .retryReads(false)
            .build();
    this.client = MongoClients.create(settings);
  }

  /** A MongoLake server (BATCH durability, its default, fsyncs every acknowledged write). */
  public static WireTarget mongoLake(
      Path dataDir, int poolSize, ConnectionThreads threads, Durability durability) {
    MongoLakeServer server =
        MongoLakeServer.start(
            new ServerConfig(dataDir, "127.0.0.1", 0, false, durability, List.of("bench"))
                .withConnectionThreads(threads),
            "bench");
    try {
      return new WireTarget("ours", server.connectionString(), server, poolSize);
    } catch (RuntimeException e) {
      server.close();
      throw e;
    }
  }

  /** The in-memory MongoDB-protocol peer (mongo-java-server with its memory backend). */
  public static WireTarget peer(int poolSize) {
    MongoServer server = new MongoServer(new MemoryBackend());
    server.bind("127.0.0.1", 0);
    InetSocketAddress address = server.getLocalAddress();
    String uri = "mongodb://127.0.0.1:" + address.getPort() + "/";
    try {
      return new WireTarget("peer", uri, server::shutdownNow, poolSize);
    } catch (RuntimeException e) {
      server.shutdownNow();
      throw e;
    }
  }

  /** "ours" or "peer". */
  public String name() {
    return name;
  }

  /** Where the server listens. */
  public String connectionString() {
    return connectionString;
  }

  /** The benchmark database through this target's client. */
  public MongoDatabase database() {
    return client.getDatabase(DATABASE);
  }

  @Override
  public void close() throws Exception {
    try {
      client.close();
    } finally {
      server.close();
    }
  }
}
