package dev.mongolake.server.command.diagnostic;

import dev.mongolake.MongoLake;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;

/**
 * {@code collStats}: {@code {collStats: <coll>, scale}}, shaped like MongoDB 7's reply (see {@link
 * StorageStats}). Counts and sizes come from one scan of the collection (see {@link
 * CollectionSize}).
 *
 * <p>Fails with {@code MongoLakeException}: NamespaceNotFound for a collection that does not exist
 */
public final class CollStatsCommand implements Command {

  /**
   * MongoDB's storage stats fields. Nothing here waits for a lock, so every answer is the complete
   * one MongoDB gives when the lock is free, whatever {@code waitForLock} says; {@code verbose} and
   * {@code numericOnly} shape the storage engine's own sections, which this server does not report.
   */
  private static final CommandFields FIELDS =
      CommandFields.of("collStats", "scale", "waitForLock")
          .refusingUnless("verbose", CommandFields.FALSE)
          .refusingUnless("numericOnly", CommandFields.FALSE);

  private final LakeCollections lake;

  /** A command reading {@code lake}. */
  public CollStatsCommand(MongoLake lake) {
    this.lake = new LakeCollections(lake);
  }

  @Override
  public String name() {
    return "collStats";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(
        Resource.collection(CommandArguments.of(request).namespace(request.database())),
        ActionType.COLL_STATS);
  }

  @Override
  public String help() {
    return "Count and size a collection's documents and storage.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    Namespace namespace = args.namespace(request.database());
    Scale scale = Scale.of(args);
    return StorageStats.of(lake, namespace, scale);
  }
}
