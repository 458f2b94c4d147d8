package dev.mongolake.aggregate.internal.window;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** The checks of a window function's specification that several functions share. */
final class WindowSpecs {

  private WindowSpecs() {}

  static MongoLakeException failed(String message) {
    return new MongoLakeException(ErrorCode.FAILED_TO_PARSE, message);
  }

  /**
   * The {@code window} of {@code {<name>: .., window: ..}}, or {@code otherwise} without one; any
   * other key is refused as MongoDB refuses it.
   */
  static WindowBounds bounds(
      String name,
      BsonDocument specification,
      SortBy sortBy,
      VariableScope scope,
      WindowBounds otherwise) {
    WindowBounds bounds = otherwise;
    for (Map.Entry<String, BsonValue> entry : specification.entrySet()) {
      String key = entry.getKey();
      if (key.equals("window")) {
        bounds = WindowBounds.parse(entry.getValue(), sortBy, scope);
      } else if (!key.equals(name)) {
        if (WindowFunctions.NAMED_ARGUMENT_MESSAGES.contains(name)) {
          throw failed(name + " got unexpected argument: " + key);
        }
        if (name.equals("$count") && WindowFunctions.isFunction(key)) {
          throw failed("Cannot specify multiple functions in window function spec");
        }
        throw unexpected(key);
      }
    }
    return bounds;
  }

  /** Refuses a {@code window} for the functions that fix their own ({@code $locf}). */
  static void noWindow(String name, BsonDocument specification) {
    for (String key : specification.keySet()) {
      if (key.equals("window")) {
        throw failed("'window' field is not allowed in " + name);
      } else if (!key.equals(name)) {
        throw unexpected(key);
      }
    }
  }

  private static MongoLakeException unexpected(String key) {
    if (WindowFunctions.isFunction(key)) {
      return failed("Cannot specify two functions in window function spec");
    }
    return failed("Window function found an unknown argument: " + key);
  }

  /** A BSON element as MongoDB prints it in messages: {@code by: 1.5}, {@code range: [ 1 ]}. */
  static String element(String name, BsonValue value) {
    String json = new BsonDocument("x", value).toJson();
    String printed = json.substring(json.indexOf(':') + 1, json.length() - 1).trim();
    if (value.isArray()) {
      printed =
          value.asArray().isEmpty()
              ? "[]"
              : "[ " + printed.substring(1, printed.length() - 1).trim() + " ]";
    }
    return name + ": " + printed;
  }

  /** Requires a sortBy of exactly one field (MongoDB's message for {@code $rank} and kin). */
  static void singleSortField(String name, SortBy sortBy, ErrorCode code) {
    if (sortBy.size() != 1) {
      throw new MongoLakeException(
          code,
          name + " must be specified with a top level sortBy expression with exactly one element");
    }
  }
}
