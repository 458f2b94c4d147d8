package dev.mongolake.server.command.catalog;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The copy behind {@code cloneCollectionAsCapped} and {@code convertToCapped}: a new capped
 * collection of {@code size} bytes, filled with the source's documents in its natural order, so
 * that a cap smaller than the data keeps the newest, as MongoDB's copy does. Only the {@code _id}
 * index comes along, as in MongoDB.
 */
final class CappedCopy {

  /** Documents inserted per batch. */
  private static final int BATCH = 1_000;

  private CappedCopy() {}

  /**
   * Creates capped {@code target} of {@code size} and copies {@code source} into it.
   *
   * @param command the command's name, for its messages
   * @throws MongoLakeException Location40414 without {@code size}, NamespaceNotFound without the
   *     source, CommandNotSupportedOnView for a view, NamespaceExists when the target exists, the
   *     size's errors as {@code create} reports them
   */
  static void copy(
      MongoLake lake, String command, Namespace source, Namespace target, BsonValue size) {
    if (size == null) {
      throw new MongoLakeException(
          ErrorCode.IDL_MISSING_FIELD,
          "BSON field '" + command + ".size' is missing but a required field");
    }
    var database = lake.db(source.database());
    if (database.isView(source.collection())) {
      throw new MongoLakeException(
          ErrorCode.COMMAND_NOT_SUPPORTED_ON_VIEW, command + " not supported on a view");
    }
    if (!database.listCollectionNames().contains(source.collection())) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_NOT_FOUND,
          "source collection " + source.fullName() + " does not exist");
    }
    // create accepts an existing collection with the same options; a copy never goes into one.
    if (lake.db(target.database()).listCollectionNames().contains(target.collection())) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_EXISTS, "Collection " + target.fullName() + " already exists.");
    }
    lake.db(target.database())
        .createCollection(
            target.collection(), new BsonDocument("capped", BsonBoolean.TRUE).append("size", size));
    MongoLakeCollection<BsonDocument> into =
        lake.db(target.database()).collection(target.collection(), BsonDocument.class);
    List<BsonDocument> batch = new ArrayList<>(BATCH);
    try (MongoLakeCursor<BsonDocument> documents =
        database.collection(source.collection(), BsonDocument.class).find().iterator()) {
      while (documents.hasNext()) {
        batch.add(documents.next());
        if (batch.size() == BATCH) {
          into.insertMany(batch);
          batch.clear();
        }
      }
    }
    if (!batch.isEmpty()) {
      into.insertMany(batch);
    }
  }
}
