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
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The catalog: databases and collections, each route one command ({@code listDatabases}, {@code
 * listCollections}, {@code create}, {@code drop}, {@code dropDatabase}, {@code renameCollection}).
 */
public record DatabaseRoutes(CommandClient commands) {

  public List<Route> routes() {
    return List.of(
        Route.get("/api/databases", this::listDatabases),
        Route.get("/api/databases/{db}/collections", this::listCollections),
        Route.post("/api/databases/{db}/collections", this::createCollection),
        Route.delete("/api/databases/{db}/collections/{coll}", this::dropCollection),
        Route.delete("/api/databases/{db}", this::dropDatabase),
        Route.post("/api/{db}/{coll}/rename", this::renameCollection));
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
    // create succeeds for a collection that exists with the same options, as MongoDB's does; a
    // POST that creates nothing is a conflict with the resource that is there.
    boolean exists =
        !commands
            .runToEnd(
                namespace.database(),
                new BsonDocument("listCollections", new BsonInt32(1))
                    .append("filter", new BsonDocument("name", name))
                    .append("nameOnly", BsonBoolean.TRUE),
                request.connection())
            .isEmpty();
    if (exists) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_EXISTS, "Collection " + namespace.fullName() + " already exists.");
    }
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

  /**
   * The body names the new collection ({@code to}) and may name another database ({@code database})
   * and set {@code dropTarget}.
   */
  private RestResponse renameCollection(RestRequest request) {
    Namespace source = request.namespace();
    BsonDocument body = request.bodyDocument();
    BsonValue to = body.get("to");
    BsonValue database = body.get("database", new BsonString(source.database()));
    BsonValue dropTarget = body.get("dropTarget", BsonBoolean.FALSE);
    if (to == null || !to.isString() || !database.isString() || !dropTarget.isBoolean()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "Cannot rename a collection: the body needs a string 'to', and may add a string"
              + " 'database' and a boolean 'dropTarget'");
    }
    Namespace target = new Namespace(database.asString().getValue(), to.asString().getValue());
    BsonDocument command =
        new BsonDocument("renameCollection", new BsonString(source.fullName()))
            .append("to", new BsonString(target.fullName()))
            .append("dropTarget", dropTarget);
    BsonDocument reply = commands.run("admin", command, request.connection());
    return RestResponse.ok(reply.append("ns", new BsonString(target.fullName())));
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
