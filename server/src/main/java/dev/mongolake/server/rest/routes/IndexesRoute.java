package dev.mongolake.server.rest.routes;

import dev.mongolake.Namespace;
import dev.mongolake.server.rest.CommandClient;
import dev.mongolake.server.rest.RestRequest;
import dev.mongolake.server.rest.RestResponse;
import dev.mongolake.server.rest.RouteHandler;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * {@code GET /api/{db}/{coll}/indexes}: the collection's indexes as {@code listIndexes} reports
 * them ({@code v}, {@code key}, {@code name} and options). Going through the command means the
 * route lists whatever the index engine maintains: today the {@code _id_} index, and every
 * secondary index as soon as the engine builds them.
 */
public record IndexesRoute(CommandClient commands) implements RouteHandler {

  @Override
  public RestResponse handle(RestRequest request) {
    Namespace namespace = request.namespace();
    List<BsonDocument> indexes =
        commands.runToEnd(
            namespace.database(),
            new BsonDocument("listIndexes", new BsonString(namespace.collection())),
            request.connection());
    return RestResponse.ok(new BsonDocument("indexes", new BsonArray(indexes)));
  }
}
