package dev.mongolake.server.command.branch;

import dev.mongolake.MongoLake;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * {@code deleteBranch}: {@code {deleteBranch: "<name>"}} run on the parent database, a MongoLake
 * command: drops the branch's database and its own files; the parent's files and documents stay.
 */
public final class DeleteBranchCommand implements Command {

  private final MongoLake lake;

  public DeleteBranchCommand(MongoLake lake) {
    this.lake = lake;
  }

  @Override
  public String name() {
    return "deleteBranch";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.database(request.database()), ActionType.DROP_DATABASE);
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of("deleteBranch");
  }

  @Override
  public String help() {
    return "Delete a branch of this database.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    String name = CommandArguments.of(request).requiredString("deleteBranch");
    lake.branches().delete(request.database(), name);
    return new BsonDocument("dropped", new BsonString(request.database() + "@" + name));
  }
}
