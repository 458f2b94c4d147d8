package dev.mongolake.server.command.branch;

import dev.mongolake.BranchInfo;
import dev.mongolake.MongoLake;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;

/**
 * {@code listBranches}: {@code {listBranches: 1}}, a MongoLake command: the branches of the
 * database it runs on, or of every database when run on {@code admin}, as {@code {branches:
 * [...]}}.
 */
public final class ListBranchesCommand implements Command {

  private final MongoLake lake;

  public ListBranchesCommand(MongoLake lake) {
    this.lake = lake;
  }

  @Override
  public String name() {
    return "listBranches";
  }

  @Override
  public Access access(CommandRequest request) {
    Resource resource =
        request.database().equals("admin")
            ? Resource.anyDatabase()
            : Resource.database(request.database());
    return Access.to(resource, ActionType.LIST_COLLECTIONS);
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of("listBranches");
  }

  @Override
  public String help() {
    return "List the branches of this database (of every database on admin).";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    List<BranchInfo> branches =
        request.database().equals("admin")
            ? lake.branches().list()
            : lake.branches().list(request.database());
    BsonArray out = new BsonArray();
    branches.forEach(branch -> out.add(BranchReplies.branch(branch)));
    return new BsonDocument("branches", out);
  }
}
