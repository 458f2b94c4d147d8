package dev.mongolake.server.rest.routes;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.HistoryEntry;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.ServerContext;
import dev.mongolake.server.rest.ExtendedJson;
import dev.mongolake.server.rest.RestRequest;
import dev.mongolake.server.rest.RestResponse;
import dev.mongolake.server.rest.RouteAccess;
import dev.mongolake.server.rest.RouteHandler;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code GET /api/{db}/{coll}/history}: the versions of the collection's Delta table, newest first,
 * read from the table's own log (Delta's {@code DESCRIBE HISTORY}). Writes still only in the
 * write-ahead log have no version yet; a collection never flushed has an empty history. {@code
 * limit} caps the versions listed (default 100).
 */
public record HistoryRoute(MongoLake lake, ServerContext server) implements RouteHandler {

  private static final int DEFAULT_LIMIT = 100;

  @Override
  public RestResponse handle(RestRequest request) {
    Namespace namespace = request.namespace();
    // Reading a table's history reads the collection: find, as the query routes need.
    RouteAccess.require(
        server,
        request,
        namespace.database(),
        Access.to(Resource.collection(namespace), ActionType.FIND),
        "read the history of " + namespace.fullName());
    if (!lake.db(namespace.database()).listCollectionNames().contains(namespace.collection())) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_NOT_FOUND, "ns does not exist: " + namespace.fullName());
    }
    int limit = limit(request);
    List<BsonValue> versions = new ArrayList<>();
    lake.db(namespace.database())
        .collection(namespace.collection())
        .table()
        .ifPresent(
            table -> {
              for (HistoryEntry entry : table.delta().history(limit)) {
                versions.add(version(table.delta(), entry));
              }
            });
    return RestResponse.ok(
        new BsonDocument("ns", new BsonString(namespace.fullName()))
            .append("history", new BsonArray(versions)));
  }

  private static BsonDocument version(DeltaTable table, HistoryEntry entry) {
    return new BsonDocument("version", new BsonInt64(entry.version()))
        .append("timestamp", new BsonDateTime(entry.timestamp().toEpochMilli()))
        .append("operation", new BsonString(entry.operation()))
        .append("operationParameters", JavaValues.toDocument(entry.operationParameters()))
        .append("metrics", CommitMetrics.of(table, entry).toDocument());
  }

  private static int limit(RestRequest request) {
    BsonValue value =
        request
            .query("limit")
            .map(text -> ExtendedJson.parseValue(text, "query parameter 'limit'"))
            .orElse(null);
    if (value == null) {
      return DEFAULT_LIMIT;
    }
    if (!value.isNumber() || value.asNumber().longValue() < 1) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "Cannot list history: 'limit' must be a positive number");
    }
    return (int) Math.min(Integer.MAX_VALUE, value.asNumber().longValue());
  }
}
