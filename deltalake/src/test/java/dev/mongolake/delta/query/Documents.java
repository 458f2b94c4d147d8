package dev.mongolake.delta.query;

import org.bson.BsonDocument;

/** Test shorthand: filters and documents written as (extended) JSON. */
final class Documents {
  private Documents() {}

  static BsonDocument doc(String json) {
    return BsonDocument.parse(json);
  }

  static boolean matches(String filter, String document) {
    return Filter.parse(doc(filter)).matches(doc(document));
  }
}
