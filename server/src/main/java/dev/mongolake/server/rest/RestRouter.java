package dev.mongolake.server.rest;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.auth.BasicAuthentication;
import dev.mongolake.server.command.CommandDispatcher;
import dev.mongolake.server.command.ConnectionInfo;
import dev.mongolake.server.command.ServerContext;
import dev.mongolake.server.command.UnexpectedFailure;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.json.JsonWriterSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The REST API's single entry point: picks the route, reads the body within its limit,
 * authenticates, runs the handler, and writes the answer. Failures become MongoDB's error document
 * (built by {@link CommandDispatcher#errorReply}, the server's one error shape) with an HTTP status
 * from {@link HttpStatuses}; every request is timed for {@code /metrics} here.
 */
public final class RestRouter implements HttpHandler {

  private static final Logger LOG = LoggerFactory.getLogger(RestRouter.class);
  private static final String JSON = "application/json; charset=utf-8";

  private final List<Route> routes;
  private final ServerContext server;
  // REST requests are not wire connections: they get their own ids and are not counted as open.
  private final AtomicLong requestIds = new AtomicLong();

  public RestRouter(List<Route> routes, ServerContext server) {
    this.routes = List.copyOf(routes);
    this.server = server;
  }

  @Override
  public void handle(HttpExchange exchange) {
    long start = System.nanoTime();
    String method = exchange.getRequestMethod();
    String routeLabel = RouteMatch.UNMATCHED;
    JsonWriterSettings output = ExtendedJson.output(null);
    RestResponse response;
    try {
      Map<String, String> query = QueryString.parse(exchange.getRequestURI().getRawQuery());
      output = ExtendedJson.output(query.get("json"));
      List<String> segments = PathPattern.decodedSegments(exchange.getRequestURI().getRawPath());
      RouteMatch match = RouteMatch.find(routes, method, segments);
      routeLabel = match.route().pattern().text();
      byte[] body =
          RequestBody.read(
              exchange.getRequestBody(), exchange.getRequestHeaders().getFirst("Content-Length"));
      ConnectionInfo connection = connection(exchange);
      authenticate(segments, exchange, connection);
      response =
          match
              .route()
              .handler()
              .handle(new RestRequest(method, match.parameters(), query, body, connection));
    } catch (RestException e) {
      response = error(e.status(), e.errorCode(), e.getMessage());
    } catch (MongoLakeException e) {
      response = error(HttpStatuses.of(e.errorCode()), e.errorCode(), e.getMessage());
    } catch (IOException e) {
      LOG.debug("Cannot read a REST request body: {}", e.getMessage());
      exchange.close();
      return;
    } catch (RuntimeException e) {
      LOG.error("REST {} {} failed unexpectedly", method, exchange.getRequestURI(), e);
      response =
          error(
              HttpStatuses.INTERNAL_ERROR,
              ErrorCode.INTERNAL_ERROR,
              "Cannot " + method + " " + routeLabel + ": internal error: " + e);
    } catch (Error e) {
      // Even a request that ran out of stack or memory gets its answer (the exchange would
      // otherwise never be closed, and the client would wait): it fails alone.
      LOG.warn("REST {} {} failed: {}", method, routeLabel, e.toString());
      MongoLakeException failure = UnexpectedFailure.of(method + " " + routeLabel, e);
      response =
          error(HttpStatuses.of(failure.errorCode()), failure.errorCode(), failure.getMessage());
    }
    try {
      write(exchange, response, output);
    } catch (IOException e) {
      LOG.debug("Cannot answer a REST request; the client went away: {}", e.getMessage());
    } finally {
      exchange.close();
      server
          .metrics()
          .httpRequestFinished(method, routeLabel, response.status(), System.nanoTime() - start);
    }
  }

  /**
   * Routes under /api need a user when the server runs with authentication on; what the user may do
   * there is decided as for the wire protocol, by the commands the routes run (or, for a route
   * reading the lake directly, by {@link RouteAccess}).
   */
  private void authenticate(
      List<String> segments, HttpExchange exchange, ConnectionInfo connection) {
    if (!server.authEnabled() || segments.isEmpty() || !segments.getFirst().equals("api")) {
      return;
    }
    String header = exchange.getRequestHeaders().getFirst("Authorization");
    if (header == null) {
      throw new RestException(
          HttpStatuses.UNAUTHORIZED,
          ErrorCode.UNAUTHORIZED,
          "Cannot " + exchange.getRequestMethod() + " /api: authentication required (HTTP Basic)");
    }
    BasicAuthentication.authenticate(server.users(), connection.auth(), header);
  }

  private ConnectionInfo connection(HttpExchange exchange) {
    return new ConnectionInfo(
        requestIds.incrementAndGet(),
        address(exchange.getRemoteAddress()),
        address(exchange.getLocalAddress()));
  }

  private static String address(InetSocketAddress address) {
    return address.getAddress().getHostAddress() + ":" + address.getPort();
  }

  private static RestResponse error(int status, ErrorCode code, String message) {
    return new RestResponse.Json(status, CommandDispatcher.errorReply(code, message));
  }

  private static void write(HttpExchange exchange, RestResponse response, JsonWriterSettings output)
      throws IOException {
    String contentType;
    String text;
    switch (response) {
      case RestResponse.Json json -> {
        contentType = JSON;
        text = ExtendedJson.write(json.body(), output);
      }
      case RestResponse.Text plain -> {
        contentType = plain.contentType();
        text = plain.body();
      }
    }
    if (response.status() == HttpStatuses.UNAUTHORIZED) {
      exchange.getResponseHeaders().set("WWW-Authenticate", "Basic realm=\"MongoLake\"");
    }
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", contentType);
    exchange.sendResponseHeaders(response.status(), bytes.length == 0 ? -1 : bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
