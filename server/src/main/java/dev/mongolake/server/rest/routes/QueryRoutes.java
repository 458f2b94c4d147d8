package dev.mongolake.server.rest.routes;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.rest.CommandClient;
import dev.mongolake.server.rest.RestRequest;
import dev.mongolake.server.rest.RestResponse;
import dev.mongolake.server.rest.Route;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/** Reading a collection: find (query string or body), aggregate and count. */
public record QueryRoutes(CommandClient commands) {

  public List<Route> routes() {
    return List.of(
        Route.post("/api/{db}/{coll}/find", this::findWithBody),
        Route.post("/api/{db}/{coll}/aggregate", this::aggregate),
        Route.post("/api/{db}/{coll}/count", this::count),
        Route.get("/api/{db}/{coll}", this::findWithQueryString));
  }

  private RestResponse findWithQueryString(RestRequest request) {
    return find(request, FindOptions.fromQuery(request.query()));
  }

  private RestResponse findWithBody(RestRequest request) {
    return find(request, FindOptions.fromBody(request.bodyDocument()));
  }

  private RestResponse find(RestRequest request, FindOptions options) {
    Namespace namespace = request.namespace();
    List<BsonDocument> documents =
        commands.runToEnd(
            namespace.database(), options.findCommand(namespace), request.connection());
    return RestResponse.ok(new BsonDocument("documents", new BsonArray(documents)));
  }

  /** The body is the pipeline, or a document holding it as {@code pipeline}. */
  private RestResponse aggregate(RestRequest request) {
    Namespace namespace = request.namespace();
    BsonValue body = request.bodyJson();
    BsonValue pipeline = body.isArray() ? body : body.asDocument().get("pipeline");
    if (pipeline == null || !pipeline.isArray()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "Cannot aggregate: the body must be a pipeline array or {\"pipeline\": [...]}");
    }
    BsonDocument command =
        new BsonDocument("aggregate", new BsonString(namespace.collection()))
            .append("pipeline", pipeline)
            .append("cursor", new BsonDocument());
    if (body.isDocument()) {
      for (String field : body.asDocument().keySet()) {
        switch (field) {
          case "pipeline" -> {}
          case ReadPoint.PARAMETER ->
              command.put("readConcern", ReadPoint.readConcern(body.asDocument().get(field)));
          default ->
              throw new MongoLakeException(
                  ErrorCode.BAD_VALUE,
                  "Cannot aggregate: unknown field '" + field + "'; expected pipeline or at");
        }
      }
    }
    List<BsonDocument> documents =
        commands.runToEnd(namespace.database(), command, request.connection());
    return RestResponse.ok(new BsonDocument("documents", new BsonArray(documents)));
  }

  /** The body may hold {@code filter}, {@code limit} and {@code skip}; empty counts everything. */
  private RestResponse count(RestRequest request) {
    Namespace namespace = request.namespace();
    BsonDocument body = request.bodyDocument();
    BsonDocument command = new BsonDocument("count", new BsonString(namespace.collection()));
    for (String field : body.keySet()) {
      switch (field) {
        case "filter" -> command.put("query", body.get(field));
        case "limit", "skip" -> command.put(field, body.get(field));
        case ReadPoint.PARAMETER ->
            command.put("readConcern", ReadPoint.readConcern(body.get(field)));
        default ->
            throw new MongoLakeException(
                ErrorCode.BAD_VALUE,
                "Cannot count: unknown field '" + field + "'; expected filter, limit, skip or at");
      }
    }
    BsonDocument reply = commands.run(namespace.database(), command, request.connection());
    return RestResponse.ok(
        new BsonDocument("count", new BsonInt64(reply.getNumber("n").longValue())));
  }
}
