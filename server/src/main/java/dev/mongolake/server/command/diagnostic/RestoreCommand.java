package dev.mongolake.server.command.diagnostic;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.ReadAt;
import dev.mongolake.RestoreResult;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;

/**
 * {@code restore}: {@code {restore: <coll>, atClusterTime: <Timestamp>}} or {@code {restore:
 * <coll>, tableVersion: <n>}}, a MongoLake command (MongoDB has none; Delta has {@code RESTORE}):
 * makes the collection again what it was at that cluster time (as a snapshot read there sees it) or
 * at that version of its table, as one atomic change that change streams see. Answers how many
 * documents it inserted, replaced and deleted.
 */
public final class RestoreCommand implements Command {

  private final LakeCollections lake;

  /** A command restoring the collections of {@code lake}. */
  public RestoreCommand(MongoLake lake) {
    this.lake = new LakeCollections(lake);
  }

  @Override
  public String name() {
    return "restore";
  }

  /** A restore inserts, replaces and deletes documents of the collection. */
  @Override
  public Access access(CommandRequest request) {
    return Access.to(
        Resource.collection(CommandArguments.of(request).namespace(request.database())),
        ActionType.INSERT,
        ActionType.UPDATE,
        ActionType.REMOVE);
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of("restore", "atClusterTime", "tableVersion");
  }

  @Override
  public String help() {
    return "Restore a collection to what it was at a cluster time or a version of its table.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments arguments = CommandArguments.of(request);
    Namespace namespace = arguments.namespace(request.database());
    BsonDocument body = request.body();
    if (body.containsKey("atClusterTime") == body.containsKey("tableVersion")) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "Cannot restore " + namespace.fullName() + ": give atClusterTime or tableVersion");
    }
    if (!lake.exists(namespace)) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_NOT_FOUND, "collection does not exist: " + namespace.fullName());
    }
    RestoreResult result;
    if (body.containsKey("atClusterTime")) {
      BsonValue time = body.get("atClusterTime");
      if (!(time instanceof BsonTimestamp timestamp)) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH,
            "BSON field 'restore.atClusterTime' is the wrong type '"
                + CommandArguments.typeName(time)
                + "', expected type 'timestamp'");
      }
      result = lake.collection(namespace).restore(ReadAt.clusterTime(timestamp));
    } else {
      long version = arguments.number("tableVersion", 0);
      result = lake.collection(namespace).restoreToTableVersion(version);
    }
    return new BsonDocument("nInserted", new BsonInt64(result.inserted()))
        .append("nReplaced", new BsonInt64(result.replaced()))
        .append("nDeleted", new BsonInt64(result.deleted()));
  }
}
