package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.bson.BsonTypeNames;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A collection's document validation, from its options: the {@code validator} (a filter; empty or
 * absent for none), the {@code validationLevel} ({@code strict}, the default: every insert and
 * update; {@code moderate}: inserts, and updates of documents that matched before; {@code off}) and
 * the {@code validationAction} ({@code error}, the default: refuse; {@code warn}: log and write).
 *
 * @param validator the validator, or null when there is none
 */
public record CollectionValidation(BsonDocument validator, String level, String action) {

  /** The options that hold validation, as {@code create} and {@code collMod} name them. */
  public static final List<String> OPTIONS =
      List.of("validator", "validationLevel", "validationAction");

  static final Set<String> LEVELS = Set.of("off", "strict", "moderate");
  static final Set<String> ACTIONS = Set.of("error", "warn");

  /** The validation stored options describe (options already checked by {@link #check}). */
  public static CollectionValidation of(BsonDocument options) {
    BsonDocument validator =
        options.isDocument("validator") && !options.getDocument("validator").isEmpty()
            ? options.getDocument("validator")
            : null;
    String level =
        options.isString("validationLevel")
            ? options.getString("validationLevel").getValue()
            : "strict";
    String action =
        options.isString("validationAction")
            ? options.getString("validationAction").getValue()
            : "error";
    return new CollectionValidation(validator, level, action);
  }

  /** Whether writes are validated at all. */
  public boolean active() {
    return validator != null && !level.equals("off");
  }

  /** Whether updates of documents that did not match before are left unchecked. */
  public boolean moderate() {
    return level.equals("moderate");
  }

  /** Whether a failing document is logged and written instead of refused. */
  public boolean warns() {
    return action.equals("warn");
  }

  /**
   * Checks {@code options} as MongoDB's {@code command} ({@code create} or {@code collMod}) does:
   * each option's type and value, and the validator as a filter ({@code $where}, {@code $text} and
   * the near operators not allowed), on a collection that may have one.
   *
   * @throws MongoLakeException TypeMismatch, BadValue, InvalidOptions or the validator's parse
   *     error prefixed with "Parsing of collection validator failed", as MongoDB answers
   */
  public static void check(String command, Namespace namespace, BsonDocument options) {
    for (String option : options.keySet()) {
      if (!OPTIONS.contains(option)) {
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED,
            "Cannot "
                + (command.equals("create") ? "create" : "modify")
                + " collection "
                + namespace
                + ": option '"
                + option
                + "' is not supported");
      }
    }
    BsonValue validator = options.get("validator");
    if (validator != null && !validator.isDocument()) {
      throw wrongType(command, "validator", validator, "object");
    }
    checkEnum(command, "validationLevel", options.get("validationLevel"), LEVELS);
    checkEnum(command, "validationAction", options.get("validationAction"), ACTIONS);
    if (validator != null && !validator.asDocument().isEmpty()) {
      ValidatorFilters.check(namespace, validator.asDocument());
    }
  }

  private static void checkEnum(String command, String field, BsonValue value, Set<String> valid) {
    if (value == null) {
      return;
    }
    if (!value.isString()) {
      throw wrongType(command, field, value, "string");
    }
    if (!valid.contains(value.asString().getValue())) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "Enumeration value '"
              + value.asString().getValue()
              + "' for field '"
              + command
              + "."
              + field
              + "' is not a valid value.");
    }
  }

  private static MongoLakeException wrongType(
      String command, String field, BsonValue value, String expected) {
    return new MongoLakeException(
        ErrorCode.TYPE_MISMATCH,
        "BSON field '"
            + command
            + "."
            + field
            + "' is the wrong type '"
            + BsonTypeNames.of(value)
            + "', expected type '"
            + expected
            + "'");
  }
}
