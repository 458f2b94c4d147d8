package dev.mongolake.server.command.crud;

import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;

/** Base of commands that work on one collection of the lake. */
abstract class CollectionCommand implements Command {

  private final MongoLake lake;

  CollectionCommand(MongoLake lake) {
    this.lake = lake;
  }

  MongoLake lake() {
    return lake;
  }

  /**
   * Whether the lake's tables are on this machine, so that a lookup in a data file costs no network
   * round trip: the condition for any command to be {@linkplain Command#quick quick}.
   */
  boolean tablesAreLocal() {
    return lake.tableStorage().isLocal();
  }

  /** These actions on the collection {@code request} names (its first field). */
  static Access onCollection(CommandRequest request, ActionType first, ActionType... more) {
    Namespace namespace = CommandArguments.of(request).namespace(request.database());
    return Access.to(Resource.collection(namespace), first, more);
  }

  MongoLakeCollection<BsonDocument> collection(Namespace namespace) {
    return lake.db(namespace.database()).collection(namespace.collection(), BsonDocument.class);
  }
}
