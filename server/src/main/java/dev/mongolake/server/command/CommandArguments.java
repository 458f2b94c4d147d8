package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.bson.DecimalValues;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * Typed access to a command's fields, failing with MongoDB's messages: {@code BSON field
 * 'find.limit' is the wrong type 'string', expected types '[long, int, decimal, double]'}.
 */
public final class CommandArguments {

  private static final String NUMBER_TYPES = "[long, int, decimal, double]";

  private final String command;
  private final BsonDocument body;

  public CommandArguments(String command, BsonDocument body) {
    this.command = command;
    this.body = body;
  }

  /** The arguments of a request. */
  public static CommandArguments of(CommandRequest request) {
    return new CommandArguments(request.commandName(), request.body());
  }

  /** The collection the command names as its first value. */
  public Namespace namespace(String database) {
    BsonValue value = body.get(command);
    if (value == null || !value.isString()) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE,
          "collection name has invalid type " + (value == null ? "missing" : typeName(value)));
    }
    return new Namespace(database, value.asString().getValue());
  }

  /** A required string field. */
  public String requiredString(String field) {
    BsonValue value = body.get(field);
    if (value == null) {
      throw new MongoLakeException(
          ErrorCode.NO_SUCH_KEY,
          "BSON field '" + command + "." + field + "' is missing but a required field");
    }
    if (!value.isString()) {
      throw wrongType(field, value, "[string]");
    }
    return value.asString().getValue();
  }

  public BsonDocument document(String field, BsonDocument fallback) {
    BsonValue value = body.get(field);
    if (value == null || value.isNull()) {
      return fallback;
    }
    if (!value.isDocument()) {
      throw wrongType(field, value, "[object]");
    }
    return value.asDocument();
  }

  public List<BsonValue> array(String field) {
    BsonValue value = body.get(field);
    if (value == null) {
      throw new MongoLakeException(
          ErrorCode.NO_SUCH_KEY,
          "BSON field '" + command + "." + field + "' is missing but a required field");
    }
    if (!value.isArray()) {
      throw wrongType(field, value, "[array]");
    }
    return value.asArray().getValues();
  }

  /** A list of documents (each element must be one). */
  public List<BsonDocument> documents(String field) {
    List<BsonValue> values = array(field);
    List<BsonDocument> documents = new ArrayList<>(values.size());
    for (int i = 0; i < values.size(); i++) {
      if (!values.get(i).isDocument()) {
        throw wrongType(field + "." + i, values.get(i), "[object]");
      }
      documents.add(values.get(i).asDocument());
    }
    return Collections.unmodifiableList(documents);
  }

  public long number(String field, long fallback) {
    BsonValue value = body.get(field);
    if (value == null || value.isNull()) {
      return fallback;
    }
    if (!value.isNumber() && value.getBsonType() != BsonType.DECIMAL128) {
      throw wrongType(field, value, NUMBER_TYPES);
    }
    if (value.isNumber()) {
      return value.asNumber().longValue();
    }
    org.bson.types.Decimal128 decimal = value.asDecimal128().getValue();
    if (decimal.isNaN() || decimal.isInfinite()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "BSON field '" + command + "." + field + "' must be a finite number, not " + decimal);
    }
    return DecimalValues.finite(decimal).longValue();
  }

  public boolean bool(String field, boolean fallback) {
    BsonValue value = body.get(field);
    if (value == null || value.isNull()) {
      return fallback;
    }
    if (value.isBoolean()) {
      return value.asBoolean().getValue();
    }
    if (value.isNumber()) {
      return value.asNumber().doubleValue() != 0;
    }
    throw wrongType(field, value, "[bool]");
  }

  /**
   * A flag that must be a boolean when present, as MongoDB's {@code optionalBool} fields are
   * ({@code find}'s {@code noCursorTimeout}); false when absent.
   */
  public boolean optionalBool(String field) {
    BsonValue value = body.get(field);
    if (value == null) {
      return false;
    }
    if (!value.isBoolean()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "Field '" + field + "' should be a boolean value, but found: " + typeName(value));
    }
    return value.asBoolean().getValue();
  }

  /** A non-negative number that must fit an int (limits, batch sizes). */
  public int nonNegativeInt(String field, int fallback) {
    long value = number(field, fallback);
    if (value < 0) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "BSON field '" + field + "' value must be >= 0, actual value '" + value + "'");
    }
    return (int) Math.min(Integer.MAX_VALUE, value);
  }

  public BsonArray optionalArray(String field) {
    BsonValue value = body.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isArray()) {
      throw wrongType(field, value, "[array]");
    }
    return value.asArray();
  }

  private MongoLakeException wrongType(String field, BsonValue value, String expected) {
    return new MongoLakeException(
        ErrorCode.TYPE_MISMATCH,
        "BSON field '"
            + command
            + "."
            + field
            + "' is the wrong type '"
            + typeName(value)
            + "', expected types '"
            + expected
            + "'");
  }

  /** MongoDB's name of a value's type, as its error messages spell it. */
  public static String typeName(BsonValue value) {
    return BsonTypeNames.of(value);
  }
}
