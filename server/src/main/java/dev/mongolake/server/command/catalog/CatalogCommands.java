package dev.mongolake.server.command.catalog;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeDatabase;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.ReadOnlyView;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.PrivilegeSet;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.CursorRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * Namespace commands: {@code listDatabases}, {@code listCollections}, {@code create}, {@code drop},
 * {@code dropDatabase} and {@code renameCollection}.
 */
public final class CatalogCommands {

  private CatalogCommands() {}

  public static List<Command> all(MongoLake lake, CursorRegistry cursors) {
    return List.of(
        new ListDatabases(lake),
        new ListCollections(lake, cursors),
        new Create(lake),
        new Drop(lake),
        new DropDatabase(lake),
        new RenameCollectionCommand(lake));
  }

  /** The {@code _id} index every collection has. */
  static BsonDocument idIndex() {
    return new BsonDocument("v", new BsonInt32(2))
        .append("key", new BsonDocument("_id", new BsonInt32(1)))
        .append("name", new BsonString("_id_"));
  }

  private record ListDatabases(MongoLake lake) implements Command {
    @Override
    public String name() {
      return "listDatabases";
    }

    @Override
    public CommandFields fields() {
      return CommandFields.of("listDatabases", "filter", "nameOnly", "authorizedDatabases");
    }

    @Override
    public Access access(CommandRequest request) {
      // MongoDB's authorizedDatabases: without listDatabases, a user sees the databases it has
      // privileges on (run() filters); asking for every database requires the action.
      boolean authorizedOnly =
          !BsonBoolean.FALSE.equals(request.body().get("authorizedDatabases", BsonBoolean.TRUE));
      return authorizedOnly
          ? Access.authenticated()
          : Access.to(Resource.cluster(), ActionType.LIST_DATABASES);
    }

    @Override
    public String help() {
      return "List databases.";
    }

    @Override
    public BsonDocument run(CommandRequest request) {
      boolean nameOnly = CommandArguments.of(request).bool("nameOnly", false);
      Filter filter =
          Filter.parse(CommandArguments.of(request).document("filter", new BsonDocument()));
      Predicate<String> visible = visibleDatabases(request);
      BsonArray databases = new BsonArray();
      for (String name : lake.listDatabaseNames()) {
        if (!visible.test(name)) {
          continue;
        }
        BsonDocument entry = new BsonDocument("name", new BsonString(name));
        if (!nameOnly) {
          entry.append("sizeOnDisk", new BsonInt64(0)).append("empty", BsonBoolean.FALSE);
        }
        if (filter.matches(entry)) {
          databases.add(entry);
        }
      }
      BsonDocument reply = new BsonDocument("databases", databases);
      if (!nameOnly) {
        reply.append("totalSize", new BsonInt64(0)).append("totalSizeMb", new BsonInt64(0));
      }
      return reply;
    }
  }

  /**
   * Every database for a user with {@code listDatabases} (or without authorization); otherwise the
   * databases the user's privileges name.
   */
  private static Predicate<String> visibleDatabases(CommandRequest request) {
    if (!request.server().authEnabled()) {
      return name -> true;
    }
    PrivilegeSet privileges =
        request.server().authorization().resolve(request.connection().auth()).privileges();
    if (privileges.permits(Resource.cluster(), ActionType.LIST_DATABASES)) {
      return name -> true;
    }
    return privileges::touchesDatabase;
  }

  private record ListCollections(MongoLake lake, CursorRegistry cursors) implements Command {
    @Override
    public String name() {
      return "listCollections";
    }

    @Override
    public CommandFields fields() {
      return CommandFields.of(
              "listCollections", "filter", "nameOnly", "cursor", "authorizedCollections")
          .refusingUnless("includePendingDrops", CommandFields.FALSE);
    }

    @Override
    public Access access(CommandRequest request) {
      return Access.to(Resource.database(request.database()), ActionType.LIST_COLLECTIONS);
    }

    @Override
    public String help() {
      return "List a database's collections; returns a cursor.";
    }

