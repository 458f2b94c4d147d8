package dev.mongolake.server.command.crud;

import dev.mongolake.ErrorCode;
import dev.mongolake.ExecutedStatement;
import dev.mongolake.FindAndModifyResult;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code findAndModify}: atomically update, replace or remove the first match (in {@code sort}
 * order) and return it before or ({@code new: true}) after.
 */
public final class FindAndModifyCommand extends CollectionCommand {

  public FindAndModifyCommand(MongoLake lake) {
    super(lake);
  }

  /** MongoDB 7's findAndModify fields. */
  private static final CommandFields FIELDS =
      CommandFields.of(
          "findAndModify",
          "query",
          "sort",
          "remove",
          "update",
          "new",
          "fields",
          "upsert",
          "arrayFilters",
          "hint",
          "bypassDocumentValidation",
          "let",
          "collation");

  @Override
  public String name() {
    return "findAndModify";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public java.util.Set<String> aliases() {
    return java.util.Set.of("findandmodify");
  }

  /** {@code find} and {@code update} (or {@code remove}), and {@code insert} when it may upsert. */
  @Override
  public Access access(CommandRequest request) {
    BsonDocument body = request.body();
    if (BsonBoolean.TRUE.equals(body.get("remove"))) {
      return writing(request, ActionType.FIND, ActionType.REMOVE);
    }
    return BsonBoolean.TRUE.equals(body.get("upsert"))
        ? writing(request, ActionType.FIND, ActionType.UPDATE, ActionType.INSERT)
        : writing(request, ActionType.FIND, ActionType.UPDATE);
  }

  /**
   * A statement of a retryable write: it runs at most once, and its retry returns what it returned.
   */
  @Override
  public boolean retryableWrite() {
    return true;
  }

  @Override
  public String help() {
    return "Atomically modify one document and return it.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    Namespace namespace = args.namespace(request.database());
    MongoLakeCollection<BsonDocument> collection = collection(namespace, request);
    BsonDocument query = args.document("query", new BsonDocument());
    BsonDocument sort = args.document("sort", null);
    BsonDocument fields = args.document("fields", null);
    boolean remove = args.bool("remove", false);
    boolean returnNew = args.bool("new", false);
    boolean upsert = args.bool("upsert", false);
    BsonValue update = request.body().get("update");
    if (remove == (update != null)) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "Either an update or remove=true must be specified");
    }
    if (remove && (returnNew || upsert)) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document");
    }
    if (update != null && !update.isDocument() && !update.isArray()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "Update argument must be either an object or an array");
    }
    IndexHint.checkForOneDocument(lake(), namespace, request.body().get("hint"), sort == null);
    List<BsonDocument> arrayFilters = new ArrayList<>();
    BsonArray filters = args.optionalArray("arrayFilters");
    if (filters != null) {
      filters.forEach(f -> arrayFilters.add(f.asDocument()));
    }
    BsonDocument let = args.document("let", null);
    Optional<RetryableStatements> retryable = request.retryable();
    Optional<ExecutedStatement> executed = retryable.flatMap(r -> r.executed(0));
    Supplier<FindAndModifyResult<BsonDocument>> run =
        () ->
            collection.findAndModify(
                query,
                sort,
                update,
                returnNew,
                upsert,
                arrayFilters,
                fields,
                let,
                CollationArgument.of(request.body().get("collation")));
    FindAndModifyResult<BsonDocument> result =
        executed.isPresent()
            ? collection.findAndModifyResult(executed.get(), query, fields)
            : retryable.isPresent() ? retryable.get().run(0, run) : run.get();
    BsonDocument lastError =
        new BsonDocument(
            "n", new BsonInt32(result.updatedExisting() || result.upsertedId() != null ? 1 : 0));
    if (!remove) {
      lastError.put("updatedExisting", BsonBoolean.valueOf(result.updatedExisting()));
    }
    if (result.upsertedId() != null) {
      lastError.put("upserted", result.upsertedId());
    }
    BsonDocument found = result.document();
    return new BsonDocument("lastErrorObject", lastError)
        .append("value", found == null ? BsonNull.VALUE : found);
  }
}
