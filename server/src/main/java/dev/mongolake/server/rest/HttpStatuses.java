package dev.mongolake.server.rest;

import dev.mongolake.ErrorCode;

/** The HTTP status that answers a MongoDB error code: the REST API's one status table. */
final class HttpStatuses {

  static final int OK = 200;
  static final int CREATED = 201;
  static final int BAD_REQUEST = 400;
  static final int UNAUTHORIZED = 401;
  static final int FORBIDDEN = 403;
  static final int NOT_FOUND = 404;
  static final int METHOD_NOT_ALLOWED = 405;
  static final int CONFLICT = 409;
  static final int PAYLOAD_TOO_LARGE = 413;
  static final int INTERNAL_ERROR = 500;

  private HttpStatuses() {}

  static int of(ErrorCode code) {
    return switch (code) {
      case NAMESPACE_NOT_FOUND, INDEX_NOT_FOUND, CURSOR_NOT_FOUND, USER_NOT_FOUND, ROLE_NOT_FOUND ->
          NOT_FOUND;
      case DUPLICATE_KEY, NAMESPACE_EXISTS, USER_ALREADY_EXISTS, ROLE_ALREADY_EXISTS -> CONFLICT;
      // Who the caller is was established; what it asked for is not among its privileges.
      case UNAUTHORIZED -> FORBIDDEN;
      case AUTHENTICATION_FAILED -> UNAUTHORIZED;
      case BSON_OBJECT_TOO_LARGE -> PAYLOAD_TOO_LARGE;
      case INTERNAL_ERROR, UNKNOWN_ERROR -> INTERNAL_ERROR;
      default -> BAD_REQUEST;
    };
  }
}
