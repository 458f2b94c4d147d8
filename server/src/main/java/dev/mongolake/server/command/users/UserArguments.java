package dev.mongolake.server.command.users;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.auth.RoleName;
import dev.mongolake.server.auth.ScramCredential;
import dev.mongolake.server.auth.ScramMechanism;
import dev.mongolake.server.auth.User;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** The fields the user-management commands share: the user's name, password and roles. */
final class UserArguments {

  private static final SecureRandom RANDOM = new SecureRandom();

  private UserArguments() {}

  /**
   * The fields of {@code createUser} and {@code updateUser}, which MongoDB 7 gives the same: custom
   * data and authentication restrictions are not kept here, so they are refused rather than
   * dropped; {@code digestPassword} may only keep its default (the server digests the password).
   */
  static CommandFields fields(String command) {
    return CommandFields.of(command, "pwd", "roles", "mechanisms")
        .refusingUnless(
            "digestPassword", value -> value.isBoolean() && value.asBoolean().getValue())
        .refusing("customData", "authenticationRestrictions");
  }

  /** The user the command names as its first value. */
  static String userName(BsonDocument body, String command) {
    BsonValue name = body.get(command);
    if (name == null || !name.isString() || name.asString().getValue().isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "Cannot run " + command + ": the user name must be a non-empty string");
    }
    return name.asString().getValue();
  }

  /** The roles of a {@code roles} field; none when it is absent. */
  static List<RoleName> roles(BsonDocument body, String database) {
    return body.containsKey("roles") ? RoleName.parseAll(body.get("roles"), database) : List.of();
  }

  /** The roles of a command that must name at least one. */
  static List<RoleName> requiredRoles(BsonDocument body, String database, String command) {
    List<RoleName> roles = roles(body, database);
    if (roles.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, command + " command requires a non-empty \"roles\" array");
    }
    return roles;
  }

  /** The user the request names on its database. */
  static User existing(CommandRequest request, String name) {
    return request
        .server()
        .users()
        .find(request.database(), name)
        .orElseThrow(() -> notFound(name, request.database()));
  }

  static MongoLakeException notFound(String name, String database) {
    return new MongoLakeException(
        ErrorCode.USER_NOT_FOUND,
        "Could not find user \"" + name + "\" for db \"" + database + "\"");
  }

  /** Fresh SCRAM credentials for the {@code pwd} field, one per requested mechanism. */
  static Map<ScramMechanism, ScramCredential> credentials(
      String user, BsonDocument body, String command) {
    if (!body.isString("pwd") || body.getString("pwd").getValue().isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "Cannot run " + command + ": 'pwd' must be a non-empty string");
    }
    String password = body.getString("pwd").getValue();
    List<ScramMechanism> mechanisms = new ArrayList<>();
    if (body.isArray("mechanisms")) {
      for (BsonValue value : body.getArray("mechanisms")) {
        String name = value.isString() ? value.asString().getValue() : String.valueOf(value);
        mechanisms.add(
            ScramMechanism.byName(name)
                .orElseThrow(
                    () ->
                        new MongoLakeException(
                            ErrorCode.BAD_VALUE, "Unknown auth mechanism '" + name + "'")));
      }
    } else {
      mechanisms.addAll(List.of(ScramMechanism.values()));
    }
    Map<ScramMechanism, ScramCredential> credentials = new EnumMap<>(ScramMechanism.class);
    for (ScramMechanism mechanism : mechanisms) {
      byte[] salt = new byte[mechanism == ScramMechanism.SCRAM_SHA_1 ? 16 : 28];
      RANDOM.nextBytes(salt);
      try {
        credentials.put(
            mechanism, mechanism.credential(user, password, salt, mechanism.defaultIterations()));
      } catch (IllegalArgumentException e) {
        throw new MongoLakeException(ErrorCode.BAD_VALUE, e.getMessage());
      }
    }
    return credentials;
  }
}
