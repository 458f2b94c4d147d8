package dev.mongolake.server.command.catalog;

import dev.mongolake.MongoLake;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;
import org.bson.BsonString;

/** {@code dropDatabase}: drops the request's database with all its collections. */
public record DropDatabaseCommand(MongoLake lake) implements Command {
  @Override
  public String name() {
    return "dropDatabase";
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of("dropDatabase");
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.database(request.database()), ActionType.DROP_DATABASE);
  }

  @Override
  public String help() {
    return "Drop a database with all its collections.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    lake.db(request.database()).drop();
    return new BsonDocument("dropped", new BsonString(request.database()));
  }
}
