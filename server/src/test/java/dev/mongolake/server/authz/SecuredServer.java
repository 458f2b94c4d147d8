package dev.mongolake.server.authz;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoCredential;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.bson.Document;

/**
 * A server started with {@code --auth} on free 127.0.0.1 ports (wire and REST), whose first user,
 * {@code root}, was created through the localhost exception; driver clients per user, closed with
 * the server. Every user it creates is defined on {@code admin} with {@link #PASSWORD}.
 */
public final class SecuredServer implements AutoCloseable {

  public static final String PASSWORD = "pässword-1";

  private final MongoLakeServer server;
  private final Map<String, MongoClient> clients = new ConcurrentHashMap<>();

  private SecuredServer(MongoLakeServer server) {
    this.server = server;
  }

  /** Starts the server; on a data root that has no user yet, creates {@code root}. */
  public static SecuredServer start(Path data) {
    SecuredServer secured =
        new SecuredServer(
            MongoLakeServer.start(
                new ServerConfig(data, "127.0.0.1", 0, true, Durability.BATCH, List.of("test"), 0),
                "test"));
    try (MongoClient local =
        MongoClients.create(secured.server.connectionString() + "?serverSelectionTimeoutMS=5000")) {
      local
          .getDatabase("admin")
          .runCommand(
              new Document("createUser", "root")
                  .append("pwd", PASSWORD)
                  .append("roles", List.of(role("root", "admin"))));
    } catch (MongoCommandException e) {
      // A restart: root exists, so the localhost exception no longer applies.
      if (e.getErrorCode() != 13) {
        throw e;
      }
    }
    return secured;
  }

  public MongoLakeServer server() {
    return server;
  }

  /** The root user's client. */
  public MongoClient root() {
    return as("root");
  }

  /** A client authenticated as {@code user} (defined on admin), opened once and reused. */
  public MongoClient as(String user) {
    return clients.computeIfAbsent(user, u -> connect(u, PASSWORD));
  }

  /** A new client authenticated as {@code user} with {@code password}; the caller closes it. */
  public MongoClient connect(String user, String password) {
    return MongoClients.create(
        MongoClientSettings.builder()
            .applyConnectionString(new ConnectionString(server.connectionString()))
            .credential(MongoCredential.createCredential(user, "admin", password.toCharArray()))
            .applyToClusterSettings(c -> c.serverSelectionTimeout(5, TimeUnit.SECONDS))
            .build());
  }

  /** Creates {@code user} on admin with {@code roles}, as root. */
  public void createUser(String user, List<Document> roles) {
    root()
        .getDatabase("admin")
        .runCommand(
            new Document("createUser", user).append("pwd", PASSWORD).append("roles", roles));
  }

  /** {@code {role, db}}. */
  public static Document role(String role, String db) {
    return new Document("role", role).append("db", db);
  }

  @Override
  public void close() {
    try {
      clients.values().forEach(MongoClient::close);
    } finally {
      server.close();
    }
  }
}
