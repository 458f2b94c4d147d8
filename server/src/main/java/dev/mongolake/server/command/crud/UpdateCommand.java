package dev.mongolake.server.command.crud;

import com.mongodb.client.result.UpdateResult;
import dev.mongolake.ErrorCode;
import dev.mongolake.ExecutedStatement;
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
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * {@code update}: {@code {update: <coll>, updates: [{q, u, upsert, multi, arrayFilters, hint,
 * sort}], ordered}}. Each statement is its own atomic write; failures are reported per statement.
 */
public final class UpdateCommand extends CollectionCommand {

  public UpdateCommand(MongoLake lake) {
    super(lake);
  }

  /** MongoDB 8.0's update fields. */
  private static final CommandFields FIELDS =
      CommandFields.of("update", "updates", "ordered", "bypassDocumentValidation", "let");

  /** MongoDB 8.0's update statement fields ({@code sort} came with 8.0). */
  static final CommandFields STATEMENT_FIELDS =
      CommandFields.of(
              "update.updates",
              "q",
              "u",
              "upsert",
              "multi",
              "arrayFilters",
              "hint",
              "sort",
              "collation")
          .refusing("c", "upsertSupplied");

  @Override
  public String name() {
    return "update";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  /** Updating needs {@code update}; a statement that may upsert also needs {@code insert}. */
  @Override
  public Access access(CommandRequest request) {
    boolean upserts =
        request.body().get("updates") instanceof BsonArray statements
            && statements.stream()
                .anyMatch(
                    s ->
                        s instanceof BsonDocument statement
                            && BsonBoolean.TRUE.equals(statement.get("upsert")));
    return upserts
        ? writing(request, ActionType.UPDATE, ActionType.INSERT)
        : writing(request, ActionType.UPDATE);
  }

  /** Each update of one document is a statement of a retryable write, run at most once. */
  @Override
  public boolean retryableWrite() {
    return true;
  }

  @Override
  public String help() {
    return "Update documents of a collection.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    Namespace namespace = args.namespace(request.database());
    MongoLakeCollection<BsonDocument> collection = collection(namespace, request);
    List<BsonDocument> statements = args.documents("updates");
    STATEMENT_FIELDS.checkStatements(statements);
    STATEMENT_FIELDS.requireInStatements(statements, "q", "u");
    boolean ordered = args.bool("ordered", true);
    long matched = 0;
    long modified = 0;
    BsonArray upserted = new BsonArray();
    WriteErrors errors = new WriteErrors();
    Optional<RetryableStatements> retryable = request.retryable();
    for (int i = 0; i < statements.size(); i++) {
      refuseSortWithMulti(statements.get(i));
      try {
        BsonDocument statement = statements.get(i);
        UpdateStatement update = statement(statement);
        IndexHint.checkForOneDocument(lake(), namespace, statement.get("hint"), update.picksOne());
        Optional<ExecutedStatement> executed = Optional.empty();
        if (retryable.isPresent()) {
          if (update.multi()) {
            throw RetryableStatements.notRetryable("multi=true");
          }
          executed = retryable.get().executed(i);
        }
        if (executed.isPresent()) {
          // A retry answers as the first run did: one document matched, changed or upserted.
          matched++;
          if (executed.get().kind() == ExecutedStatement.Kind.INSERTED) {
            upserted.add(
                new BsonDocument("index", new BsonInt32(i))
                    .append("_id", executed.get().documentId()));
          } else {
            modified++;
          }
          continue;
        }
        BsonDocument let = args.document("let", null);
        MongoLakeCollection<BsonDocument> target =
            collection.withCollation(CollationArgument.of(statement.get("collation")));
        UpdateResult result =
            retryable.isPresent()
                ? retryable.get().run(i, () -> update.run(target, let))
                : update.run(target, let);
        matched += result.getMatchedCount();
        modified += result.getModifiedCount();
        if (result.getUpsertedId() != null) {
          upserted.add(
              new BsonDocument("index", new BsonInt32(i)).append("_id", result.getUpsertedId()));
          matched++;
        }
      } catch (MongoLakeException e) {
        errors.add(i, e);
        if (ordered) {
          break;
        }
      }
    }
    BsonDocument reply =
        new BsonDocument("n", new BsonInt32((int) matched))
            .append("nModified", new BsonInt32((int) modified));
    if (!upserted.isEmpty()) {
      reply.put("upserted", upserted);
    }
    errors.addTo(reply);
    return reply;
  }

  /**
   * MongoDB 8.0 refuses a statement with both {@code sort} and {@code multi: true} when it reaches
   * it, failing the command (the statements before it have run), not only the statement.
   */
  private static void refuseSortWithMulti(BsonDocument statement) {
    BsonValue multi = statement.get("multi");
    boolean many =
        multi != null
            && (multi.isBoolean()
                ? multi.asBoolean().getValue()
                : multi.isNumber() && multi.asNumber().doubleValue() != 0);
    if (many && statement.get("sort") instanceof BsonValue sort && !sort.isNull()) {
      throw new MongoLakeException(ErrorCode.FAILED_TO_PARSE, UpdateStatement.SORT_WITH_MULTI);
    }
  }

  /** A statement of the command, as {@link UpdateStatement#run} takes it. */
  private static UpdateStatement statement(BsonDocument statement) {
    CommandArguments args = new CommandArguments("update.updates", statement);
    BsonValue update = statement.get("u");
    return new UpdateStatement(
        args.document("q", new BsonDocument()),
        UpdateStatement.checkedUpdate(update),
        args.bool("multi", false),
        args.bool("upsert", false),
        UpdateStatement.arrayFilters(
            args.optionalArray("arrayFilters"), "update.updates.arrayFilters"),
        args.document("sort", null));
  }
}
