package dev.mongolake.server.rest;

import dev.mongolake.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A route chosen for a request, with its path parameters. Routes are tried in registration order,
 * so literal routes such as {@code /api/databases} are registered before the parameterised ones
 * they would otherwise be read as.
 */
record RouteMatch(Route route, Map<String, String> parameters) {

  /** Route label for requests no route matched, so metrics keep a bounded set of labels. */
  static final String UNMATCHED = "<unmatched>";

  /**
   * The route for a method and path.
   *
   * @throws RestException 404 when no route has this path, 405 when none takes this method
   */
  // An unknown route is the REST form of an unknown command: CommandNotFound, as MongoDB answers.
  static RouteMatch find(List<Route> routes, String method, List<String> segments) {
    List<String> allowed = new ArrayList<>();
    for (Route route : routes) {
      Optional<Map<String, String>> parameters = route.pattern().match(segments);
      if (parameters.isEmpty()) {
        continue;
      }
      if (route.method().equals(method)) {
        return new RouteMatch(route, parameters.get());
      }
      allowed.add(route.method());
    }
    String path = "/" + String.join("/", segments);
    if (allowed.isEmpty()) {
      throw new RestException(
          HttpStatuses.NOT_FOUND, ErrorCode.COMMAND_NOT_FOUND, "No such route: " + path);
    }
    throw new RestException(
        HttpStatuses.METHOD_NOT_ALLOWED,
        ErrorCode.ILLEGAL_OPERATION,
        "Cannot " + method + " " + path + ": the route takes " + String.join(", ", allowed));
  }
}
