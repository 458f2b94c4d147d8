package dev.mongolake.server.auth;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRequest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/** {@code createUser}, {@code updateUser}, {@code dropUser} and {@code usersInfo}. */
public final class UserCommands {

  private static final SecureRandom RANDOM = new SecureRandom();

  private UserCommands() {}

  /** The user-management commands. */
  public static List<Command> all() {
    return List.of(new CreateUser(), new UpdateUser(), new DropUser(), new UsersInfo());
  }

  private static String userName(BsonDocument body, String command) {
    BsonValue name = body.get(command);
    if (name == null || !name.isString() || name.asString().getValue().isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "Cannot run " + command + ": the user name must be a non-empty string");
    }
    return name.asString().getValue();
  }

  private static Map<ScramMechanism, ScramCredential> credentials(
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

  private static List<User.Role> roles(BsonDocument body, String database) {
    List<User.Role> roles = new ArrayList<>();
    BsonValue value = body.get("roles");
    if (value == null) {
      return roles;
    }
    if (!value.isArray()) {
      throw new MongoLakeException(ErrorCode.TYPE_MISMATCH, "\"roles\" field must be an array");
    }
    for (BsonValue role : value.asArray()) {
      if (role.isString()) {
        roles.add(new User.Role(role.asString().getValue(), database));
      } else if (role.isDocument()
          && role.asDocument().isString("role")
          && role.asDocument().isString("db")) {
        roles.add(
            new User.Role(
                role.asDocument().getString("role").getValue(),
                role.asDocument().getString("db").getValue()));
      } else {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE, "Cannot parse role " + role + ": expected a name or {role, db}");
      }
    }
    return roles;
  }

  private static BsonDocument describe(User user) {
    BsonArray roles = new BsonArray();
    user.roles()
        .forEach(
            r ->
                roles.add(
                    new BsonDocument("role", new BsonString(r.role()))
                        .append("db", new BsonString(r.db()))));
    BsonArray mechanisms = new BsonArray();
    user.credentials().keySet().stream()
        .map(ScramMechanism::mechanismName)
        .sorted()
        .forEach(m -> mechanisms.add(new BsonString(m)));
    return new BsonDocument("_id", new BsonString(user.id()))
        .append("user", new BsonString(user.name()))
        .append("db", new BsonString(user.database()))
        .append("roles", roles)
        .append("mechanisms", mechanisms);
  }

  private static final class CreateUser implements Command {
    @Override
    public String name() {
      return "createUser";
    }

    @Override
    public String help() {
      return "Create a user with a SCRAM password and roles.";
    }

    @Override
    public BsonDocument run(CommandRequest request) {
      BsonDocument body = request.body();
      String name = userName(body, "createUser");
      User user =
          new User(
              name,
              request.database(),
              roles(body, request.database()),
              credentials(name, body, "createUser"));
      request.server().users().create(user);
      return new BsonDocument();
    }
  }

  private static final class UpdateUser implements Command {
    @Override
    public String name() {
      return "updateUser";
    }

    @Override
    public String help() {
      return "Change a user's password or roles.";
    }

    @Override
    public BsonDocument run(CommandRequest request) {
      BsonDocument body = request.body();
      String name = userName(body, "updateUser");
      User existing =
          request
              .server()
              .users()
              .find(request.database(), name)
              .orElseThrow(
                  () ->
                      new MongoLakeException(
                          ErrorCode.USER_NOT_FOUND,
                          "Could not find user \""
                              + name
                              + "\" for db \""
                              + request.database()
                              + "\""));
      User updated =
          new User(
              name,
              request.database(),
              body.containsKey("roles") ? roles(body, request.database()) : existing.roles(),
              body.containsKey("pwd")
                  ? credentials(name, body, "updateUser")
                  : existing.credentials());
      request.server().users().update(updated);
      return new BsonDocument();
    }
  }

  private static final class DropUser implements Command {
    @Override
    public String name() {
      return "dropUser";
    }

    @Override
    public String help() {
      return "Remove a user.";
    }

    @Override
    public BsonDocument run(CommandRequest request) {
      String name = userName(request.body(), "dropUser");
      if (!request.server().users().drop(request.database(), name)) {
        throw new MongoLakeException(
            ErrorCode.USER_NOT_FOUND,
            "Could not find user \"" + name + "\" for db \"" + request.database() + "\"");
      }
      return new BsonDocument();
    }
  }

  private static final class UsersInfo implements Command {
    @Override
    public String name() {
      return "usersInfo";
    }

    @Override
    public String help() {
      return "Describe users: {usersInfo: 1} lists the database's users.";
    }

    @Override
    public BsonDocument run(CommandRequest request) {
      BsonValue selector = request.body().get("usersInfo");
      UserStore store = request.server().users();
      List<User> users;
      if (selector.isString()) {
        users = store.find(request.database(), selector.asString().getValue()).stream().toList();
      } else if (selector.isDocument() && selector.asDocument().isString("user")) {
        BsonDocument id = selector.asDocument();
        String db = id.isString("db") ? id.getString("db").getValue() : request.database();
        users = store.find(db, id.getString("user").getValue()).stream().toList();
      } else if (selector.isDocument() && selector.asDocument().containsKey("forAllDBs")) {
        users = store.list(null);
      } else {
        users = store.list(request.database());
      }
      BsonArray described = new BsonArray();
      users.forEach(u -> described.add(describe(u)));
      return new BsonDocument("users", described);
    }
  }
}
