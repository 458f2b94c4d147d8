package dev.mongolake.server.command.index;

import dev.mongolake.ErrorCode;
import dev.mongolake.IndexChange;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandRequest;
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
 * and, when visibility changed, {@code hidden_old}/{@code _new} as MongoDB does. Options MongoDB
 * has but this server does not keep (validators, views, pre- and post-images) are refused by name
 * rather than ignored; unknown ones are InvalidOptions.
 */
record CollModCommand(MongoLake lake) implements Command {

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

  private static final Set<String> NOT_SUPPORTED =
      Set.of(
          "validator",
          "validationLevel",
          "validationAction",
          "viewOn",
          "pipeline",
          "changeStreamPreAndPostImages",
          "expireAfterSeconds",
          "timeseries",
          "recordIdsReplicated",
          "cappedSize",
          "cappedMax");

  @Override
  public String name() {
    return "collMod";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(
        Resource.collection(CommandArguments.of(request).namespace(request.database())),
        ActionType.COLL_MOD);
  }

  @Override
  public String help() {
    return "Change a collection's options: an index's expireAfterSeconds or hidden.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    Namespace namespace = CommandArguments.of(request).namespace(request.database());
    BsonDocument reply = new BsonDocument();
    for (String field : request.body().keySet()) {
      if (GENERIC.contains(field) || field.equals("index")) {
        continue;
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
