package dev.mongolake;

/**
 * MongoDB's error codes, as the wire protocol reports them ({@code code} and {@code codeName}).
 * Numeric codes are written only here.
 */
public enum ErrorCode {
  INTERNAL_ERROR(1, "InternalError"),
  BAD_VALUE(2, "BadValue"),
  NO_SUCH_KEY(4, "NoSuchKey"),
  UNKNOWN_ERROR(8, "UnknownError"),
  USER_NOT_FOUND(11, "UserNotFound"),
  FAILED_TO_PARSE(9, "FailedToParse"),
  UNAUTHORIZED(13, "Unauthorized"),
  TYPE_MISMATCH(14, "TypeMismatch"),
  OVERFLOW(15, "Overflow"),
  INVALID_LENGTH(16, "InvalidLength"),
  PROTOCOL_ERROR(17, "ProtocolError"),
  AUTHENTICATION_FAILED(18, "AuthenticationFailed"),
  ILLEGAL_OPERATION(20, "IllegalOperation"),
  NAMESPACE_NOT_FOUND(26, "NamespaceNotFound"),
  INDEX_NOT_FOUND(27, "IndexNotFound"),
  PATH_NOT_VIABLE(28, "PathNotViable"),
  ROLE_NOT_FOUND(31, "RoleNotFound"),
  CONFLICTING_UPDATE_OPERATORS(40, "ConflictingUpdateOperators"),
  CURSOR_NOT_FOUND(43, "CursorNotFound"),
  NAMESPACE_EXISTS(48, "NamespaceExists"),
  INVALID_ROLE_MODIFICATION(49, "InvalidRoleModification"),
  MAX_TIME_MS_EXPIRED(50, "MaxTimeMSExpired"),
  DOLLAR_PREFIXED_FIELD_NAME(52, "DollarPrefixedFieldName"),
  INVALID_ID_FIELD(53, "InvalidIdField"),
  NOT_SINGLE_VALUE_FIELD(54, "NotSingleValueField"),
  EMPTY_FIELD_NAME(56, "EmptyFieldName"),
  COMMAND_NOT_FOUND(59, "CommandNotFound"),
  IMMUTABLE_FIELD(66, "ImmutableField"),
  CANNOT_CREATE_INDEX(67, "CannotCreateIndex"),
  INVALID_OPTIONS(72, "InvalidOptions"),
  INVALID_NAMESPACE(73, "InvalidNamespace"),
  INDEX_OPTIONS_CONFLICT(85, "IndexOptionsConflict"),
  INDEX_KEY_SPECS_CONFLICT(86, "IndexKeySpecsConflict"),
  SHUTDOWN_IN_PROGRESS(91, "ShutdownInProgress"),
  OPERATION_FAILED(96, "OperationFailed"),
  DB_PATH_IN_USE(98, "DBPathInUse"),
  COMMAND_NOT_SUPPORTED(115, "CommandNotSupported"),
  DOCUMENT_VALIDATION_FAILURE(121, "DocumentValidationFailure"),
  NOT_A_REPLICA_SET(123, "NotAReplicaSet"),
  EXCEEDED_MEMORY_LIMIT(146, "ExceededMemoryLimit"),
  INVALID_PIPELINE_OPERATOR(168, "InvalidPipelineOperator"),
  CANNOT_INDEX_PARALLEL_ARRAYS(171, "CannotIndexParallelArrays"),
  INVALID_INDEX_SPECIFICATION_OPTION(197, "InvalidIndexSpecificationOption"),
  QUERY_FEATURE_NOT_ALLOWED(224, "QueryFeatureNotAllowed"),
  CURSOR_KILLED(237, "CursorKilled"),
  NOT_IMPLEMENTED(238, "NotImplemented"),
  DATA_CORRUPTION_DETECTED(301, "DataCorruptionDetected"),
  QUERY_EXCEEDED_MEMORY_LIMIT_NO_DISK_USE_ALLOWED(292, "QueryExceededMemoryLimitNoDiskUseAllowed"),
  NON_CONFORMANT_BSON(378, "NonConformantBSON"),
  BSON_OBJECT_TOO_LARGE(10334, "BSONObjectTooLarge"),
  DUPLICATE_KEY(11000, "DuplicateKey"),
  INTERRUPTED(11601, "Interrupted"),
  LOCATION_10065(10065, "Location10065"),
  LOCATION_15952(15952, "Location15952"),
  LOCATION_15983(15983, "Location15983"),
  LOCATION_15998(15998, "Location15998"),
  LOCATION_16020(16020, "Location16020"),
  LOCATION_16021(16021, "Location16021"),
  LOCATION_16410(16410, "Location16410"),
  LOCATION_16412(16412, "Location16412"),
  LOCATION_16866(16866, "Location16866"),
  LOCATION_16867(16867, "Location16867"),
  LOCATION_16868(16868, "Location16868"),
  LOCATION_16872(16872, "Location16872"),
  LOCATION_16874(16874, "Location16874"),
  LOCATION_16875(16875, "Location16875"),
  LOCATION_16876(16876, "Location16876"),
  LOCATION_16877(16877, "Location16877"),
  LOCATION_17276(17276, "Location17276"),
  LOCATION_31249(31249, "Location31249"),
  LOCATION_31250(31250, "Location31250"),
  LOCATION_31253(31253, "Location31253"),
  LOCATION_31254(31254, "Location31254"),
  LOCATION_31275(31275, "Location31275"),
  LOCATION_31276(31276, "Location31276"),
  LOCATION_31368(31368, "Location31368"),
  LOCATION_31372(31372, "Location31372"),
  LOCATION_31394(31394, "Location31394"),
  LOCATION_31395(31395, "Location31395"),
  LOCATION_40156(40156, "Location40156"),
  LOCATION_40158(40158, "Location40158"),
  LOCATION_40234(40234, "Location40234"),
  LOCATION_40323(40323, "Location40323"),
  LOCATION_40324(40324, "Location40324"),
  LOCATION_40352(40352, "Location40352"),
  IDL_MISSING_FIELD(40414, "Location40414"),
  IDL_UNKNOWN_FIELD(40415, "Location40415"),
  ROLE_ALREADY_EXISTS(51002, "Location51002"),
  USER_ALREADY_EXISTS(51003, "Location51003"),
  REGEX_OPTIONS_IN_BOTH_REGEX_FIRST(51074, "Location51074"),
  REGEX_OPTIONS_IN_BOTH_OPTIONS_FIRST(51075, "Location51075"),
  INVALID_REGEX(51091, "Location51091"),
  INVALID_REGEX_OPTION(51108, "Location51108"),
  LOCATION_40601(40601, "Location40601"),
  LOCATION_40602(40602, "Location40602"),
  LOCATION_51024(51024, "Location51024"),
  LOCATION_51144(51144, "Location51144"),
  LOCATION_51246(51246, "Location51246"),
  LOCATION_51270(51270, "Location51270"),
  LOCATION_51756(51756, "Location51756"),
  LOCATION_51764(51764, "Location51764");

  private final int code;
  private final String codeName;

  ErrorCode(int code, String codeName) {
    this.code = code;
    this.codeName = codeName;
  }

  /** MongoDB's numeric code. */
  public int code() {
    return code;
  }

  /** MongoDB's code name, for example {@code "CommandNotFound"}. */
  public String codeName() {
    return codeName;
  }
}
