package dev.mongolake.delta.s3;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP relay in front of a server that can lose responses: once armed with {@link #loseResponses},
 * it lets the next requests reach the server but closes the client's connection instead of passing
 * the server's answer back, as a network failure after a request arrived does. Each connection is
 * relayed by two daemon threads; {@link #close()} stops accepting.
 */
final class FaultInjectingProxy implements AutoCloseable {

  private final ServerSocket listener;
  private final int upstreamPort;
  private final AtomicInteger responsesToLose = new AtomicInteger();
  private final AtomicInteger responsesLost = new AtomicInteger();

  FaultInjectingProxy(URI upstream) throws IOException {
    this.upstreamPort = upstream.getPort();
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::acceptLoop, "fault-proxy-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** The URL clients use instead of the upstream server's. */
  URI endpoint() {
    return URI.create("http://127.0.0.1:" + listener.getLocalPort());
  }

  /** Loses the answers to the next {@code count} requests. */
  void loseResponses(int count) {
    responsesToLose.set(count);
  }

  /** How many answers were lost so far. */
  int responsesLost() {
    return responsesLost.get();
  }

  @Override
  public void close() throws IOException {
    listener.close();
  }

  private void acceptLoop() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Socket server = new Socket(InetAddress.getLoopbackAddress(), upstreamPort);
        relay(client, server, false);
        relay(server, client, true);
      } catch (IOException e) {
        return;
      }
    }
  }

  private void relay(Socket from, Socket to, boolean isResponse) {
    Thread pump =
        new Thread(
            () -> {
              byte[] buffer = new byte[64 * 1024];
              try (InputStream in = from.getInputStream();
                  OutputStream out = to.getOutputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                  if (isResponse && responsesToLose.getAndUpdate(c -> Math.max(0, c - 1)) > 0) {
                    responsesLost.incrementAndGet();
                    break;
                  }
                  out.write(buffer, 0, n);
                  out.flush();
                }
              } catch (IOException e) {
                // The other side closed: end this direction too.
              } finally {
                closeQuietly(from);
                closeQuietly(to);
              }
            },
            "fault-proxy-relay");
    pump.setDaemon(true);
    pump.start();
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // Already closed.
    }
  }
}
