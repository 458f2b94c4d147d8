package dev.mongolake.server.rest.routes;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.rest.CommandClient;
import dev.mongolake.server.rest.DocumentId;
import dev.mongolake.server.rest.ExtendedJson;
import dev.mongolake.server.rest.RestException;
import dev.mongolake.server.rest.RestRequest;
import dev.mongolake.server.rest.RestResponse;
import dev.mongolake.server.rest.Route;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Documents by {@code _id}, and inserts. Reads and writes are the {@code find}, {@code insert},
 * {@code findAndModify} and {@code delete} commands, so every rule of the wire protocol applies.
 */
public record DocumentRoutes(CommandClient commands) {

  public List<Route> routes() {
    return List.of(
        Route.post("/api/{db}/{coll}", this::insert),
        Route.get("/api/{db}/{coll}/{id}", this::get),
        Route.put("/api/{db}/{coll}/{id}", this::replace),
        Route.patch("/api/{db}/{coll}/{id}", this::update),
        Route.delete("/api/{db}/{coll}/{id}", this::delete));
  }

  /**
   * One document or an array of them. Missing {@code _id}s are generated here, as drivers do, so
   * that the answer can name every inserted id.
   */
  private RestResponse insert(RestRequest request) {
    Namespace namespace = request.namespace();
    BsonValue body = request.bodyJson();
    List<BsonDocument> documents = new ArrayList<>();
    if (body.isDocument()) {
      documents.add(withId(body.asDocument()));
    } else {
      for (BsonValue element : body.asArray()) {
        if (!element.isDocument()) {
          throw new MongoLakeException(
              ErrorCode.TYPE_MISMATCH, "Cannot insert: every array element must be a document");
        }
        documents.add(withId(element.asDocument()));
      }
    }
    BsonDocument command =
        new BsonDocument("insert", new BsonString(namespace.collection()))
            .append("documents", new BsonArray(documents))
            .append("ordered", BsonBoolean.TRUE);
    BsonDocument reply = commands.run(namespace.database(), command, request.connection());
    BsonDocument answer =
        new BsonDocument("insertedCount", new BsonInt64(reply.getNumber("n").longValue()));
    if (body.isDocument()) {
      answer.put("insertedId", documents.getFirst().get("_id"));
    } else {
      answer.put("insertedIds", new BsonArray(documents.stream().map(d -> d.get("_id")).toList()));
    }
    return RestResponse.created(answer);
  }

  private RestResponse get(RestRequest request) {
    Namespace namespace = request.namespace();
    BsonValue id = DocumentId.parse(request.path("id"));
    BsonDocument command =
        new BsonDocument("find", new BsonString(namespace.collection()))
            .append("filter", new BsonDocument("_id", id))
            .append("limit", new BsonInt32(1))
            .append("singleBatch", BsonBoolean.TRUE);
    for (String parameter : request.query().keySet()) {
      if (!java.util.Set.of("projection", ReadPoint.PARAMETER, "json").contains(parameter)) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "Cannot get a document: unknown query parameter '"
                + parameter
                + "'; expected projection or at");
      }
    }
    request
        .query("projection")
        .ifPresent(p -> command.put("projection", ExtendedJson.parseDocument(p, "projection")));
    request
        .query(ReadPoint.PARAMETER)
        .ifPresent(at -> command.put("readConcern", ReadPoint.fromQuery(at)));
    List<BsonDocument> found =
        commands.runToEnd(namespace.database(), command, request.connection());
    if (found.isEmpty()) {
      throw notFound(namespace, id);
    }
    return RestResponse.ok(found.getFirst());
  }

  /** PUT replaces the document, or creates it under this id (201) when there is none. */
  private RestResponse replace(RestRequest request) {
    Namespace namespace = request.namespace();
    BsonValue id = DocumentId.parse(request.path("id"));
    BsonDocument replacement = request.bodyDocument();
    if (!replacement.isEmpty() && replacement.getFirstKey().startsWith("$")) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "Cannot replace a document with update operators such as '"
              + replacement.getFirstKey()
              + "': use PATCH");
    }
    BsonValue bodyId = replacement.get("_id");
    if (bodyId != null && !bodyId.equals(id)) {
      throw new MongoLakeException(
          ErrorCode.IMMUTABLE_FIELD,
          "Cannot replace the document with _id "
              + idText(id)
              + ": the body's _id "
              + idText(bodyId)
              + " differs from the URL's");
    }
    BsonDocument reply = findAndModify(request, namespace, id, replacement, true);
    boolean created = reply.getDocument("lastErrorObject").containsKey("upserted");
    BsonDocument document = reply.getDocument("value");
    return created ? RestResponse.created(document) : RestResponse.ok(document);
  }

  /** PATCH applies update operators ({@code $set}, {@code $inc}, ...) and answers the result. */
  private RestResponse update(RestRequest request) {
    Namespace namespace = request.namespace();
    BsonValue id = DocumentId.parse(request.path("id"));
    BsonValue update = request.bodyJson();
    if (update.isDocument()
        && (update.asDocument().isEmpty() || !update.asDocument().getFirstKey().startsWith("$"))) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "Cannot update: PATCH takes update operators such as {\"$set\": {...}}; use PUT to"
              + " replace the whole document");
    }
    BsonDocument reply = findAndModify(request, namespace, id, update, false);
    BsonValue document = reply.get("value");
    if (document == null || document.isNull()) {
      throw notFound(namespace, id);
    }
    return RestResponse.ok(document.asDocument());
  }

  private RestResponse delete(RestRequest request) {
    Namespace namespace = request.namespace();
    BsonValue id = DocumentId.parse(request.path("id"));
    BsonDocument command =
        new BsonDocument("delete", new BsonString(namespace.collection()))
            .append(
                "deletes",
                new BsonArray(
                    List.of(
                        new BsonDocument("q", new BsonDocument("_id", id))
                            .append("limit", new BsonInt32(1)))));
    BsonDocument reply = commands.run(namespace.database(), command, request.connection());
    if (reply.getNumber("n").longValue() == 0) {
      throw notFound(namespace, id);
    }
    return RestResponse.ok(new BsonDocument("deletedCount", new BsonInt64(1)));
  }

  private BsonDocument findAndModify(
      RestRequest request, Namespace namespace, BsonValue id, BsonValue update, boolean upsert) {
    BsonDocument command =
        new BsonDocument("findAndModify", new BsonString(namespace.collection()))
            .append("query", new BsonDocument("_id", id))
            .append("update", update)
            .append("new", BsonBoolean.TRUE)
            .append("upsert", BsonBoolean.valueOf(upsert));
    return commands.run(namespace.database(), command, request.connection());
  }

  private static BsonDocument withId(BsonDocument document) {
    if (document.containsKey("_id")) {
      return document;
    }
    BsonDocument withId = new BsonDocument("_id", new BsonObjectId());
    withId.putAll(document);
    return withId;
  }

  private static RestException notFound(Namespace namespace, BsonValue id) {
    return new RestException(
        404,
        ErrorCode.NO_SUCH_KEY,
        "Cannot find the document with _id " + idText(id) + " in " + namespace.fullName());
  }

  private static String idText(BsonValue id) {
    return new BsonDocument("_id", id).toJson().replaceFirst("^\\{\"_id\": (.*)}$", "$1");
  }
}
