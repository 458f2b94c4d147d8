package dev.mongolake.server.command.index;

import dev.mongolake.ErrorCode;
import dev.mongolake.IndexesCreated;
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
import java.util.List;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * {@code createIndexes}: {@code {createIndexes: <coll>, indexes: [{key, name, unique?, ...}]}}.
 * Creates the collection if needed; indexes that already exist identically are left alone.
 */
public record CreateIndexesCommand(MongoLake lake) implements Command {

  /** MongoDB 7's createIndexes fields; a standalone has no commit quorum to wait for. */
  private static final CommandFields FIELDS =
      CommandFields.of("createIndexes", "indexes")
          .refusing("commitQuorum", "ignoreUnknownIndexOptions");

  @Override
  public String name() {
    return "createIndexes";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(
        Resource.collection(CommandArguments.of(request).namespace(request.database())),
        ActionType.CREATE_INDEX);
  }

  @Override
  public String help() {
    return "Create indexes on a collection.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    dev.mongolake.server.command.TransactionContext.requireLocalReadConcern("createIndexes");
    CommandArguments args = CommandArguments.of(request);
    Namespace namespace = args.namespace(request.database());
    if (!request.body().containsKey("indexes")) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "BSON field 'createIndexes.indexes' is missing but a required field");
    }
    List<BsonDocument> specs = args.documents("indexes");
    IndexesCreated created =
        lake.db(namespace.database())
            .collection(namespace.collection(), BsonDocument.class)
            .createIndexSpecs(specs);
    BsonDocument reply =
        new BsonDocument("numIndexesBefore", new BsonInt32(created.before()))
            .append("numIndexesAfter", new BsonInt32(created.after()))
            .append(
                "createdCollectionAutomatically", BsonBoolean.valueOf(created.createdCollection()));
    if (created.created().isEmpty()) {
      reply.append("note", new BsonString("all indexes already exist"));
    }
    return reply;
  }
}
