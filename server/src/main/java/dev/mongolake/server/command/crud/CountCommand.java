package dev.mongolake.server.command.crud;

import dev.mongolake.MongoLake;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.command.CollationArgument;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.IntOrLong;
import dev.mongolake.server.command.SnapshotRead;
import java.util.Optional;
import org.bson.BsonDocument;

/** {@code count}: {@code {count: <coll>, query, skip, limit}}. */
public final class CountCommand extends CollectionCommand {

  public CountCommand(MongoLake lake) {
    super(lake);
  }

  /** MongoDB 7's count fields ({@code fields} is legacy and ignored by MongoDB too). */
  private static final CommandFields FIELDS =
      CommandFields.of("count", "query", "limit", "skip", "hint", "fields", "collation");

  @Override
  public String name() {
    return "count";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
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
    IndexHint.check(lake(), namespace, request.body().get("hint"));
    // An empty query counts from the table's statistics and the buffer, reading no document.
    Optional<SnapshotRead> snapshot = SnapshotRead.of(request, lake());
    long count =
        reading(namespace, snapshot)
            .withCollation(CollationArgument.of(request.body().get("collation")))
            .count(
                args.document("query", new BsonDocument()),
                args.nonNegativeInt("skip", 0),
                (int) Math.min(Integer.MAX_VALUE, Math.abs(args.number("limit", 0))));
    BsonDocument reply = new BsonDocument("n", IntOrLong.of(count));
    return snapshot.map(read -> read.stamp(reply)).orElse(reply);
  }
}
