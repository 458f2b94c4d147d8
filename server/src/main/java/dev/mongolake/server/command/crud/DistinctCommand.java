package dev.mongolake.server.command.crud;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.command.CollationArgument;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.SnapshotRead;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code distinct}: {@code {distinct: <coll>, key, query}}. Array values contribute their elements,
 * as in MongoDB; values are returned in BSON order.
 */
public final class DistinctCommand extends CollectionCommand {

  public DistinctCommand(MongoLake lake) {
    super(lake);
  }

  /** MongoDB 7's distinct fields. */
  private static final CommandFields FIELDS =
      CommandFields.of("distinct", "key", "query", "hint", "collation");

  @Override
  public String name() {
    return "distinct";
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
    return "List the distinct values of a field among matching documents.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    Namespace namespace = args.namespace(request.database());
    if (!request.body().isString("key")) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH, "BSON field 'distinct.key' is missing or not a string");
    }
    String key = request.body().getString("key").getValue();
    IndexHint.check(lake(), namespace, request.body().get("hint"));
    Optional<SnapshotRead> snapshot = SnapshotRead.of(request, lake());
    List<BsonValue> values =
        reading(namespace, snapshot)
            .withCollation(CollationArgument.of(request.body().get("collation")))
            .distinct(key, args.document("query", new BsonDocument()), BsonValue.class);
    BsonDocument reply = new BsonDocument("values", new BsonArray(values));
    return snapshot.map(read -> read.stamp(reply)).orElse(reply);
  }
}
