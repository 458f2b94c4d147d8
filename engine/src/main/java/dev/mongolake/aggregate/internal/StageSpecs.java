package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.FieldPathNames;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** Checks of stage specifications shared by the stage parsers. */
final class StageSpecs {

  private StageSpecs() {}

  static BsonDocument document(String stage, BsonValue specification) {
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "the " + stage + " specification must be an object");
    }
    return specification.asDocument();
  }

  static long nonNegative(String stage, BsonValue specification, boolean positive) {
    if (!specification.isNumber()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "invalid argument to " + stage + " stage: Expected a number");
    }
    long value = specification.asNumber().longValue();
    if (value < 0 || (positive && value == 0)) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "invalid argument to "
              + stage
              + " stage: Expected a "
              + (positive ? "positive" : "non-negative")
              + " number, but found "
              + value);
    }
    return value;
  }

  /** A value as MongoDB's messages print it (relaxed extended JSON). */
  static String json(BsonValue value) {
    String wrapped = new BsonDocument("v", value).toJson();
    return wrapped.substring("{\"v\": ".length(), wrapped.length() - 1);
  }

  /**
   * A dotted path a stage reads or writes ({@code $lookup}'s {@code as}, {@code $graphLookup}'s
   * fields), checked as MongoDB's FieldPath is.
   */
  static String fieldPath(String path) {
    FieldPathNames.splitPath(path);
    return path;
  }
}
