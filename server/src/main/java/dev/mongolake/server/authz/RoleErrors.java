package dev.mongolake.server.authz;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.auth.RoleName;

/** The errors of role management, in MongoDB's words. */
final class RoleErrors {

  private RoleErrors() {}

  static MongoLakeException notFound(RoleName name) {
    return new MongoLakeException(ErrorCode.ROLE_NOT_FOUND, "Could not find role: " + name);
  }

  static MongoLakeException alreadyExists(RoleName name) {
    return new MongoLakeException(
        ErrorCode.ROLE_ALREADY_EXISTS, "Role \"" + name + "\" already exists");
  }
}
