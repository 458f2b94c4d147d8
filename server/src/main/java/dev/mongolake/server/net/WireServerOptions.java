package dev.mongolake.server.net;

import java.time.Duration;

/**
 * Listener settings of the wire-protocol server.
 *
 * @param bindAddress address to listen on; {@code 127.0.0.1} unless the operator opts in to more
 * @param port TCP port; 0 picks a free one (see {@link WireServer#port()})
 * @param maxConnections connections beyond this are closed at once
 * @param idleTimeout a connection that sends nothing for this long is closed
 */
public record WireServerOptions(
    String bindAddress, int port, int maxConnections, Duration idleTimeout) {

  /** Local-only defaults on the given port. */
  public static WireServerOptions local(int port) {
    return new WireServerOptions("127.0.0.1", port, 1000, Duration.ofMinutes(30));
  }
}
