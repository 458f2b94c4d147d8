package dev.mongolake.server.command.catalog;

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
 * {@code {cloneCollectionAsCapped: <from>, toCollection: <to>, size: <bytes>}}: a new capped
 * collection holding the source's documents in natural order, the oldest gone when they do not fit
 * (see {@link CappedCopy}).
 *
 * <p>Fails with {@code dev.mongolake.MongoLakeException}: NamespaceNotFound without the source,
 * NamespaceExists when the target exists, and {@code create}'s errors for the size
 */
public record CloneCollectionAsCappedCommand(MongoLake lake) implements Command {

  private static final CommandFields FIELDS =
      CommandFields.of("cloneCollectionAsCapped", "toCollection", "size");

  @Override
  public String name() {
    return "cloneCollectionAsCapped";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  /**
   * MongoDB's rule: {@code find} on the source; {@code insert} and {@code createCollection} on the
   * target.
   */
  @Override
  public Access access(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    return Access.allOf(
        Access.to(Resource.collection(args.namespace(request.database())), ActionType.FIND),
        Access.to(
            Resource.collection(
                new Namespace(request.database(), args.requiredString("toCollection"))),
            ActionType.INSERT,
            ActionType.CREATE_COLLECTION));
  }

  @Override
  public String help() {
    return "Copy a collection into a new capped collection.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    Namespace source = args.namespace(request.database());
    Namespace target = new Namespace(request.database(), args.requiredString("toCollection"));
    CappedCopy.copy(lake, name(), source, target, request.body().get("size"));
    return new BsonDocument();
  }
}
