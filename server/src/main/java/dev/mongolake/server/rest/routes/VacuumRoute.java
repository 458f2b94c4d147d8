package dev.mongolake.server.rest.routes;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.rest.CommandClient;
import dev.mongolake.server.rest.RestRequest;
import dev.mongolake.server.rest.RestResponse;
import dev.mongolake.server.rest.RouteHandler;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * {@code POST /api/{db}/{coll}/vacuum}: the {@code vacuum} command on the collection, with the
 * body's {@code retentionHours}, {@code dryRun} and {@code force} (an empty body vacuums with the
 * collection's retention); the answer is the command's ({@code dryRun}, {@code files}, {@code
 * fileCount}, {@code bytes}). Any other body field is refused naming it.
 */
public record VacuumRoute(CommandClient commands) implements RouteHandler {

  private static final Set<String> FIELDS = Set.of("retentionHours", "dryRun", "force");

  @Override
  public RestResponse handle(RestRequest request) {
    Namespace namespace = request.namespace();
    BsonDocument body = request.bodyDocument();
    BsonDocument command = new BsonDocument("vacuum", new BsonString(namespace.collection()));
    for (String field : body.keySet()) {
      if (!FIELDS.contains(field)) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "Cannot vacuum: unknown field '" + field + "'; expected one of " + FIELDS);
      }
      command.put(field, body.get(field));
    }
    BsonDocument reply = commands.run(namespace.database(), command, request.connection());
    reply.remove("ok");
    return RestResponse.ok(reply);
  }
}
