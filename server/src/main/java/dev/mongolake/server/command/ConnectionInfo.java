package dev.mongolake.server.command;

import dev.mongolake.server.auth.ConnectionAuth;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.bson.BsonDocument;

/**
 * What the server knows about one client connection. Thread-safe: the connection's own thread
 * updates it and {@code currentOp}-style commands on other connections read it.
 */
public final class ConnectionInfo {

  private final long id;
  private final String remoteAddress;
  private final String localAddress;
  private final AtomicReference<BsonDocument> clientMetadata = new AtomicReference<>();
  private final ConnectionAuth auth = new ConnectionAuth();

  public ConnectionInfo(long id, String remoteAddress, String localAddress) {
    this.id = id;
    this.remoteAddress = remoteAddress;
    this.localAddress = localAddress;
  }

  /** The server-assigned connection id, reported as {@code connectionId} in {@code hello}. */
  public long id() {
    return id;
  }

  /** The client's address as {@code host:port}. */
  public String remoteAddress() {
    return remoteAddress;
  }

  /** The server's side of the connection as {@code host:port}. */
  public String localAddress() {
    return localAddress;
  }

  /** Who is authenticated on this connection. */
  public ConnectionAuth auth() {
    return auth;
  }

  /** Whether the client connects from this machine (the localhost exception applies). */
  public boolean isLoopback() {
    return remoteAddress.startsWith("127.") || remoteAddress.startsWith("[0:0:0:0:0:0:0:1]");
  }

  /** The {@code client} document of the first handshake, if the client sent one. */
  public Optional<BsonDocument> clientMetadata() {
    return Optional.ofNullable(clientMetadata.get());
  }

  /** Records the client metadata; only the first handshake's metadata counts, as in MongoDB. */
  public void recordClientMetadata(BsonDocument metadata) {
    clientMetadata.compareAndSet(null, metadata);
  }
}
