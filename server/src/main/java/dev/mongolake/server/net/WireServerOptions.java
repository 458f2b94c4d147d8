package dev.mongolake.server.net;

import java.time.Duration;
import java.util.Objects;
import javax.net.ssl.SSLContext;

/**
 * Listener settings of the wire-protocol server.
 *
 * @param bindAddress address to listen on; {@code 127.0.0.1} unless the operator opts in to more
 * @param port TCP port; 0 picks a free one (see {@link WireServer#port()})
 * @param maxConnections connections beyond this are closed at once
 * @param idleTimeout a connection that waits this long for its next request (or for the rest of
 *     one) is closed, within a quarter of this (at most a minute) more
 * @param tls when not null, connections speak TLS with this context's certificate
 * @param threads what kind of thread serves each connection
 */
public record WireServerOptions(
    String bindAddress,
    int port,
    int maxConnections,
    Duration idleTimeout,
    SSLContext tls,
    ConnectionThreads threads) {

  public WireServerOptions {
    Objects.requireNonNull(threads, "threads");
  }

  /** Plain TCP, served by event loops. */
  public WireServerOptions(String bindAddress, int port, int maxConnections, Duration idleTimeout) {
    this(bindAddress, port, maxConnections, idleTimeout, null, ConnectionThreads.EVENT_LOOP);
  }

  /** Local-only defaults on the given port. */
  public static WireServerOptions local(int port) {
    return new WireServerOptions("127.0.0.1", port, 1000, Duration.ofMinutes(30));
  }

  /** The same settings, serving connections on {@code value}. */
  public WireServerOptions withThreads(ConnectionThreads value) {
    return new WireServerOptions(bindAddress, port, maxConnections, idleTimeout, tls, value);
  }

  /** The same settings with TLS. */
  public WireServerOptions withTls(SSLContext value) {
    return new WireServerOptions(bindAddress, port, maxConnections, idleTimeout, value, threads);
  }
}
