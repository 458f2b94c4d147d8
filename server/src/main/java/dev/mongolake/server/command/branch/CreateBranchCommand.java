package dev.mongolake.server.command.branch;

import dev.mongolake.BranchInfo;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.ReadAt;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;

/**
 * {@code createBranch}: {@code {createBranch: "<name>"[, atClusterTime: <Timestamp>]}} run on
 * database {@code <db>}, a MongoLake command: makes the branch {@code <db>@<name>}, a database that
 * begins as {@code <db>} is now (or was at that cluster time) and shares its Parquet files. Answers
 * {@code {branch: {...}}} (see {@link BranchReplies#branch}).
 */
public final class CreateBranchCommand implements Command {

  private final MongoLake lake;

  public CreateBranchCommand(MongoLake lake) {
    this.lake = lake;
  }

  @Override
  public String name() {
    return "createBranch";
  }

  /** A branch reads the whole database and creates a database of collections. */
  @Override
  public Access access(CommandRequest request) {
    return Access.to(
        Resource.database(request.database()), ActionType.FIND, ActionType.CREATE_COLLECTION);
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of("createBranch", "atClusterTime");
  }

  @Override
  public String help() {
    return "Create a branch of this database, as it is now or was at a cluster time.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments arguments = CommandArguments.of(request);
    String name = arguments.requiredString("createBranch");
    BsonValue time = request.body().get("atClusterTime");
    BranchInfo branch;
    if (time == null) {
      branch = lake.branches().create(request.database(), name);
    } else if (time instanceof BsonTimestamp timestamp) {
      branch = lake.branches().create(request.database(), name, ReadAt.clusterTime(timestamp));
    } else {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field 'createBranch.atClusterTime' is the wrong type '"
              + CommandArguments.typeName(time)
              + "', expected type 'timestamp'");
    }
    return new BsonDocument("branch", BranchReplies.branch(branch));
  }
}
