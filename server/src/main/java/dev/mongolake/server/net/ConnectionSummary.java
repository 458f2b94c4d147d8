package dev.mongolake.server.net;

import dev.mongolake.server.command.ServerContext;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The INFO line that stands for the connections' own lines (which are DEBUG): how many wire
 * connections are open and how many were accepted since start, written when either number changed
 * since the last line. {@link WireServer} runs it every {@link #PERIOD} and once more when it
 * closes, so a busy server writes at most one such line a minute and an idle one none.
 *
 * <p>Thread-safe.
 */
final class ConnectionSummary implements Runnable {

  /** How often the server asks for the line. */
  static final Duration PERIOD = Duration.ofSeconds(60);

  private static final Logger LOG = LoggerFactory.getLogger(ConnectionSummary.class);

  private final ServerContext server;
  private long loggedOpen;
  private long loggedAccepted;

  ConnectionSummary(ServerContext server) {
    this.server = server;
  }

  @Override
  public synchronized void run() {
    long open = server.currentConnections();
    long accepted = server.totalConnections();
    if (open == loggedOpen && accepted == loggedAccepted) {
      return;
    }
    loggedOpen = open;
    loggedAccepted = accepted;
    LOG.atInfo()
        .addKeyValue("connectionCount", open)
        .addKeyValue("acceptedSinceStart", accepted)
        .log("Connections: {} open, {} accepted since start", open, accepted);
  }
}
