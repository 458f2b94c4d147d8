package dev.mongolake.server.rest;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.command.ConnectionInfo;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * One REST request as a route handler sees it.
 *
 * @param method the HTTP method
 * @param pathParameters the route's named path segments, percent-decoded
 * @param query the query-string parameters, percent-decoded (the last of repeated names wins)
 * @param body the request body (empty when there is none)
 * @param connection the caller, with its authentication, as commands see it
 */
public record RestRequest(
    String method,
    Map<String, String> pathParameters,
    Map<String, String> query,
    byte[] body,
    ConnectionInfo connection) {

  public RestRequest {
    pathParameters = Map.copyOf(pathParameters);
    query = Map.copyOf(query);
  }

  /** A path parameter the route declares. */
  public String path(String name) {
    String value = pathParameters.get(name);
    if (value == null) {
      throw new IllegalStateException("Route declares no path parameter {" + name + "}");
    }
    return value;
  }

  /** The validated database named by the {@code {db}} path parameter. */
  public String database() {
    String database = path("db");
    Namespace.validateDatabaseName(database);
    return database;
  }

  /** The validated namespace named by the {@code {db}} and {@code {coll}} path parameters. */
  public Namespace namespace() {
    return new Namespace(path("db"), path("coll"));
  }

  public Optional<String> query(String name) {
    return Optional.ofNullable(query.get(name));
  }

  /** The body as a JSON document or array. */
  public BsonValue bodyJson() {
    requireBody();
    return ExtendedJson.parseDocumentOrArray(bodyText(), "request body");
  }

  /** The body as a JSON document; an empty body reads as {@code {}}. */
  public BsonDocument bodyDocument() {
    if (bodyText().isBlank()) {
      return new BsonDocument();
    }
    return ExtendedJson.parseDocument(bodyText(), "request body");
  }

  private String bodyText() {
    return new String(body, StandardCharsets.UTF_8);
  }

  /** Fails unless the body is present. */
  private void requireBody() {
    if (body.length == 0) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "Cannot " + method + ": the request body is empty");
    }
  }
}
