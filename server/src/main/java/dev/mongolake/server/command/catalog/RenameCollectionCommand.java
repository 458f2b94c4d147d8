package dev.mongolake.server.command.catalog;

import com.mongodb.MongoNamespace;
import com.mongodb.client.model.RenameCollectionOptions;
import dev.mongolake.MongoLake;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.diagnostic.AdminDatabase;
import org.bson.BsonDocument;

/**
 * {@code {renameCollection: "db.a", to: "db.b", dropTarget: false}}, run against {@code admin}:
 * renames a collection with its documents and indexes, also into another database; with {@code
 * dropTarget}, a collection already named {@code to} is dropped. The table files stay where they
 * are.
 *
 * <p>Fails with {@code dev.mongolake.MongoLakeException}: Unauthorized outside the admin database;
 * InvalidNamespace for an invalid name; IllegalOperation for the same name; NamespaceNotFound
 * without the source; NamespaceExists when the target exists without {@code dropTarget}
 */
public record RenameCollectionCommand(MongoLake lake) implements Command {

  private static final CommandFields FIELDS =
      CommandFields.of("renameCollection", "to", "dropTarget")
          .refusingUnless("stayTemp", CommandFields.FALSE);

  @Override
  public String name() {
    return "renameCollection";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  /**
   * MongoDB's rules: within a database, {@code renameCollectionSameDB} on it; across databases (or
   * without it), reading and dropping the source and writing and indexing the target; and {@code
   * dropCollection} on a target it replaces.
   */
  @Override
  public Access access(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    Namespace source = Namespace.parse(args.requiredString("renameCollection"));
    Namespace target = Namespace.parse(args.requiredString("to"));
    boolean dropTarget = args.bool("dropTarget", false);
    Access dropsTarget =
        dropTarget
            ? Access.to(Resource.collection(target), ActionType.DROP_COLLECTION)
            : Access.authenticated();
    Access copies =
        Access.allOf(
            Access.to(Resource.collection(source), ActionType.FIND, ActionType.DROP_COLLECTION),
            Access.to(Resource.collection(target), ActionType.INSERT, ActionType.CREATE_INDEX),
            dropsTarget);
    if (!source.database().equals(target.database())) {
      return copies;
    }
    return Access.anyOf(
        Access.allOf(
            Access.to(Resource.database(source.database()), ActionType.RENAME_COLLECTION_SAME_DB),
            dropsTarget),
        copies);
  }

  @Override
  public String help() {
    return "Rename a collection, also into another database (run against admin).";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    AdminDatabase.require(request);
    CommandArguments args = CommandArguments.of(request);
    Namespace source = Namespace.parse(args.requiredString("renameCollection"));
    Namespace target = Namespace.parse(args.requiredString("to"));
    boolean dropTarget = args.bool("dropTarget", false);
    lake.db(source.database())
        .collection(source.collection())
        .renameCollection(
            new MongoNamespace(target.database(), target.collection()),
            new RenameCollectionOptions().dropTarget(dropTarget));
    return new BsonDocument();
  }
}
