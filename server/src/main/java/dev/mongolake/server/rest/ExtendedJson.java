package dev.mongolake.server.rest;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BoundedJson;
import dev.mongolake.bson.BsonDepthException;
import dev.mongolake.bson.BsonNesting;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.json.JsonMode;
import org.bson.json.JsonReader;
import org.bson.json.JsonWriterSettings;

/**
 * MongoDB Extended JSON in and out of the REST API, through org.bson's JsonReader and JsonWriter.
 * Input accepts both relaxed and canonical forms, nested at most {@link BsonNesting#MAX_DEPTH}
 * levels (see {@link BoundedJson}); output is relaxed unless canonical is asked for.
 */
public final class ExtendedJson {

  private static final JsonWriterSettings RELAXED =
      JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();
  private static final JsonWriterSettings CANONICAL =
      JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();

  private ExtendedJson() {}

  /** Output settings for the {@code json} query parameter: {@code canonical} or relaxed. */
  public static JsonWriterSettings output(String mode) {
    return "canonical".equals(mode) ? CANONICAL : RELAXED;
  }

  public static String write(BsonDocument document, JsonWriterSettings settings) {
    return document.toJson(settings);
  }

  /** A JSON document or array. */
  public static BsonValue parseDocumentOrArray(String json, String what) {
    String text = json.strip();
    try {
      if (text.startsWith("[")) {
        return BoundedJson.parseArray(text);
      }
      if (text.startsWith("{")) {
        return BoundedJson.parseDocument(text);
      }
    } catch (BsonDepthException e) {
      throw tooDeep(what);
    } catch (RuntimeException e) {
      throw unparsable(what, e);
    }
    throw new MongoLakeException(
        ErrorCode.FAILED_TO_PARSE,
        "Cannot parse "
            + what
            + ": expected a JSON object or array, got '"
            + abbreviate(text)
            + "'");
  }

  /** A JSON document. */
  public static BsonDocument parseDocument(String json, String what) {
    BsonValue value = parseDocumentOrArray(json, what);
    if (!value.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "Cannot parse " + what + ": expected a JSON object");
    }
    return value.asDocument();
  }

  /** Any Extended JSON value: a number, a string in quotes, an object such as {"$oid": ...}. */
  public static BsonValue parseValue(String json, String what) {
    BsonDocument wrapper;
    try {
      // The value, not its wrapper, may nest MAX_DEPTH levels below itself.
      try (JsonReader reader = new JsonReader("{\"v\": " + json + "\n}")) {
        wrapper = BoundedJson.readDocument(reader, BsonNesting.MAX_DEPTH + 1);
      }
    } catch (BsonDepthException e) {
      throw tooDeep(what);
    } catch (RuntimeException e) {
      throw unparsable(what, e);
    }
    // The wrapper must hold exactly the one value: text such as `1, "w": 2` is not a value.
    if (wrapper.size() != 1 || !wrapper.containsKey("v")) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "Cannot parse " + what + ": '" + abbreviate(json) + "'");
    }
    return wrapper.get("v");
  }

  // MongoDB's answer to BSON nested this deep, whichever way it arrives.
  private static MongoLakeException tooDeep(String what) {
    return new MongoLakeException(
        ErrorCode.OVERFLOW, "Cannot parse " + what + ": " + BsonNesting.TOO_DEEP);
  }

  private static MongoLakeException unparsable(String what, RuntimeException e) {
    return new MongoLakeException(
        ErrorCode.FAILED_TO_PARSE, "Cannot parse " + what + ": " + e.getMessage());
  }

  private static String abbreviate(String text) {
    return text.length() <= 40 ? text : text.substring(0, 40) + "...";
  }
}
