package dev.mongolake.server.command.users;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.auth.RoleName;
import dev.mongolake.server.auth.ScramMechanism;
import dev.mongolake.server.auth.User;
import dev.mongolake.server.auth.UserStore;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Privilege;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.authz.RoleGraph;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code usersInfo}: {@code 1} lists the database's users, {@code {forAllDBs: true}} every user, a
 * name, {@code {user, db}} or an array of them the users named; {@code showPrivileges: true} adds
 * every role and privilege each user holds through its roles. Credentials are never shown.
 */
public final class UsersInfoCommand implements Command {

  /** The users asked for: one database's, everyone, or the ones named. */
  private record Target(String database, boolean allDatabases, List<UserId> named) {}

  private record UserId(String db, String user) {}

  /**
   * Users here hold no custom data (createUser refuses it), so {@code showCustomData} changes
   * nothing; credentials are never shown and users carry no authentication restrictions; a filter
   * is not applied yet, so it is refused rather than ignored.
   */
  private static final CommandFields FIELDS =
      CommandFields.of("usersInfo", "showPrivileges", "showCustomData")
          .refusingUnless("showCredentials", CommandFields.FALSE)
          .refusingUnless("showAuthenticationRestrictions", CommandFields.FALSE)
          .refusing("filter", "authenticatedMechanism");

  @Override
  public String name() {
    return "usersInfo";
  }

  /**
   * {@code viewUser} on the database listed, on the cluster for every database, or on each named
   * user's database, except that anyone may look at the users they are authenticated as.
   */
  @Override
  public Access access(CommandRequest request) {
    Target target = target(request);
    if (target.allDatabases()) {
      return Access.to(Resource.cluster(), ActionType.VIEW_USER);
    }
    if (target.named() == null) {
      return Access.to(Resource.database(target.database()), ActionType.VIEW_USER);
    }
    List<Access> parts = new ArrayList<>();
    for (UserId id : target.named()) {
      if (!request.connection().auth().isAuthenticatedAs(id.db(), id.user())) {
        parts.add(Access.to(Resource.database(id.db()), ActionType.VIEW_USER));
      }
    }
    return parts.isEmpty() ? Access.authenticated() : Access.allOf(parts);
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public String help() {
    return "Describe users: {usersInfo: 1} lists the database's users.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    Target target = target(request);
    UserStore store = request.server().users();
    List<User> users = new ArrayList<>();
    if (target.allDatabases()) {
      users.addAll(store.list(null));
    } else if (target.named() == null) {
      users.addAll(store.list(target.database()));
    } else {
      target.named().forEach(id -> store.find(id.db(), id.user()).ifPresent(users::add));
    }
    // A safeBool, as MongoDB's parser has it: showPrivileges: 1 asks for them too.
    boolean showPrivileges = CommandArguments.of(request).bool("showPrivileges", false);
    RoleGraph roles = request.server().authorization().roles();
    BsonArray described = new BsonArray();
    users.forEach(u -> described.add(describe(u, showPrivileges ? roles : null)));
    return new BsonDocument("users", described);
  }

  private static Target target(CommandRequest request) {
    BsonValue selector = request.body().get("usersInfo");
    String db = request.database();
    if (selector.isDocument() && selector.asDocument().containsKey("forAllDBs")) {
      return new Target(db, true, null);
    }
    if (selector.isString() || (selector.isDocument() && selector.asDocument().isString("user"))) {
      return new Target(db, false, List.of(userId(selector, db)));
    }
    if (selector.isArray()) {
      List<UserId> named = new ArrayList<>();
      selector.asArray().forEach(value -> named.add(userId(value, db)));
      return new Target(db, false, named);
    }
    return new Target(db, false, null);
  }

  private static UserId userId(BsonValue value, String db) {
    if (value.isString()) {
      return new UserId(db, value.asString().getValue());
    }
    if (value.isDocument() && value.asDocument().isString("user")) {
      BsonDocument id = value.asDocument();
      return new UserId(
          id.isString("db") ? id.getString("db").getValue() : db, id.getString("user").getValue());
    }
    throw new MongoLakeException(
        ErrorCode.BAD_VALUE,
        "Cannot run usersInfo: expected a user name or {user, db}, but found " + value);
  }

  private static BsonDocument describe(User user, RoleGraph roles) {
    BsonArray mechanisms = new BsonArray();
    user.credentials().keySet().stream()
        .map(ScramMechanism::mechanismName)
        .sorted()
        .forEach(m -> mechanisms.add(new BsonString(m)));
    BsonDocument described =
        new BsonDocument("_id", new BsonString(user.id()))
            .append("user", new BsonString(user.name()))
            .append("db", new BsonString(user.database()))
            .append("roles", RoleName.toArray(user.roles()))
            .append("mechanisms", mechanisms);
    if (roles != null) {
      RoleGraph.Resolved resolved = roles.resolve(user.roles(), true);
      described
          .append("inheritedRoles", RoleName.toArray(resolved.roles()))
          .append("inheritedPrivileges", Privilege.toArray(resolved.privileges().privileges()));
    }
    return described;
  }
}
