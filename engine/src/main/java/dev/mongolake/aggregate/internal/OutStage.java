package dev.mongolake.aggregate.internal;

import com.mongodb.MongoNamespace;
import com.mongodb.client.model.RenameCollectionOptions;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeDatabase;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $out: <coll>} or {@code {db, coll}}: replaces the target collection with the pipeline's
 * results, as MongoDB does: they are written to a temporary collection of the target database (with
 * the target's indexes, so a unique index still refuses duplicates), which then replaces the target
 * by a rename; a failure leaves the target as it was. Last stage only; the pipeline returns no
 * documents. It writes on the first read of the pipeline's results (see {@link WriteOnFirstRead}).
 *
 * @param specification the stage as written
 * @param database the target database, or {@code null} for the command's
 * @param collection the target collection
 */
record OutStage(BsonValue specification, String database, String collection)
    implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (specification.isString()) {
      return checked(specification, null, specification.asString().getValue(), context);
    }
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_16990,
          "$out only supports a string or object argument, but found "
              + BsonTypeNames.of(specification));
    }
    String database = null;
    String collection = "";
    for (Map.Entry<String, BsonValue> field : specification.asDocument().entrySet()) {
      if (!field.getKey().equals("db") && !field.getKey().equals("coll")) {
        throw new MongoLakeException(
            ErrorCode.IDL_UNKNOWN_FIELD,
            "BSON field '$out." + field.getKey() + "' is an unknown field.");
      }
      if (!field.getValue().isString()) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH,
            "BSON field '$out."
                + field.getKey()
                + "' is the wrong type '"
                + BsonTypeNames.of(field.getValue())
                + "', expected type 'string'");
      }
      if (field.getKey().equals("db")) {
        database = field.getValue().asString().getValue();
      } else {
        collection = field.getValue().asString().getValue();
      }
    }
    return checked(specification, database, collection, context);
  }

  private static OutStage checked(
      BsonValue specification, String database, String collection, PipelineContext context) {
    String db = database == null ? context.environment().databaseName() : database;
    // MongoDB's order: a valid database and a collection name, then not a system collection
    // (which Namespace refuses too), then the rest of the name's rules.
    try {
      Namespace.validateDatabaseName(db);
    } catch (MongoLakeException e) {
      throw invalidTarget(db, collection);
    }
    if (collection.isEmpty()) {
      throw invalidTarget(db, collection);
    }
    if (collection.startsWith("system.")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_17385, "Can't $out to special collection: " + collection);
    }
    try {
      new Namespace(db, collection);
    } catch (MongoLakeException e) {
      throw invalidTarget(db, collection);
    }
    return new OutStage(specification, database, collection);
  }

  private static MongoLakeException invalidTarget(String db, String collection) {
    return new MongoLakeException(
        ErrorCode.INVALID_NAMESPACE, "Invalid $out target namespace, " + db + "." + collection);
  }

  @Override
  public String name() {
    return "$out";
  }

  @Override
  public StagePosition position() {
    return StagePosition.LAST;
  }

  @Override
  public boolean isBlocking() {
    return true;
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    return new WriteOnFirstRead(() -> replace(input, context));
  }

  private void replace(Iterator<BsonDocument> input, PipelineContext context) {
    List<BsonDocument> documents = new ArrayList<>();
    input.forEachRemaining(documents::add);
    String db = database == null ? context.environment().databaseName() : database;
    MongoLakeDatabase target = context.environment().database(db);
    String temporary = "tmp.agg_out." + UUID.randomUUID();
    // As MongoDB's $out, the results keep the target's options, its validator included, which
    // validates them as they are inserted (unless the aggregation bypasses validation).
    BsonDocument options =
        target.listCollectionNames().contains(collection)
            ? target.collectionOptions(collection).orElseGet(BsonDocument::new)
            : new BsonDocument();
    target.createCollection(temporary, options);
    MongoLakeCollection<BsonDocument> staging = target.collection(temporary, BsonDocument.class);
    try {
      if (target.listCollectionNames().contains(collection)) {
        List<BsonDocument> indexes = new ArrayList<>();
        for (BsonDocument index : target.collection(collection, BsonDocument.class).listIndexes()) {
          if (!index.getString("name").getValue().equals("_id_")) {
            BsonDocument copy = index.clone();
            copy.remove("v");
            copy.remove("ns");
            indexes.add(copy);
          }
        }
        if (!indexes.isEmpty()) {
          staging.createIndexSpecs(indexes);
        }
      }
      if (!documents.isEmpty()) {
        ForeignCollections.insert(staging, documents);
      }
      staging.renameCollection(
          new MongoNamespace(db, collection), new RenameCollectionOptions().dropTarget(true));
    } catch (RuntimeException e) {
      staging.drop();
      throw e;
    }
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), specification);
  }
}
