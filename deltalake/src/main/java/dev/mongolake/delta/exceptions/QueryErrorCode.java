package dev.mongolake.delta.exceptions;

/**
 * MongoDB error codes raised by the filter language, with MongoDB's numeric code and codeName, so
 * the engine can map a {@link QueryException} to the wire reply without knowing the numbers.
 */
public enum QueryErrorCode {
  /** A malformed operand: unknown operator, wrong operand type, invalid value. */
  BAD_VALUE(2, "BadValue"),
  /** A syntactically invalid argument (MongoDB uses it for integer arguments and $type sets). */
  FAILED_TO_PARSE(9, "FailedToParse"),
  /** An operand of the wrong BSON type where MongoDB reports a type mismatch. */
  TYPE_MISMATCH(14, "TypeMismatch"),
  /** A filter whose BSON nests deeper than MongoDB accepts any BSON. */
  OVERFLOW(15, "Overflow"),
  /** An operator MongoDB knows that is not allowed here (for example $jsonSchema). */
  QUERY_FEATURE_NOT_ALLOWED(224, "QueryFeatureNotAllowed"),
  /** A collation specification naming another ICU version than the one MongoDB reports. */
  INCOMPATIBLE_COLLATION_VERSION(161, "IncompatibleCollationVersion"),
  /** An operator MongoLake parses but cannot evaluate yet. */
  NOT_IMPLEMENTED(238, "NotImplemented"),
  /** A required field missing from an option document (MongoDB's IDL parsers: 40414). */
  IDL_MISSING_FIELD(40414, "IDLFailedToParse"),
  /** A field an option document does not have (MongoDB's IDL parsers: 40415). */
  IDL_UNKNOWN_FIELD(40415, "IDLUnknownField"),
  /** A number outside the range an option field allows (MongoDB's IDL validators: 51024). */
  IDL_OUT_OF_RANGE(51024, "Location51024"),
  /**
   * $regex options given both in $options and in the regular expression, {@code $options} first
   * (MongoDB's 51074, raised on reaching the {@code $regex}).
   */
  REGEX_OPTIONS_IN_BOTH_OPTIONS_FIRST(51074, "Location51074"),
  /**
   * $regex options given both in the regular expression and in $options, {@code $regex} first
   * (MongoDB's 51075, raised on reaching the {@code $options}).
   */
  REGEX_OPTIONS_IN_BOTH_REGEX_FIRST(51075, "Location51075"),
  /** A regular expression that does not compile. */
  INVALID_REGEX(51091, "Location51091"),
  /** An unknown flag in regular expression options. */
  INVALID_REGEX_OPTION(51108, "Location51108");

  private final int code;
  private final String codeName;

  QueryErrorCode(int code, String codeName) {
    this.code = code;
    this.codeName = codeName;
  }

  /** MongoDB's numeric error code. */
  public int code() {
    return code;
  }

  /** MongoDB's codeName, as sent in {@code {ok: 0, codeName}}. */
  public String codeName() {
    return codeName;
  }
}
