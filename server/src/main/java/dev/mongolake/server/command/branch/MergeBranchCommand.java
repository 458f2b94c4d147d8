package dev.mongolake.server.command.branch;

import dev.mongolake.MergePolicy;
import dev.mongolake.MergeResult;
import dev.mongolake.MongoLake;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code mergeBranch}: {@code {mergeBranch: "<name>"[, policy: "fail" | "ours" | "theirs"]}} run on
 * the parent database, a MongoLake command: writes what the branch changed since its merge base
 * into this database as one atomic change. {@code policy} settles documents both changed
 * differently: {@code fail} (the default) merges nothing and answers WriteConflict naming them,
 * {@code ours} keeps this database's version, {@code theirs} takes the branch's. Answers {@code
 * {collections: [...]}} (see {@link BranchReplies#merged}).
 */
public final class MergeBranchCommand implements Command {

  private final MongoLake lake;

  public MergeBranchCommand(MongoLake lake) {
    this.lake = lake;
  }

  @Override
  public String name() {
    return "mergeBranch";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(
        Resource.database(request.database()),
        ActionType.FIND,
        ActionType.INSERT,
        ActionType.UPDATE,
        ActionType.REMOVE);
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of("mergeBranch", "policy");
  }

  @Override
  public String help() {
    return "Merge a branch's changes into this database (policy fail, ours or theirs).";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments arguments = CommandArguments.of(request);
    String name = arguments.requiredString("mergeBranch");
    BsonValue policy = request.body().get("policy");
    MergePolicy chosen =
        policy == null ? MergePolicy.FAIL : MergePolicy.named(arguments.requiredString("policy"));
    MergeResult result = lake.branches().merge(request.database(), name, chosen);
    return new BsonDocument("collections", BranchReplies.merged(result));
  }
}
