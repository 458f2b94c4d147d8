package dev.mongolake.server.command.crud;

import com.mongodb.client.model.DeleteOptions;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.command.CollationArgument;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.RetryableStatements;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/** {@code delete}: {@code {delete: <coll>, deletes: [{q, limit: 0|1}], ordered}}. */
public final class DeleteCommand extends CollectionCommand {

  public DeleteCommand(MongoLake lake) {
    super(lake);
  }

  /** MongoDB 7's delete fields. */
  private static final CommandFields FIELDS =
      CommandFields.of("delete", "deletes", "ordered", "let");

  /** MongoDB 7's delete statement fields. */
  static final CommandFields STATEMENT_FIELDS =
      CommandFields.of("delete.deletes", "q", "limit", "hint", "collation");

  @Override
  public String name() {
    return "delete";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public Access access(CommandRequest request) {
    return onCollection(request, ActionType.REMOVE);
  }

  /** Each delete of one document is a statement of a retryable write, run at most once. */
  @Override
  public boolean retryableWrite() {
    return true;
  }

  @Override
  public String help() {
    return "Delete documents of a collection.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    Namespace namespace = args.namespace(request.database());
    MongoLakeCollection<BsonDocument> collection = collection(namespace);
    List<BsonDocument> statements = args.documents("deletes");
    STATEMENT_FIELDS.checkStatements(statements);
    STATEMENT_FIELDS.requireInStatements(statements, "q", "limit");
    boolean ordered = args.bool("ordered", true);
    DeleteOptions options = new DeleteOptions().let(args.document("let", null));
    long deleted = 0;
    Optional<RetryableStatements> retryable = request.retryable();
    WriteErrors errors = new WriteErrors();
    for (int i = 0; i < statements.size(); i++) {
      try {
        CommandArguments statement = new CommandArguments("delete.deletes", statements.get(i));
        BsonDocument filter = statement.document("q", new BsonDocument());
        long limit = statement.number("limit", 0);
        if (limit != 0 && limit != 1) {
          throw new MongoLakeException(
              ErrorCode.FAILED_TO_PARSE,
              "The limit field in delete objects must be 0 or 1. Got " + limit);
        }
        IndexHint.checkForOneDocument(lake(), namespace, statements.get(i).get("hint"), limit == 1);
        MongoLakeCollection<BsonDocument> target =
            collection.withCollation(CollationArgument.of(statements.get(i).get("collation")));
        if (retryable.isPresent()) {
          if (limit == 0) {
            throw RetryableStatements.notRetryable("limit=0");
          }
          if (retryable.get().executed(i).isPresent()) {
            deleted++;
            continue;
          }
          deleted +=
              retryable.get().run(i, () -> target.deleteOne(filter, options)).getDeletedCount();
          continue;
        }
        deleted +=
            limit == 1
                ? target.deleteOne(filter, options).getDeletedCount()
                : target.deleteMany(filter, options).getDeletedCount();
      } catch (MongoLakeException e) {
        errors.add(i, e);
        if (ordered) {
          break;
        }
      }
    }
    BsonDocument reply = new BsonDocument("n", new BsonInt32((int) deleted));
    errors.addTo(reply);
    return reply;
  }
}
