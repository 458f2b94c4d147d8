package dev.mongolake.server.command.catalog;

import dev.mongolake.AttachedTable;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeDatabase;
import dev.mongolake.ReadOnlyView;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.CursorRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.UuidRepresentation;

/**
 * {@code listCollections}: a cursor over a database's collections and views, by name, with their
 * options unless {@code nameOnly}.
 */
public record ListCollectionsCommand(MongoLake lake, CursorRegistry cursors) implements Command {
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
            .append("options", database.collectionOptions(name).orElseGet(BsonDocument::new))
            .append("info", info(database, name))
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
    for (AttachedTable attached : database.listAttachedTables()) {
      // An attached Delta table reads as a collection; its options say where the table is.
      BsonDocument entry =
          new BsonDocument("name", new BsonString(attached.name()))
              .append("type", new BsonString("collection"));
      if (!nameOnly) {
        entry
            .append(
                "options",
                new BsonDocument(
                    "mongolake", new BsonDocument("attached", new BsonString(attached.location()))))
            .append("info", new BsonDocument("readOnly", BsonBoolean.TRUE));
      }
      byName.put(attached.name(), entry);
    }
    List<BsonDocument> entries = new ArrayList<>();
    for (BsonDocument entry : byName.values()) {
      if (filter.matches(entry)) {
        entries.add(entry);
      }
    }
    int batchSize =
        new CommandArguments("listCollections.cursor", args.document("cursor", new BsonDocument()))
            .nonNegativeInt("batchSize", CursorRegistry.DEFAULT_FIRST_BATCH);
    return cursors.firstBatch(
        request.database() + ".$cmd.listCollections",
        entries.iterator(),
        batchSize,
        false,
        request.cursorOwner());
  }

  /** The {@code _id} index every collection has. */
  /** MongoDB's {@code info}: {@code readOnly}, then the collection's {@code uuid}. */
  private static BsonDocument info(MongoLakeDatabase database, String name) {
    BsonDocument info = new BsonDocument("readOnly", BsonBoolean.FALSE);
    database
        .collectionUuid(name)
        .ifPresent(uuid -> info.append("uuid", new BsonBinary(uuid, UuidRepresentation.STANDARD)));
    return info;
  }

  private static BsonDocument idIndex() {
    return new BsonDocument("v", new BsonInt32(2))
        .append("key", new BsonDocument("_id", new BsonInt32(1)))
        .append("name", new BsonString("_id_"));
  }
}
