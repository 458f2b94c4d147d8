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

/**
 * {@code diffBranch}: {@code {diffBranch: "<name>"}} run on the parent database, a MongoLake
 * command: per collection, what the branch and the parent each added, changed and removed since the
 * branch's merge base, and the {@code _id}s both changed differently, as {@code {collections:
 * [...]}} (see {@link BranchReplies#differences}).
 */
public final class DiffBranchCommand implements Command {

  private final MongoLake lake;

  public DiffBranchCommand(MongoLake lake) {
    this.lake = lake;
  }

  @Override
  public String name() {
    return "diffBranch";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.database(request.database()), ActionType.FIND);
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of("diffBranch");
  }

  @Override
  public String help() {
    return "Compare a branch of this database with it since their merge base.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    String name = CommandArguments.of(request).requiredString("diffBranch");
    return new BsonDocument(
        "collections", BranchReplies.differences(lake.branches().diff(request.database(), name)));
  }
}
