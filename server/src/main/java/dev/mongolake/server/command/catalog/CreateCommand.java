package dev.mongolake.server.command.catalog;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.CollationArgument;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code create}: a collection, capped when it has {@code capped: true} with a {@code size} (and
 * optionally {@code max} documents), validated when it has a {@code validator} (with its {@code
 * validationLevel} and {@code validationAction}), or a read-only view ({@code viewOn}, {@code
 * pipeline}).
 *
 * <p>Fails with {@code MongoLakeException}: InvalidOptions for a {@code pipeline} without {@code
 * viewOn} or collection options on a view; the engine's errors for invalid capped or validation
 * options (MongoDB's: InvalidOptions for capped without size, Location51024 for a size or max out
 * of range, TypeMismatch)
 */
public record CreateCommand(MongoLake lake) implements Command {

  /**
   * MongoDB 8's create options: a collection here is a plain or a capped one ({@code capped},
   * {@code size}, {@code max}), optionally validated ({@code validator}, {@code validationLevel},
   * {@code validationAction}), or a read-only view ({@code viewOn}, {@code pipeline}), so every
   * option that would make it something else (time series, clustered, with pre- and post-images) is
   * refused by name rather than creating a plain collection in its place.
   */
  private static final CommandFields FIELDS =
      CommandFields.of(
              "create",
              "viewOn",
              "pipeline",
              "validator",
              "validationLevel",
              "validationAction",
              "collation",
              "capped",
              "size",
              "max",
              "mongolake",
              "changeStreamPreAndPostImages")
          .refusingUnless("autoIndexId", value -> !CommandFields.FALSE.test(value))
          .refusing(
              "idIndex",
              "timeseries",
              "expireAfterSeconds",
              "clusteredIndex",
              "encryptedFields",
              "indexOptionDefaults",
              "storageEngine",
              "flags",
              "temp",
              "recordPreImages");

  @Override
  public String name() {
    return "create";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  /**
   * {@code createCollection}, or {@code insert}, which creates collections implicitly anyway; a
   * view needs {@code createCollection} on the database, as in MongoDB, and {@code find} on the
   * collection or view it reads.
   */
  @Override
  public Access access(CommandRequest request) {
    Resource collection =
        Resource.collection(CommandArguments.of(request).namespace(request.database()));
    if (request.body().get("viewOn") instanceof BsonString viewOn) {
      return Access.allOf(
          Access.to(Resource.database(request.database()), ActionType.CREATE_COLLECTION),
          Access.to(
              Resource.collection(new Namespace(request.database(), viewOn.getValue())),
              ActionType.FIND));
    }
    return Access.anyOf(
        Access.to(collection, ActionType.CREATE_COLLECTION),
        Access.to(collection, ActionType.INSERT));
  }

  @Override
  public String help() {
    return "Create a collection.";
  }

  /**
   * The collection's default collation, checked and resolved (null when absent); unlike a query's,
   * an empty one is refused, as MongoDB's {@code create} refuses it.
   */
  private static BsonDocument collationOption(BsonValue value) {
    return value == null ? null : CollationArgument.parse(value).toDocument();
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    dev.mongolake.server.command.TransactionContext.requireLocalReadConcern("create");
    Namespace namespace = CommandArguments.of(request).namespace(request.database());
    ViewOptions view = ViewOptions.of("create", request.body());
    BsonDocument validation = new BsonDocument();
    for (String option :
        List.of(
            "capped",
            "size",
            "max",
            "validator",
            "validationLevel",
            "validationAction",
            "mongolake",
            "changeStreamPreAndPostImages")) {
      if (request.body().containsKey(option)) {
        validation.append(option, request.body().get(option));
      }
    }
    BsonDocument collation = collationOption(request.body().get("collation"));
    if (view.present()) {
      if (collation != null && !collation.getString("locale").getValue().equals("simple")) {
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED,
            "Cannot create view "
                + namespace
                + ": a view's default 'collation' is not supported; views compare by the simple"
                + " collation");
      }
      if (!validation.isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS,
            "option not supported on a view: " + validation.getFirstKey());
      }
      if (view.viewOn() == null) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS, "'pipeline' requires 'viewOn' to also be specified");
      }
      lake.db(namespace.database())
          .createView(
              namespace.collection(),
              view.viewOn(),
              view.pipeline() == null ? List.of() : view.pipeline());
      return new BsonDocument();
    }
    if (collation != null) {
      validation.append("collation", collation);
    }
    lake.db(namespace.database()).createCollection(namespace.collection(), validation);
    return new BsonDocument();
  }
}
