package dev.mongolake.server.command.index;

import dev.mongolake.MongoLake;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.CursorRegistry;
import java.util.List;
import org.bson.BsonDocument;

/** {@code listIndexes}: a cursor over the collection's index definitions, {@code _id_} first. */
public record ListIndexesCommand(MongoLake lake, CursorRegistry cursors) implements Command {

  private static final CommandFields FIELDS = CommandFields.of("listIndexes", "cursor");

  @Override
  public String name() {
    return "listIndexes";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(
        Resource.collection(CommandArguments.of(request).namespace(request.database())),
        ActionType.LIST_INDEXES);
  }

  @Override
  public String help() {
    return "List a collection's indexes; returns a cursor.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    Namespace namespace = args.namespace(request.database());
    List<BsonDocument> indexes =
        lake.db(namespace.database())
            .collection(namespace.collection(), BsonDocument.class)
            .listIndexes();
    int batchSize =
        new CommandArguments("listIndexes.cursor", args.document("cursor", new BsonDocument()))
            .nonNegativeInt("batchSize", CursorRegistry.DEFAULT_FIRST_BATCH);
    return cursors.firstBatch(
        namespace.fullName(), indexes.iterator(), batchSize, false, request.cursorOwner());
  }
}
