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
import java.util.UUID;
import org.bson.BsonDocument;

/**
 * {@code {convertToCapped: <coll>, size: <bytes>}}: the collection becomes capped, as MongoDB makes
 * it: its documents are copied in natural order into a temporary capped collection (see {@link
 * CappedCopy}), which then replaces it by a rename; indexes other than {@code _id} are not kept.
 *
 * <p>Fails with {@code dev.mongolake.MongoLakeException}: NamespaceNotFound without the collection,
 * and {@code create}'s errors for the size
 */
public record ConvertToCappedCommand(MongoLake lake) implements Command {

  private static final CommandFields FIELDS = CommandFields.of("convertToCapped", "size");

  @Override
  public String name() {
    return "convertToCapped";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(
        Resource.collection(CommandArguments.of(request).namespace(request.database())),
        ActionType.CONVERT_TO_CAPPED);
  }

  @Override
  public String help() {
    return "Make a collection capped.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    Namespace source = CommandArguments.of(request).namespace(request.database());
    Namespace temporary =
        new Namespace(
            source.database(),
            "tmp"
                + UUID.randomUUID().toString().substring(0, 8)
                + ".convertToCapped."
                + source.collection());
    CappedCopy.copy(lake, name(), source, temporary, request.body().get("size"));
    lake.db(temporary.database())
        .collection(temporary.collection())
        .renameCollection(
            new MongoNamespace(source.database(), source.collection()),
            new RenameCollectionOptions().dropTarget(true));
    return new BsonDocument();
  }
}
