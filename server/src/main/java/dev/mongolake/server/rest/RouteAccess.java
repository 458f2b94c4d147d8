package dev.mongolake.server.rest;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.ServerContext;

/**
 * The privilege check of a route that reads the lake itself instead of running a command (every
 * other route is checked by the dispatcher, through the commands it runs): the same decision, for
 * the request's authenticated user.
 */
public final class RouteAccess {

  private RouteAccess() {}

  /**
   * Fails unless the request's user may do what {@code access} requires.
   *
   * @param database the database the route works on, for the message
   * @param what what the route does, for the message ("read the history of app.items")
   * @throws MongoLakeException Unauthorized (HTTP 403)
   */
  public static void require(
      ServerContext server, RestRequest request, String database, Access access, String what) {
    if (server.authEnabled()
        && !server.authorization().permits(request.connection().auth(), access)) {
      throw new MongoLakeException(
          ErrorCode.UNAUTHORIZED, "not authorized on " + database + " to " + what);
    }
  }
}
