package dev.mongolake.server.net;

import dev.mongolake.server.command.CommandDispatcher;
import dev.mongolake.server.command.ServerContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Accepts MongoDB wire-protocol connections and serves them as {@link ConnectionThreads} says: on
 * event loops by default, or on a thread per connection.
 *
 * <p>Event loops by default, because a request/reply protocol on loopback or a LAN spends most of a
 * quick command's time in the socket: on a loop, one {@code epoll_wait} covers many connections and
 * a reply is written without first parking and resuming a thread, and a durable write's wait for
 * the group commit holds no thread at all (BENCHMARKS.md measures the three kinds side by side).
 * Commands that may wait (scans, catalog changes, awaitable {@code hello}, exhaust streams) still
 * run as straight-line blocking code, on a virtual thread. TLS connections are always served by a
 * thread per connection: the handshake and record layer run in the socket's streams.
 *
 * <p>Thread-per-connection reads carry no socket timeout (on a virtual thread each timed read that
 * parks schedules and cancels a timer, a cost paid per request); one sweeper thread closes
 * connections idle past the timeout instead, whichever transport serves them.
 *
 * <p>Connections are logged at DEBUG; at INFO, {@link ConnectionSummary} says once a minute at most
 * how many are open.
 *
 * <p>Thread-safe. {@link #close()} stops accepting, answers waiting awaitable {@code hello}s with
 * ShutdownInProgress, lets in-flight commands finish for a grace period, then closes the remaining
 * connections.
 */
public final class WireServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(WireServer.class);
  private static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(10);

  private final WireServerOptions options;
  private final CommandDispatcher dispatcher;
  private final ServerContext server;
  private final ServerSocket listener;
  // Set when connections are served by event loops: accepted as channels.
  private final ServerSocketChannel listenerChannel;
  private final List<EventLoop> loops;
  private final ExecutorService connections;
  private final Set<WireConnection> open = ConcurrentHashMap.newKeySet();
  private int nextLoop;
  private final Thread acceptor;
  private final ScheduledExecutorService idleSweeper =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().name("mongolake-idle-connections").daemon().factory());
  private final ConnectionSummary summary;
  private volatile boolean closing;

  private WireServer(
      WireServerOptions options,
      CommandDispatcher dispatcher,
      ServerContext server,
      ServerSocket listener,
      ServerSocketChannel listenerChannel) {
    this.options = options;
    this.dispatcher = dispatcher;
    this.server = server;
    this.listener = listener;
    this.listenerChannel = listenerChannel;
    this.loops = listenerChannel == null ? List.of() : newLoops();
    this.connections = options.threads().newExecutor();
    this.summary = new ConnectionSummary(server);
    this.acceptor =
        Thread.ofPlatform().name("mongolake-accept").daemon().unstarted(this::acceptLoop);
  }

  /**
   * Binds the listener and starts accepting.
   *
   * @throws UncheckedIOException if the address cannot be bound
   */
  public static WireServer start(
      WireServerOptions options, CommandDispatcher dispatcher, ServerContext server) {
    try {
      // TLS handshakes happen on each connection's first read, on its own thread.
      ServerSocketChannel listenerChannel =
          options.tls() == null && options.threads() == ConnectionThreads.EVENT_LOOP
              ? ServerSocketChannel.open()
              : null;
      ServerSocket listener =
          listenerChannel != null
              ? listenerChannel.socket()
              : options.tls() == null
                  ? new ServerSocket()
                  : options.tls().getServerSocketFactory().createServerSocket();
      listener.setReuseAddress(true);
      listener.bind(
          new InetSocketAddress(InetAddress.getByName(options.bindAddress()), options.port()), 128);
      WireServer wireServer =
          new WireServer(options, dispatcher, server, listener, listenerChannel);
      wireServer.loops.forEach(EventLoop::start);
      wireServer.acceptor.start();
      long sweepMillis = Math.clamp(options.idleTimeout().toMillis() / 4, 1, 60_000);
      wireServer.idleSweeper.scheduleWithFixedDelay(
          wireServer::closeIdleConnections, sweepMillis, sweepMillis, TimeUnit.MILLISECONDS);
      long summaryMillis = ConnectionSummary.PERIOD.toMillis();
      wireServer.idleSweeper.scheduleAtFixedRate(
          wireServer.summary, summaryMillis, summaryMillis, TimeUnit.MILLISECONDS);
      return wireServer;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot listen on "
              + options.bindAddress()
              + ":"
              + options.port()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /** The port actually bound (useful when started on port 0). */
  public int port() {
    return listener.getLocalPort();
  }

  /** The address clients connect to. */
  public String address() {
    return options.bindAddress() + ":" + port();
  }

  private static List<EventLoop> newLoops() {
    int count = Runtime.getRuntime().availableProcessors();
    List<EventLoop> loops = new ArrayList<>(count);
    for (int i = 1; i <= count; i++) {
      loops.add(new EventLoop("mongolake-loop-" + i));
    }
    return List.copyOf(loops);
  }

  private void acceptLoop() {
    while (!closing) {
      try {
        if (listenerChannel != null) {
          acceptOnLoop(listenerChannel.accept());
        } else {
          acceptOnThread(listener.accept());
        }
      } catch (SocketException | ClosedChannelException e) {
        if (!closing) {
          LOG.error("Listener failed; no longer accepting connections", e);
        }
        return;
      } catch (IOException e) {
        LOG.warn("Cannot accept a connection: {}", e.getMessage());
      }
    }
  }

  private boolean refused(Object client) throws IOException {
    if (server.currentConnections() < options.maxConnections()) {
      return false;
    }
    LOG.warn(
        "Refusing connection from {}: {} connections are open (the limit)",
        client,
        options.maxConnections());
    return true;
  }

  private void acceptOnThread(Socket socket) throws IOException {
    if (refused(socket.getRemoteSocketAddress())) {
      socket.close();
      return;
    }
    long id = server.connectionOpened();
    ClientConnection connection =
        new ClientConnection(id, socket, dispatcher, options.idleTimeout(), this::closed);
    open.add(connection);
    connections.execute(connection);
  }

  private void acceptOnLoop(SocketChannel channel) throws IOException {
    if (refused(channel.getRemoteAddress())) {
      channel.close();
      return;
    }
    EventLoop loop = loops.get(nextLoop);
    nextLoop = (nextLoop + 1) % loops.size();
    long id = server.connectionOpened();
    LoopConnection connection;
    try {
      connection =
          new LoopConnection(id, channel, loop, dispatcher, options.idleTimeout(), this::closed);
    } catch (IOException e) {
      server.connectionClosed();
      channel.close();
      throw e;
    }
    open.add(connection);
    loop.execute(connection::open);
  }

  private void closeIdleConnections() {
    long now = System.nanoTime();
    open.forEach(connection -> connection.closeIfIdle(now));
  }

  private void closed(WireConnection connection) {
    open.remove(connection);
    server.connectionClosed();
  }

  @Override
  public void close() {
    closing = true;
    idleSweeper.shutdownNow();
    try {
      listener.close();
    } catch (IOException e) {
      LOG.warn("Cannot close the listener cleanly: {}", e.getMessage());
    }
    // Wakes awaitable hellos first: they answer ShutdownInProgress at once instead of holding
    // their reply (and this shutdown) for up to maxAwaitTimeMS.
    server.topology().shutdown();
    open.forEach(WireConnection::stopAfterCurrentCommand);
    connections.shutdown();
    try {
      if (!allClosedWithin(SHUTDOWN_GRACE)) {
        open.forEach(WireConnection::abort);
        allClosedWithin(SHUTDOWN_GRACE);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      open.forEach(WireConnection::abort);
    }
    loops.forEach(EventLoop::close);
    summary.run();
  }

  private boolean allClosedWithin(Duration grace) throws InterruptedException {
    if (loops.isEmpty()) {
      return connections.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS);
    }
    // Connections on loops have no thread to wait for: wait until each has said it closed.
    long deadline = System.nanoTime() + grace.toNanos();
    while (!open.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    return open.isEmpty();
  }
}
