package dev.mongolake.server.rest;

import java.util.regex.Pattern;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * Reads the {@code {id}} path segment as the {@code _id} a user most likely means: an ObjectId when
 * it is 24 hex digits, a number when it is numeric, Extended JSON when it starts with a brace or a
 * quote (so {@code "123"} in quotes is the string, {@code {"$numberLong":"5"}} a long), and
 * otherwise the string itself.
 */
public final class DocumentId {

  private static final Pattern INTEGER = Pattern.compile("-?\\d{1,19}");
  private static final Pattern DECIMAL = Pattern.compile("-?\\d+\\.\\d+([eE][-+]?\\d+)?");

  private DocumentId() {}

  public static BsonValue parse(String segment) {
    if (segment.startsWith("{") || segment.startsWith("\"")) {
      return ExtendedJson.parseValue(segment, "document id '" + segment + "'");
    }
    if (ObjectId.isValid(segment) && segment.length() == 24) {
      return new BsonObjectId(new ObjectId(segment));
    }
    if (INTEGER.matcher(segment).matches()) {
      try {
        long value = Long.parseLong(segment);
        // Ints stay int32, as the shell and drivers store small integer ids.
        return value == (int) value ? new BsonInt32((int) value) : new BsonInt64(value);
      } catch (NumberFormatException e) {
        return new BsonString(segment);
      }
    }
    if (DECIMAL.matcher(segment).matches()) {
      return new BsonDouble(Double.parseDouble(segment));
    }
    return new BsonString(segment);
  }
}
