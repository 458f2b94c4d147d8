package dev.mongolake.server;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.List;

/**
 * A server over a data folder answering as the primary of a replica set of one, and an official
 * Java driver client that found it by the set's name: the setting of the tests of transactions,
 * snapshot reads and change streams through the driver. Closing closes both, client first.
 */
public record ReplicaSetOfOne(MongoLakeServer server, MongoClient client) implements AutoCloseable {

  /** A set named {@code rs0} over {@code data}, with batch durability, on a free port. */
  public static ReplicaSetOfOne start(Path data) {
    return start(data, ReplicationConfig.replicaSet("rs0"));
  }

  /** As {@link #start(Path)}, with {@code replication} (its set name and lifetimes). */
  public static ReplicaSetOfOne start(Path data, ReplicationConfig replication) {
    MongoLakeServer server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
                .withReplication(replication),
            "test");
    MongoClient client =
        MongoClients.create(
            "mongodb://127.0.0.1:"
                + server.port()
                + "/?replicaSet="
                + replication.replicaSetName()
                + "&serverSelectionTimeoutMS=5000");
    return new ReplicaSetOfOne(server, client);
  }

  @Override
  public void close() {
    client.close();
    server.close();
  }
}
