package dev.mongolake.server.rest.routes;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.rest.ExtendedJson;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A REST query ({@code filter}, {@code sort}, {@code projection}, {@code limit}, {@code skip},
 * {@code collation}, and {@code at}: a past point to read at, see {@link ReadPoint}), from the
 * query string or a JSON body, as a {@code find} command. Anything else is refused naming it, so
 * that a misspelt or unsupported option is never ignored.
 *
 * <p>Without a {@code limit} a query returns at most {@link #DEFAULT_LIMIT} documents, so that a
 * casual {@code GET} of a large collection cannot build an unbounded response; {@code limit=0} asks
 * for everything, as in MongoDB.
 */
record FindOptions(BsonDocument options) {

  static final int DEFAULT_LIMIT = 1000;
  private static final Set<String> FIELDS =
      Set.of("filter", "sort", "projection", "limit", "skip", "collation", ReadPoint.PARAMETER);

  /** Query parameters every route reads (the response's JSON form). */
  private static final Set<String> RESPONSE_PARAMETERS = Set.of("json");

  /** Options from query-string parameters, each an Extended JSON value. */
  static FindOptions fromQuery(Map<String, String> query) {
    for (String parameter : query.keySet()) {
      if (!FIELDS.contains(parameter) && !RESPONSE_PARAMETERS.contains(parameter)) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "Cannot find: unknown query parameter '" + parameter + "'; expected one of " + FIELDS);
      }
    }
    BsonDocument options = new BsonDocument();
    for (String field : FIELDS) {
      String text = query.get(field);
      if (text != null && field.equals(ReadPoint.PARAMETER)) {
        options.put("readConcern", ReadPoint.fromQuery(text));
      } else if (text != null) {
        options.put(field, ExtendedJson.parseValue(text, "query parameter '" + field + "'"));
      }
    }
    return new FindOptions(options);
  }

  /** Options from a JSON body; unknown fields are refused so that a typo is not ignored. */
  static FindOptions fromBody(BsonDocument body) {
    for (String field : body.keySet()) {
      if (!FIELDS.contains(field)) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "Cannot find: unknown field '" + field + "'; expected one of " + FIELDS);
      }
    }
    BsonDocument options = body.clone();
    BsonValue at = options.remove(ReadPoint.PARAMETER);
    if (at != null) {
      options.put("readConcern", ReadPoint.readConcern(at));
    }
    return new FindOptions(options);
  }

  BsonDocument findCommand(Namespace namespace) {
    BsonDocument command = new BsonDocument("find", new BsonString(namespace.collection()));
    command.putAll(options);
    BsonValue limit = command.get("limit");
    if (limit == null) {
      command.put("limit", new BsonInt32(DEFAULT_LIMIT));
    }
    return command;
  }
}
