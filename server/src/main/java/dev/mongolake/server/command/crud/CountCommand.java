package dev.mongolake.server.command.crud;

import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;
import org.bson.BsonInt64;

/** {@code count}: {@code {count: <coll>, query, skip, limit}}. */
public final class CountCommand extends CollectionCommand {

  public CountCommand(MongoLake lake) {
    super(lake);
  }

  @Override
  public String name() {
    return "count";
  }

  @Override
  public Access access(CommandRequest request) {
    return onCollection(request, ActionType.FIND);
  }

  @Override
  public String help() {
    return "Count the documents that match a query.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    Namespace namespace = args.namespace(request.database());
    long count = 0;
    try (MongoLakeCursor<BsonDocument> cursor =
        collection(namespace)
            .find(args.document("query", new BsonDocument()))
            .skip(args.nonNegativeInt("skip", 0))
            .limit((int) Math.min(Integer.MAX_VALUE, Math.abs(args.number("limit", 0))))
            .iterator()) {
      while (cursor.hasNext()) {
        cursor.next();
        count++;
      }
    }
    return new BsonDocument("n", new BsonInt64(count));
  }
}
