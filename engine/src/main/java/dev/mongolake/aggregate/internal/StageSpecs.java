package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.FieldPathNames;
import java.math.BigDecimal;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/** Checks of stage specifications shared by the stage parsers. */
final class StageSpecs {

  private StageSpecs() {}

  /** The specification as a document; {@code code} and {@code message} when it is not one. */
  static BsonDocument document(BsonValue specification, ErrorCode code, String message) {
    if (!specification.isDocument()) {
      throw new MongoLakeException(code, message);
    }
    return specification.asDocument();
  }

  /**
   * The specification as a non-negative whole number, read as MongoDB's {@code
   * parseIntegerElementToNonNegativeLong} reads it ({@code $limit}, {@code $skip}): any numeric
   * type holding an integral value in 64 bits.
   *
   * @throws MongoLakeException {@code code} with MongoDB's "invalid argument to <stage> stage: ..."
   *     otherwise
   */
  static long nonNegativeInteger(String stage, BsonValue specification, ErrorCode code) {
    String shown = stage + ": " + json(specification);
    String problem = null;
    long value = 0;
    if (!specification.isNumber() && !specification.isDecimal128()) {
      problem = "Expected a number in: " + shown;
    } else if (specification.isDouble()) {
      double number = specification.asDouble().getValue();
      if (Double.isNaN(number)) {
        problem = "Expected an integer, but found NaN in: " + shown;
      } else if (number >= 0x1p63 || number < -0x1p63) {
        problem = "Cannot represent as a 64-bit integer: " + shown;
      } else if (number != (double) (long) number) {
        problem = "Expected an integer: " + shown;
      } else {
        value = (long) number;
      }
    } else if (specification.isDecimal128()) {
      Decimal128 number = specification.asDecimal128().getValue();
      try {
        // Through its text, so that a negative zero is zero, as in MongoDB.
        if (number.isNaN() || number.isInfinite()) {
          throw new ArithmeticException("not finite");
        }
        value = new BigDecimal(number.toString()).longValueExact();
      } catch (ArithmeticException e) {
        problem = "Cannot represent as a 64-bit integer: " + shown;
      }
    } else {
      value = specification.asNumber().longValue();
    }
    if (problem == null && value < 0) {
      problem = "Expected a non-negative number in: " + shown;
    }
    if (problem != null) {
      throw new MongoLakeException(code, "invalid argument to " + stage + " stage: " + problem);
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
