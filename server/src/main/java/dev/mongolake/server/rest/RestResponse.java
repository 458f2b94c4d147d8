package dev.mongolake.server.rest;

import org.bson.BsonDocument;

/**
 * What a route answers: a status and either a JSON document (written as Extended JSON in the mode
 * the caller asked for) or ready-made text such as Prometheus metrics.
 */
public sealed interface RestResponse {

  int status();

  static RestResponse ok(BsonDocument body) {
    return new Json(HttpStatuses.OK, body);
  }

  static RestResponse created(BsonDocument body) {
    return new Json(HttpStatuses.CREATED, body);
  }

  /** A JSON document body. */
  record Json(int status, BsonDocument body) implements RestResponse {}

  /** A text body of the given media type. */
  record Text(int status, String contentType, String body) implements RestResponse {}
}
