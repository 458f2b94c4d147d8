package dev.mongolake.server.command;

import dev.mongolake.server.auth.ConnectionAuth;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
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
  private volatile BooleanSupplier clientGone = () -> false;

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

  /**
   * Whether the client has closed its side of the connection, as far as the transport can tell
   * without taking a request from it. Only the connection's own thread may ask, while it runs a
   * command (a command that waits long, such as an awaitable {@code hello}, asks so that it stops
   * waiting for a client that is gone).
   */
  public boolean clientGone() {
    return clientGone.getAsBoolean();
  }

  /** Sets how {@link #clientGone()} finds out (the transport's check; never for REST requests). */
  public void watchClient(BooleanSupplier check) {
    clientGone = check;
  }

  /** Records the client metadata; only the first handshake's metadata counts, as in MongoDB. */
  public void recordClientMetadata(BsonDocument metadata) {
    clientMetadata.compareAndSet(null, metadata);
  }
}
