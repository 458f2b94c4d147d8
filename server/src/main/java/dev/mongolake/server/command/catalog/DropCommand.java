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
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * {@code drop}: drops a collection with its documents and indexes (answering how many indexes it
 * had), or a view.
 */
public record DropCommand(MongoLake lake) implements Command {
  @Override
  public String name() {
    return "drop";
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of("drop");
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(
        Resource.collection(CommandArguments.of(request).namespace(request.database())),
        ActionType.DROP_COLLECTION);
  }

  @Override
  public String help() {
    return "Drop a collection with its documents and indexes.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    Namespace namespace = CommandArguments.of(request).namespace(request.database());
    var collection = lake.db(namespace.database()).collection(namespace.collection());
    if (lake.db(namespace.database()).isView(namespace.collection())
        || lake.db(namespace.database()).isAttached(namespace.collection())) {
      // MongoDB answers a view's drop with the namespace only; an attached table is detached.
      collection.drop();
      return new BsonDocument("ns", new BsonString(namespace.fullName()));
    }
    int indexes =
        lake.db(namespace.database()).listCollectionNames().contains(namespace.collection())
            ? collection.listIndexes().size()
            : 0;
    collection.drop();
    return new BsonDocument("ns", new BsonString(namespace.fullName()))
        .append("nIndexesWas", new BsonInt32(indexes));
  }
}