    @Override
    public BsonDocument run(CommandRequest request) {
      CommandArguments args = CommandArguments.of(request);
      boolean nameOnly = args.bool("nameOnly", false);
      Filter filter = Filter.parse(args.document("filter", new BsonDocument()));
      MongoLakeDatabase database = lake.db(request.database());
      // MongoDB lists collections and views together, by name.
      TreeMap<String, BsonDocument> byName = new TreeMap<>();
      for (String name : database.listCollectionNames()) {
        BsonDocument entry =
            new BsonDocument("name", new BsonString(name))
                .append("type", new BsonString("collection"));
        if (!nameOnly) {
          entry
              .append("options", new BsonDocument())
              .append("info", new BsonDocument("readOnly", BsonBoolean.FALSE))
              .append("idIndex", idIndex());
        }
        byName.put(name, entry);
      }
      for (ReadOnlyView view : database.listViews()) {
        BsonDocument entry =
            new BsonDocument("name", new BsonString(view.name()))
                .append("type", new BsonString("view"));
        if (!nameOnly) {
          entry
              .append(
                  "options",
                  new BsonDocument("viewOn", new BsonString(view.viewOn()))
                      .append("pipeline", new BsonArray(List.copyOf(view.pipeline()))))
              .append("info", new BsonDocument("readOnly", BsonBoolean.TRUE));
        }
        byName.put(view.name(), entry);
      }
      List<BsonDocument> entries = new ArrayList<>();
      for (BsonDocument entry : byName.values()) {
        if (filter.matches(entry)) {
          entries.add(entry);
        }
      }
      int batchSize =
          new CommandArguments(
                  "listCollections.cursor", args.document("cursor", new BsonDocument()))
              .nonNegativeInt("batchSize", CursorRegistry.DEFAULT_FIRST_BATCH);
      return cursors.firstBatch(
          request.database() + ".$cmd.listCollections",
          entries.iterator(),
          batchSize,
          false,
          request.cursorOwner());
    }
  }

  /**
   * MongoDB 7's create options: a collection here is a plain one or a read-only view ({@code
   * viewOn}, {@code pipeline}), so every option that would make it something else (capped,
   * validated, time series, clustered, with pre- and post-images) is refused by name rather than
   * creating a plain collection in its place.
   */
  static final CommandFields CREATE_FIELDS =
      CommandFields.of("create", "viewOn", "pipeline")
          .refusingUnless("autoIndexId", value -> !CommandFields.FALSE.test(value))
          .refusingUnless("capped", CommandFields.FALSE)
          .refusingUnless("collation", CommandFields.SIMPLE_COLLATION)
          .refusing(
              "size",
              "max",
              "idIndex",
              "validator",
              "validationLevel",
              "validationAction",
              "timeseries",
              "expireAfterSeconds",
              "clusteredIndex",
              "changeStreamPreAndPostImages",
              "encryptedFields",
              "indexOptionDefaults",
              "storageEngine",
              "flags",
              "temp",
              "recordPreImages");

  private record Create(MongoLake lake) implements Command {
    @Override
    public String name() {
      return "create";
    }

    @Override
    public CommandFields fields() {
      return CREATE_FIELDS;
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

    @Override
    public BsonDocument run(CommandRequest request) {
      Namespace namespace = CommandArguments.of(request).namespace(request.database());
      ViewOptions view = ViewOptions.of("create", request.body());
      if (view.present()) {
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
      lake.db(namespace.database()).createCollection(namespace.collection());
      return new BsonDocument();
    }
  }

  private record Drop(MongoLake lake) implements Command {
    @Override
    public String name() {
      return "drop";
    }

    @Override
    public CommandFields fields() {
      return CommandFields.of("drop");
    }

    @Override
    public Access access(CommandRequest request) {
      return Access.to(
          Resource.collection(CommandArguments.of(request).namespace(request.database())),
          ActionType.DROP_COLLECTION);
    }

    @Override
    public String help() {
      return "Drop a collection with its documents and indexes.";
    }

    @Override
    public BsonDocument run(CommandRequest request) {
      Namespace namespace = CommandArguments.of(request).namespace(request.database());
      var collection = lake.db(namespace.database()).collection(namespace.collection());
      if (lake.db(namespace.database()).isView(namespace.collection())) {
        // MongoDB answers a view's drop with the namespace only.
        collection.drop();
        return new BsonDocument("ns", new BsonString(namespace.fullName()));
      }
      int indexes =
          lake.db(namespace.database()).listCollectionNames().contains(namespace.collection())
              ? collection.listIndexes().size()
              : 0;
      collection.drop();
      return new BsonDocument("ns", new BsonString(namespace.fullName()))
          .append("nIndexesWas", new BsonInt32(indexes));
    }
  }

  private record DropDatabase(MongoLake lake) implements Command {
    @Override
    public String name() {
      return "dropDatabase";
    }

    @Override
    public CommandFields fields() {
      return CommandFields.of("dropDatabase");
    }

    @Override
    public Access access(CommandRequest request) {
      return Access.to(Resource.database(request.database()), ActionType.DROP_DATABASE);
    }

    @Override
    public String help() {
      return "Drop a database with all its collections.";
    }

    @Override
    public BsonDocument run(CommandRequest request) {
      lake.db(request.database()).drop();
      return new BsonDocument("dropped", new BsonString(request.database()));
    }
  }
}
