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
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The catalog: databases and collections, each route one command ({@code listDatabases}, {@code
 * listCollections}, {@code create}, {@code drop}, {@code dropDatabase}).
 */
public record DatabaseRoutes(CommandClient commands) {

  public List<Route> routes() {
    return List.of(
        Route.get("/api/databases", this::listDatabases),
        Route.get("/api/databases/{db}/collections", this::listCollections),
        Route.post("/api/databases/{db}/collections", this::createCollection),
        Route.delete("/api/databases/{db}/collections/{coll}", this::dropCollection),
        Route.delete("/api/databases/{db}", this::dropDatabase));
  }

  private RestResponse listDatabases(RestRequest request) {
    BsonDocument reply =
        commands.run(
            "admin", new BsonDocument("listDatabases", new BsonInt32(1)), request.connection());
    return RestResponse.ok(reply);
  }

  private RestResponse listCollections(RestRequest request) {
    List<BsonDocument> collections =
        commands.runToEnd(
            request.database(),
            new BsonDocument("listCollections", new BsonInt32(1)),
            request.connection());
    return RestResponse.ok(new BsonDocument("collections", new BsonArray(collections)));
  }

  /** The body names the collection and may carry {@code create}'s options. */
  private RestResponse createCollection(RestRequest request) {
    BsonDocument body = request.bodyDocument();
    BsonValue name = body.remove("name");
    if (name == null || !name.isString()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "Cannot create a collection: the body needs a string 'name'");
    }
    Namespace namespace = new Namespace(request.database(), name.asString().getValue());
    BsonDocument command = new BsonDocument("create", new BsonString(namespace.collection()));
    command.putAll(body);
    BsonDocument reply = commands.run(namespace.database(), command, request.connection());
    return RestResponse.created(reply.append("ns", new BsonString(namespace.fullName())));
  }

  private RestResponse dropCollection(RestRequest request) {
    Namespace namespace = request.namespace();
    BsonDocument reply =
        commands.run(
            namespace.database(),
            new BsonDocument("drop", new BsonString(namespace.collection())),
            request.connection());
    return RestResponse.ok(reply);
  }

  private RestResponse dropDatabase(RestRequest request) {
    BsonDocument reply =
        commands.run(
            request.database(),
            new BsonDocument("dropDatabase", new BsonInt32(1)),
            request.connection());
    return RestResponse.ok(reply);
  }
}
