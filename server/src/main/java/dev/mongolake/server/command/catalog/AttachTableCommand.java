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
import org.bson.BsonString;

/**
 * {@code attachTable}: {@code {attachTable: "<name>", location: "<path or file URI>"}}, a MongoLake
 * command: attaches an existing Delta table (written by Spark or anyone) to the database as the
 * read-only collection {@code name} (see docs/attach.md); NamespaceExists when the name is taken.
 */
public final class AttachTableCommand implements Command {

  private final MongoLake lake;

  public AttachTableCommand(MongoLake lake) {
    this.lake = lake;
  }

  @Override
  public String name() {
    return "attachTable";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(
        Resource.collection(CommandArguments.of(request).namespace(request.database())),
        ActionType.CREATE_COLLECTION);
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of("attachTable", "location");
  }

  @Override
  public String help() {
    return "Attach an existing Delta table as a read-only collection.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    Namespace namespace = args.namespace(request.database());
    String location = args.requiredString("location");
    lake.db(namespace.database()).attach(namespace.collection(), location);
    return new BsonDocument("attached", new BsonString(namespace.fullName()))
        .append("location", new BsonString(location));
  }
}
