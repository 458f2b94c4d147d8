package dev.mongolake.server.command.diagnostic;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.table.OptimizeResult;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;

/**
 * {@code compact}: {@code {compact: <coll>}}. MongoDB defragments a collection's storage; here the
 * collection's small table files are merged into target-size files (Delta's {@code OPTIMIZE}).
 * Answers MongoDB's {@code bytesFreed}, plus the files replaced and written.
 */
public final class CompactCommand implements Command {

  private final LakeCollections lake;

  /** A command reading {@code lake}. */
  public CompactCommand(MongoLake lake) {
    this.lake = new LakeCollections(lake);
  }

  @Override
  public String name() {
    return "compact";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(
        Resource.collection(CommandArguments.of(request).namespace(request.database())),
        ActionType.COMPACT);
  }

  /**
   * MongoDB's compact options: {@code force} is for replica set primaries, where compact would
   * otherwise refuse; a standalone compacts either way. A dry run or a free-space target is not
   * implemented, and refused rather than compacting as if it were not asked.
   */
  @Override
  public CommandFields fields() {
    return CommandFields.of("compact", "force")
        .refusingUnless("dryRun", CommandFields.FALSE)
        .refusing("freeSpaceTargetMB");
  }

  @Override
  public String help() {
    return "Merge a collection's small table files into target-size files.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    Namespace namespace = CommandArguments.of(request).namespace(request.database());
    if (!lake.exists(namespace)) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_NOT_FOUND, "collection does not exist: " + namespace.fullName());
    }
    OptimizeResult result = lake.collection(namespace).compactFiles();
    return new BsonDocument(
            "bytesFreed", new BsonInt64(Math.max(0, result.bytesRemoved() - result.bytesAdded())))
        .append("filesRemoved", new BsonInt32(result.filesRemoved()))
        .append("filesAdded", new BsonInt32(result.filesAdded()));
  }
}
