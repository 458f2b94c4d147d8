package dev.mongolake.server.rest.routes;

import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/** Converts parsed JSON as Java objects (the Delta log's commitInfo) to BSON for the API. */
final class JavaValues {

  private JavaValues() {}

  static BsonDocument toDocument(Map<String, ?> map) {
    BsonDocument document = new BsonDocument();
    map.forEach((key, value) -> document.put(key, toBson(value)));
    return document;
  }

  static BsonValue toBson(Object value) {
    return switch (value) {
      case null -> BsonNull.VALUE;
      case String s -> new BsonString(s);
      case Boolean b -> BsonBoolean.valueOf(b);
      case Integer i -> new BsonInt64(i);
      case Long l -> new BsonInt64(l);
      case Number n -> new BsonDouble(n.doubleValue());
      case Map<?, ?> m -> {
        BsonDocument document = new BsonDocument();
        m.forEach((k, v) -> document.put(String.valueOf(k), toBson(v)));
        yield document;
      }
      case List<?> list -> new BsonArray(list.stream().map(JavaValues::toBson).toList());
      default -> new BsonString(value.toString());
    };
  }
}
