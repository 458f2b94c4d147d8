package dev.mongolake.server.command.diagnostic;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.VacuumResult;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.time.Duration;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * {@code vacuum}: {@code {vacuum: <coll>, retentionHours: <n>, dryRun: <bool>, force: <bool>}}, a
 * MongoLake command (MongoDB has none): Delta's {@code VACUUM} of the collection's table. Deletes,
 * or with {@code dryRun} lists, the table files no current version lists that have been
 * unreferenced for longer than the retention (the server's when not given); files an open cursor
 * reads are kept. A retention shorter than the server's is refused unless {@code force} is true.
 * Answers the files (storage paths) and their total bytes.
 */
public final class VacuumCommand implements Command {

  private final LakeCollections lake;

  /** A command vacuuming the tables of {@code lake}. */
  public VacuumCommand(MongoLake lake) {
    this.lake = new LakeCollections(lake);
  }

  @Override
  public String name() {
    return "vacuum";
  }

  /** Deleting a collection's storage files is a compaction-like action on that collection. */
  @Override
  public Access access(CommandRequest request) {
    return Access.to(
        Resource.collection(CommandArguments.of(request).namespace(request.database())),
        ActionType.COMPACT);
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of("vacuum", "retentionHours", "dryRun", "force");
  }

  @Override
  public String help() {
    return "Delete a collection's table files unreferenced for longer than the retention.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments arguments = CommandArguments.of(request);
    Namespace namespace = arguments.namespace(request.database());
    if (!lake.exists(namespace)) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_NOT_FOUND, "collection does not exist: " + namespace.fullName());
    }
    Duration retention = null;
    if (request.body().containsKey("retentionHours")) {
      long hours = arguments.number("retentionHours", 0);
      if (hours < 0) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "Cannot vacuum " + namespace.fullName() + ": retentionHours " + hours + " is negative");
      }
      retention = Duration.ofHours(hours);
    }
    VacuumResult result =
        lake.collection(namespace)
            .vacuum(retention, arguments.bool("dryRun", false), arguments.bool("force", false));
    BsonArray files = new BsonArray();
    result.paths().forEach(path -> files.add(new BsonString(path)));
    return new BsonDocument("dryRun", BsonBoolean.valueOf(result.dryRun()))
        .append("files", files)
        .append("fileCount", new BsonInt32(result.paths().size()))
        .append("bytes", new BsonInt64(result.bytes()));
  }
}
