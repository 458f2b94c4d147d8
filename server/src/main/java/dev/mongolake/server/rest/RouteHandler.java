package dev.mongolake.server.rest;

/**
 * Answers the requests of one route. Handlers are stateless and thread-safe; they report failure by
 * throwing {@link dev.mongolake.MongoLakeException} (or {@link RestException} for a status the
 * error code does not imply), never by building an error body themselves.
 */
@FunctionalInterface
public interface RouteHandler {
  RestResponse handle(RestRequest request);
}
