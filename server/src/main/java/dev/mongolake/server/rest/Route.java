package dev.mongolake.server.rest;

/**
 * One REST endpoint: an HTTP method, a path pattern such as {@code /api/{db}/{coll}}, and the
 * handler that answers it.
 */
public record Route(String method, PathPattern pattern, RouteHandler handler) {

  public static Route get(String pattern, RouteHandler handler) {
    return new Route("GET", PathPattern.of(pattern), handler);
  }

  public static Route post(String pattern, RouteHandler handler) {
    return new Route("POST", PathPattern.of(pattern), handler);
  }

  public static Route put(String pattern, RouteHandler handler) {
    return new Route("PUT", PathPattern.of(pattern), handler);
  }

  public static Route patch(String pattern, RouteHandler handler) {
    return new Route("PATCH", PathPattern.of(pattern), handler);
  }

  public static Route delete(String pattern, RouteHandler handler) {
    return new Route("DELETE", PathPattern.of(pattern), handler);
  }
}
