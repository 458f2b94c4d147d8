package dev.mongolake.server.command.catalog;

import dev.mongolake.MongoLake;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.PrivilegeSet;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.util.function.Predicate;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * {@code listDatabases}: the lake's databases, those the caller has privileges on unless it may
 * list every database ({@code authorizedDatabases}).
 */
public record ListDatabasesCommand(MongoLake lake) implements Command {
  @Override
  public String name() {
    return "listDatabases";
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of("listDatabases", "filter", "nameOnly", "authorizedDatabases");
  }

  @Override
  public Access access(CommandRequest request) {
    // MongoDB's authorizedDatabases: without listDatabases, a user sees the databases it has
    // privileges on (run() filters); asking for every database requires the action.
    boolean authorizedOnly =
        !BsonBoolean.FALSE.equals(request.body().get("authorizedDatabases", BsonBoolean.TRUE));
    return authorizedOnly
        ? Access.authenticated()
        : Access.to(Resource.cluster(), ActionType.LIST_DATABASES);
  }

  @Override
  public String help() {
    return "List databases.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    boolean nameOnly = CommandArguments.of(request).bool("nameOnly", false);
    Filter filter =
        Filter.parse(CommandArguments.of(request).document("filter", new BsonDocument()));
    Predicate<String> visible = visibleDatabases(request);
    BsonArray databases = new BsonArray();
    for (String name : lake.listDatabaseNames()) {
      if (!visible.test(name)) {
        continue;
      }
      BsonDocument entry = new BsonDocument("name", new BsonString(name));
      if (!nameOnly) {
        entry.append("sizeOnDisk", new BsonInt64(0)).append("empty", BsonBoolean.FALSE);
      }
      if (filter.matches(entry)) {
        databases.add(entry);
      }
    }
    BsonDocument reply = new BsonDocument("databases", databases);
    if (!nameOnly) {
      reply.append("totalSize", new BsonInt64(0)).append("totalSizeMb", new BsonInt64(0));
    }
    return reply;
  }

  /**
   * Every database for a user with {@code listDatabases} (or without authorization); otherwise the
   * databases the user's privileges name.
   */
  private static Predicate<String> visibleDatabases(CommandRequest request) {
    if (!request.server().authEnabled()) {
      return name -> true;
    }
    PrivilegeSet privileges =
        request.server().authorization().resolve(request.connection().auth()).privileges();
    if (privileges.permits(Resource.cluster(), ActionType.LIST_DATABASES)) {
      return name -> true;
    }
    return privileges::touchesDatabase;
  }
}
