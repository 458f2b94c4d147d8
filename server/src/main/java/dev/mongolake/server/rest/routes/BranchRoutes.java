package dev.mongolake.server.rest.routes;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.rest.CommandClient;
import dev.mongolake.server.rest.RestRequest;
import dev.mongolake.server.rest.RestResponse;
import dev.mongolake.server.rest.Route;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Branches of a database and the database's restore, each route one command: {@code listBranches},
 * {@code createBranch} (body {@code name}, optional {@code at} as a read's), {@code diffBranch},
 * {@code mergeBranch} (body optional {@code policy}), {@code deleteBranch}, and {@code restore: 1}
 * (body {@code at}). Body fields other than those are refused naming them.
 */
public record BranchRoutes(CommandClient commands) {

  public List<Route> routes() {
    return List.of(
        Route.get("/api/databases/{db}/branches", this::list),
        Route.post("/api/databases/{db}/branches", this::create),
        Route.get("/api/databases/{db}/branches/{branch}/diff", this::diff),
        Route.post("/api/databases/{db}/branches/{branch}/merge", this::merge),
        Route.delete("/api/databases/{db}/branches/{branch}", this::delete),
        Route.post("/api/databases/{db}/restore", this::restore));
  }

  private RestResponse list(RestRequest request) {
    return run(request, new BsonDocument("listBranches", new BsonInt32(1)));
  }

  private RestResponse create(RestRequest request) {
    BsonDocument body = request.bodyDocument();
    refuseOthers(body, "create a branch", "name", "at");
    BsonValue name = body.get("name");
    if (name == null || !name.isString()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "Cannot create a branch: the body needs a string 'name'");
    }
    BsonDocument command = new BsonDocument("createBranch", name);
    if (body.containsKey("at")) {
      command.put(
          "atClusterTime", ReadPoint.readConcern(body.get("at")).getTimestamp("atClusterTime"));
    }
    BsonDocument reply = commands.run(request.database(), command, request.connection());
    reply.remove("ok");
    return RestResponse.created(reply);
  }

  private RestResponse diff(RestRequest request) {
    return run(request, new BsonDocument("diffBranch", new BsonString(request.path("branch"))));
  }

  private RestResponse merge(RestRequest request) {
    BsonDocument body = request.bodyDocument();
    refuseOthers(body, "merge a branch", "policy");
    BsonDocument command = new BsonDocument("mergeBranch", new BsonString(request.path("branch")));
    if (body.containsKey("policy")) {
      command.put("policy", body.get("policy"));
    }
    return run(request, command);
  }

  private RestResponse delete(RestRequest request) {
    return run(request, new BsonDocument("deleteBranch", new BsonString(request.path("branch"))));
  }

  /**
   * {@code POST /api/databases/{db}/restore}: every collection of the database back to {@code at}.
   */
  private RestResponse restore(RestRequest request) {
    BsonDocument body = request.bodyDocument();
    refuseOthers(body, "restore a database", "at");
    if (!body.containsKey("at")) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "Cannot restore a database: the body needs 'at'");
    }
    BsonDocument command =
        new BsonDocument("restore", new BsonInt32(1))
            .append(
                "atClusterTime",
                ReadPoint.readConcern(body.get("at")).getTimestamp("atClusterTime"));
    return run(request, command);
  }

  private RestResponse run(RestRequest request, BsonDocument command) {
    BsonDocument reply = commands.run(request.database(), command, request.connection());
    reply.remove("ok");
    return RestResponse.ok(reply);
  }

  private static void refuseOthers(BsonDocument body, String action, String... known) {
    List<String> allowed = List.of(known);
    for (String field : body.keySet()) {
      if (!allowed.contains(field)) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "Cannot " + action + ": unknown field '" + field + "'; expected " + allowed);
      }
    }
  }
}
