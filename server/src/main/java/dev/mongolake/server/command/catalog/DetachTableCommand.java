package dev.mongolake.server.command.catalog;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
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
 * {@code detachTable}: {@code {detachTable: "<name>"}}, a MongoLake command: forgets an attached
 * Delta table, whose files stay as they are; NamespaceNotFound when the name is not attached.
 */
public final class DetachTableCommand implements Command {

  private final MongoLake lake;

  public DetachTableCommand(MongoLake lake) {
    this.lake = lake;
  }

  @Override
  public String name() {
    return "detachTable";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(
        Resource.collection(CommandArguments.of(request).namespace(request.database())),
        ActionType.DROP_COLLECTION);
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of("detachTable");
  }

  @Override
  public String help() {
    return "Detach an attached Delta table; its files stay.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    Namespace namespace = CommandArguments.of(request).namespace(request.database());
    if (!lake.db(namespace.database()).detach(namespace.collection())) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_NOT_FOUND,
          "Cannot detach " + namespace.fullName() + ": it is not an attached Delta table");
    }
    return new BsonDocument("detached", new BsonString(namespace.fullName()));
  }
}
