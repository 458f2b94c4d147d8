package dev.mongolake.server.command.index;

import dev.mongolake.ErrorCode;
import dev.mongolake.IndexChange;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.ReadOnlyView;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.catalog.ViewOptions;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code collMod}: {@code {collMod: <coll>, index: {name | keyPattern, expireAfterSeconds?,
 * hidden?}}} changes a TTL index's expiry or hides an index from the query planner (mongosh's
 * {@code hideIndex}/{@code unhideIndex}), answering {@code expireAfterSeconds_old}/{@code _new}
 * and, when visibility changed, {@code hidden_old}/{@code _new} as MongoDB does; {@code validator},
 * {@code validationLevel} and {@code validationAction} replace the collection's (later writes
 * follow them; stored documents are not re-checked, as in MongoDB); a capped collection's {@code
 * cappedSize} and {@code cappedMax} change its cap (a smaller one removes documents at the next
 * insert). Options MongoDB has but this server does not keep (pre- and post-images) are refused by
 * name rather than ignored; unknown ones are InvalidOptions. On a view it changes {@code viewOn}
 * and {@code pipeline}.
 */
public record CollModCommand(MongoLake lake) implements Command {

  private static final Set<String> GENERIC =
      Set.of(
          "collMod",
          "$db",
          "lsid",
          "txnNumber",
          "$clusterTime",
          "comment",
          "writeConcern",
          "$readPreference",
          "apiVersion",
          "apiStrict",
          "apiDeprecationErrors");

  /**
   * What the engine's {@code modifyCollection} changes: validation, a capped collection's cap, and
   * MongoLake's own options ({@code mongolake: {...}}, merged key by key).
   */
  private static final Set<String> VALIDATION =
      Set.of(
          "validator",
          "validationLevel",
          "validationAction",
          "cappedSize",
          "cappedMax",
          "mongolake",
          "changeStreamPreAndPostImages");

  private static final Set<String> NOT_SUPPORTED =
      Set.of("expireAfterSeconds", "timeseries", "recordIdsReplicated");

  private static final Set<String> VIEW_OPTIONS = Set.of("viewOn", "pipeline");

  @Override
  public String name() {
    return "collMod";
  }

  /**
   * A view's {@code collMod}: a new {@code viewOn}, {@code pipeline} or both (the other one kept);
   * any other option is refused, as MongoDB refuses it on a view.
   */
  private BsonDocument modifyView(Namespace namespace, ReadOnlyView view, BsonDocument body) {
    for (String field : body.keySet()) {
      if (!GENERIC.contains(field) && !VIEW_OPTIONS.contains(field)) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS, "option not supported on a view: " + field);
      }
    }
    ViewOptions change = ViewOptions.of("collMod", body);
    if (change.present()) {
      lake.db(namespace.database())
          .modifyView(
              namespace.collection(),
              change.viewOn() == null ? view.viewOn() : change.viewOn(),
              change.pipeline() == null ? view.pipeline() : change.pipeline());
    }
    return new BsonDocument();
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(
        Resource.collection(CommandArguments.of(request).namespace(request.database())),
        ActionType.COLL_MOD);
  }

  @Override
  public String help() {
    return "Change a collection's options: its validation, an index's expireAfterSeconds or"
        + " hidden.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    Namespace namespace = CommandArguments.of(request).namespace(request.database());
    Optional<ReadOnlyView> view =
        lake.db(namespace.database()).listViews().stream()
            .filter(candidate -> candidate.name().equals(namespace.collection()))
            .findFirst();
    if (view.isPresent()) {
      return modifyView(namespace, view.get(), request.body());
    }
    if (lake.db(namespace.database()).isAttached(namespace.collection())) {
      // The engine refuses any change of an attached read-only Delta table, naming it.
      lake.db(namespace.database()).modifyCollection(namespace.collection(), new BsonDocument());
    }
    BsonDocument reply = new BsonDocument();
    BsonDocument validation = new BsonDocument();
    for (String field : request.body().keySet()) {
      if (GENERIC.contains(field) || field.equals("index")) {
        continue;
      }
      if (VALIDATION.contains(field)) {
        validation.append(field, request.body().get(field));
        continue;
      }
      if (VIEW_OPTIONS.contains(field)) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS, "option only supported on a view: " + field);
      }
      if (NOT_SUPPORTED.contains(field)) {
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED, "collMod option '" + field + "' is not supported");
      }
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS, "unknown option to collMod: " + field);
    }
    if (!lake.db(namespace.database()).listCollectionNames().contains(namespace.collection())) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_NOT_FOUND, "ns does not exist: " + namespace.fullName());
    }
    BsonValue index = request.body().get("index");
    // A collMod without options is logged too: MongoDB's change streams show it as a modify.
    if (!validation.isEmpty() || index == null) {
      lake.db(namespace.database()).modifyCollection(namespace.collection(), validation);
    }
    if (index == null) {
      return reply;
    }
    if (!index.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field 'collMod.index' is the wrong type '"
              + CommandArguments.typeName(index)
              + "', expected type 'object'");
    }
    BsonDocument change = index.asDocument();
    if (change.containsKey("prepareUnique") || change.containsKey("unique")) {
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "collMod can change only expireAfterSeconds and hidden of an index here");
    }
    IndexChange changed =
        lake.db(namespace.database())
            .collection(namespace.collection(), BsonDocument.class)
            .modifyIndex(change);
    if (changed.expireAfterSecondsAfter() != null) {
      Long before = changed.expireAfterSecondsBefore();
      reply
          .append("expireAfterSeconds_old", before == null ? BsonNull.VALUE : new BsonInt64(before))
          .append("expireAfterSeconds_new", new BsonInt64(changed.expireAfterSecondsAfter()));
    }
    // MongoDB answers with the visibility only when it changed.
    if (changed.hiddenAfter() != null && !changed.hiddenAfter().equals(changed.hiddenBefore())) {
      reply
          .append("hidden_old", BsonBoolean.valueOf(changed.hiddenBefore()))
          .append("hidden_new", BsonBoolean.valueOf(changed.hiddenAfter()));
    }
    return reply;
  }
}
