package dev.mongolake.server.rest.routes;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.rest.CommandClient;
import dev.mongolake.server.rest.RestRequest;
import dev.mongolake.server.rest.RestResponse;
import dev.mongolake.server.rest.RouteHandler;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * {@code POST /api/{db}/{coll}/restore}: the {@code restore} command on the collection, to the
 * body's {@code at} (a cluster time or an instant, as a read's {@code at}) or {@code version} (of
 * its table); the answer is the command's ({@code nInserted}, {@code nReplaced}, {@code nDeleted}).
 * Any other body field is refused naming it.
 */
public record RestoreRoute(CommandClient commands) implements RouteHandler {

  @Override
  public RestResponse handle(RestRequest request) {
    Namespace namespace = request.namespace();
    BsonDocument body = request.bodyDocument();
    BsonDocument command = new BsonDocument("restore", new BsonString(namespace.collection()));
    for (String field : body.keySet()) {
      switch (field) {
        case "at" ->
            command.put(
                "atClusterTime",
                ReadPoint.readConcern(body.get("at")).getTimestamp("atClusterTime"));
        case "version" -> command.put("tableVersion", body.get("version"));
        default ->
            throw new MongoLakeException(
                ErrorCode.BAD_VALUE,
                "Cannot restore: unknown field '" + field + "'; expected 'at' or 'version'");
      }
    }
    BsonDocument reply = commands.run(namespace.database(), command, request.connection());
    reply.remove("ok");
    return RestResponse.ok(reply);
  }
}
