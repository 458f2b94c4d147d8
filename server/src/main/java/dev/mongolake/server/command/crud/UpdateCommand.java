package dev.mongolake.server.command.crud;

import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.result.UpdateResult;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.bson.conversions.Bson;

/**
 * {@code update}: {@code {update: <coll>, updates: [{q, u, upsert, multi, arrayFilters}],
 * ordered}}. Each statement is its own atomic write; failures are reported per statement.
 */
public final class UpdateCommand extends CollectionCommand {

  public UpdateCommand(MongoLake lake) {
    super(lake);
  }

  /** MongoDB 7's update fields. */
  private static final CommandFields FIELDS =
      CommandFields.of("update", "updates", "ordered", "bypassDocumentValidation", "let");

  /**
   * MongoDB 7's update statement fields; {@code sort} came with 8.0, and 7.0 refuses it as an
   * unknown field, as this server (which reports 7.0) does.
   */
  static final CommandFields STATEMENT_FIELDS =
      CommandFields.of("update.updates", "q", "u", "upsert", "multi", "arrayFilters", "hint")
          .refusingUnless("collation", CommandFields.SIMPLE_COLLATION)
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
    boolean ordered = args.bool("ordered", true);
    long matched = 0;
    long modified = 0;
    BsonArray upserted = new BsonArray();
    WriteErrors errors = new WriteErrors();
    for (int i = 0; i < statements.size(); i++) {
      try {
        BsonDocument statement = statements.get(i);
        IndexHint.checkForOneDocument(
            lake(),
            namespace,
            statement.get("hint"),
            !(statement.get("multi") instanceof BsonBoolean multi && multi.getValue()));
        UpdateResult result = runStatement(collection, statement, args.document("let", null));
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

  private static UpdateResult runStatement(
      MongoLakeCollection<BsonDocument> collection, BsonDocument statement, BsonDocument let) {
    CommandArguments args = new CommandArguments("update.updates", statement);
    BsonDocument filter = args.document("q", new BsonDocument());
    BsonValue update = statement.get("u");
    if (update == null) {
      throw new MongoLakeException(
          ErrorCode.NO_SUCH_KEY, "BSON field 'update.updates.u' is missing but a required field");
    }
    if (!update.isDocument() && !update.isArray()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "Update argument must be either an object or an array");
    }
    UpdateOptions options = new UpdateOptions().upsert(args.bool("upsert", false)).let(let);
    BsonArray arrayFilters = args.optionalArray("arrayFilters");
    if (arrayFilters != null) {
      List<Bson> filters = new ArrayList<>();
      for (BsonValue f : arrayFilters) {
        filters.add(f.asDocument());
      }
      options.arrayFilters(filters);
    }
    boolean multi = args.bool("multi", false);
    if (update.isArray()) {
      List<BsonDocument> pipeline = new ArrayList<>();
      for (BsonValue stage : update.asArray()) {
        if (!stage.isDocument()) {
          throw new MongoLakeException(
              ErrorCode.TYPE_MISMATCH, "Each element of the 'pipeline' array must be an object");
        }
        pipeline.add(stage.asDocument());
      }
      return multi
          ? collection.updateMany(filter, pipeline, options)
          : collection.updateOne(filter, pipeline, options);
    }
    return multi
        ? collection.updateMany(filter, update.asDocument(), options)
        : collection.updateOne(filter, update.asDocument(), options);
  }
}
