package dev.mongolake.server.command.index;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * {@code dropIndexes}: {@code index} is a name, a key pattern, {@code "*"} (every index but {@code
 * _id_}) or an array of names.
 */
public record DropIndexesCommand(MongoLake lake) implements Command {

  private static final CommandFields FIELDS = CommandFields.of("dropIndexes", "index");

  @Override
  public String name() {
    return "dropIndexes";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public java.util.Set<String> aliases() {
    return java.util.Set.of("deleteIndexes");
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(
        Resource.collection(CommandArguments.of(request).namespace(request.database())),
        ActionType.DROP_INDEX);
  }

  @Override
  public String help() {
    return "Drop indexes of a collection.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    Namespace namespace = CommandArguments.of(request).namespace(request.database());
    MongoLakeCollection<BsonDocument> collection =
        lake.db(namespace.database()).collection(namespace.collection(), BsonDocument.class);
    BsonValue index = request.body().get("index");
    int before = collection.listIndexes().size();
    if (index == null) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "BSON field 'dropIndexes.index' is missing but a required field");
    } else if (index.isString() && index.asString().getValue().equals("*")) {
      collection.dropIndexes();
    } else if (index.isString()) {
      collection.dropIndex(index.asString().getValue());
    } else if (index.isDocument()) {
      collection.dropIndex(index.asDocument());
    } else if (index.isArray()) {
      for (BsonValue name : index.asArray()) {
        if (!name.isString()) {
          throw new MongoLakeException(
              ErrorCode.TYPE_MISMATCH, "dropIndexes 'index' array must hold index names");
        }
      }
      index.asArray().forEach(name -> collection.dropIndex(name.asString().getValue()));
    } else {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field 'dropIndexes.index' is the wrong type '"
              + CommandArguments.typeName(index)
              + "', expected types '[string, object, array]'");
    }
    return new BsonDocument("nIndexesWas", new BsonInt32(before));
  }
}
