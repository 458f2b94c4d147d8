package dev.mongolake.server.rest;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The REST API's HTTP listener, on the JDK's built-in HTTP server: no extra dependency, and a
 * virtual thread per request so that handlers can block on the log's group commit just as wire
 * connections do.
 *
 * <p>{@link #close()} stops accepting and gives in-flight requests a moment to finish.
 */
public final class RestServer implements AutoCloseable {

  private static final int STOP_GRACE_SECONDS = 2;

  private final HttpServer http;
  private final ExecutorService executor;

  private RestServer(HttpServer http, ExecutorService executor) {
    this.http = http;
    this.executor = executor;
  }

  /**
   * Binds and starts serving {@code router}.
   *
   * @param port the port, 0 for a free one
   * @throws UncheckedIOException if the address cannot be bound
   */
  public static RestServer start(String bindAddress, int port, RestRouter router) {
    try {
      HttpServer http =
          HttpServer.create(new InetSocketAddress(InetAddress.getByName(bindAddress), port), 128);
      ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
      http.setExecutor(executor);
      http.createContext("/", router);
      http.start();
      return new RestServer(http, executor);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot listen for HTTP on " + bindAddress + ":" + port + ": " + e.getMessage(), e);
    }
  }

  /** The port actually bound. */
  public int port() {
    return http.getAddress().getPort();
  }

  @Override
  public void close() {
    http.stop(STOP_GRACE_SECONDS);
    executor.close();
  }
}
