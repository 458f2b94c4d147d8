package dev.mongolake.server.command.diagnostic;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * {@code validate}: {@code {validate: <coll>, full}}. Reads the whole collection (table and buffer)
 * and checks every document (see {@link CollectionValidation}); answers in MongoDB's shape with
 * {@code valid}, {@code nrecords} and {@code errors}. {@code full} and {@code background} change
 * nothing: every check already reads every document of one snapshot, and none blocks writes.
 *
 * <p>Fails with {@code MongoLakeException}: NamespaceNotFound for a collection that does not exist;
 * InvalidOptions for {@code background} with {@code full}, as in MongoDB; NotImplemented for {@code
 * repair}, {@code metadata}, {@code fixMultikey} or {@code checkBSONConformance}
 */
public final class ValidateCommand implements Command {

  private final LakeCollections lake;

  /** A command reading {@code lake}. */
  public ValidateCommand(MongoLake lake) {
    this.lake = new LakeCollections(lake);
  }

  /**
   * MongoDB parses validate without IDL, ignoring fields it does not read. Of its options, repairs
   * ({@code repair}, {@code fixMultikey}), a metadata-only check and the stricter BSON conformance
   * checks are not done here, so they are refused rather than reported as done.
   */
  private static final CommandFields FIELDS =
      CommandFields.ignoringOthers("validate", "full", "background")
          .refusingUnless("repair", CommandFields.FALSE)
          .refusingUnless("metadata", CommandFields.FALSE)
          .refusingUnless("fixMultikey", CommandFields.FALSE)
          .refusingUnless("checkBSONConformance", CommandFields.FALSE);

  @Override
  public String name() {
    return "validate";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(
        Resource.collection(CommandArguments.of(request).namespace(request.database())),
        ActionType.VALIDATE);
  }

  @Override
  public String help() {
    return "Read and check every document of a collection.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    Namespace namespace = args.namespace(request.database());
    if (args.bool("background", false) && args.bool("full", false)) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS,
          "Running the validate command with both { background: true } and { full: true } is not"
              + " supported.");
    }
    if (!lake.exists(namespace)) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_NOT_FOUND,
          "Collection '" + namespace.fullName() + "' does not exist to validate.");
    }
    CollectionValidation result;
    try (MongoLakeCursor<BsonDocument> documents = lake.collection(namespace).find().iterator()) {
      result = CollectionValidation.check(documents);
    }
    BsonArray errors = new BsonArray();
    result.errors().forEach(message -> errors.add(new BsonString(message)));
    return new BsonDocument("ns", new BsonString(namespace.fullName()))
        .append("nInvalidDocuments", new BsonInt64(result.invalidDocuments()))
        .append("nNonCompliantDocuments", new BsonInt64(0))
        .append("nrecords", new BsonInt64(result.records()))
        .append("nIndexes", new BsonInt32(1))
        // Every record has exactly one _id, so the _id index holds one key per record.
        .append("keysPerIndex", new BsonDocument("_id_", new BsonInt64(result.records())))
        .append(
            "indexDetails", new BsonDocument("_id_", new BsonDocument("valid", BsonBoolean.TRUE)))
        .append("valid", BsonBoolean.valueOf(result.valid()))
        .append("repaired", BsonBoolean.FALSE)
        .append("warnings", new BsonArray())
        .append("errors", errors)
        .append("extraIndexEntries", new BsonArray())
        .append("missingIndexEntries", new BsonArray())
        .append("corruptRecords", new BsonArray());
  }
}
