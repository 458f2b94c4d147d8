package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeDatabase;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Variables;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * {@code $merge}: writes the pipeline's results into a collection (see {@link MergeSpec} for the
 * options). Each result is matched by its {@code on} fields (which need a unique index on the
 * target unless they are {@code _id}, as in MongoDB: 51183 otherwise) and then replaced, kept,
 * merged ({@code $set} of its fields), refused ({@code fail}: the insert's duplicate key) or
 * transformed by the update pipeline; unmatched ones are inserted, discarded or refused. Last stage
 * only; the pipeline returns no documents. Writes run on the first read of the pipeline's results
 * (see {@link WriteOnFirstRead}), one result at a time (as in MongoDB, results written before a
 * failure stay).
 *
 * @param specification the stage as written
 * @param merge the parsed options
 */
record MergeStage(BsonValue specification, MergeSpec merge) implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (!context.order().isSimple()) {
      // Its 'on' fields find target documents by their stored bytes, not by a collation.
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "$merge under a collation other than simple is not supported yet: its 'on' fields"
              + " match target documents by their bytes");
    }
    return new MergeStage(specification, MergeSpec.parse(specification, context));
  }

  @Override
  public String name() {
    return "$merge";
  }

  @Override
  public StagePosition position() {
    return StagePosition.LAST;
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    return new WriteOnFirstRead(() -> writeAll(input, context));
  }

  private void writeAll(Iterator<BsonDocument> input, PipelineContext context) {
    String db = merge.database() == null ? context.environment().databaseName() : merge.database();
    MongoLakeDatabase database = context.environment().database(db);
    MongoLakeCollection<BsonDocument> target =
        database.collection(merge.collection(), BsonDocument.class);
    if (!merge.on().equals(List.of("_id")) && !hasUniqueIndexOn(database, target)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51183, "Cannot find index to verify that join fields will be unique");
    }
    boolean onId = merge.on().contains("_id");
    while (input.hasNext()) {
      BsonDocument document = input.next();
      write(onId ? withId(document) : document, target, context);
    }
  }

  /**
   * MongoDB gives a result without {@code _id} a new ObjectId before matching it when {@code on}
   * includes {@code _id} (otherwise an insert gives it one, and a match keeps the target's).
   */
  private static BsonDocument withId(BsonDocument document) {
    if (document.containsKey("_id")) {
      return document;
    }
    BsonDocument out = new BsonDocument("_id", new BsonObjectId(new ObjectId()));
    out.putAll(document);
    return out;
  }

  private boolean hasUniqueIndexOn(
      MongoLakeDatabase database, MongoLakeCollection<BsonDocument> target) {
    if (!database.listCollectionNames().contains(merge.collection())) {
      return false;
    }
    Set<String> fields = new HashSet<>(merge.on());
    for (BsonDocument index : target.listIndexes()) {
      boolean unique =
          index.getString("name").getValue().equals("_id_")
              || (index.containsKey("unique")
                  && index.get("unique").isBoolean()
                  && index.getBoolean("unique").getValue());
      if (unique
          && !index.containsKey("partialFilterExpression")
          && index.getDocument("key").keySet().equals(fields)
          && index.getDocument("key").size() == merge.on().size()) {
        return true;
      }
    }
    return false;
  }

  private void write(
      BsonDocument document, MongoLakeCollection<BsonDocument> target, PipelineContext context) {
    BsonDocument filter = new BsonDocument();
    for (String field : merge.on()) {
      BsonValue value = single(document, field);
      if (value == null
          || value.isNull()
          || value.getBsonType() == BsonType.UNDEFINED
          || value.isArray()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_51132,
            "$merge write error: 'on' field cannot be missing, null, undefined or an array");
      }
      filter.append(field, new BsonDocument("$eq", value));
    }
    if (merge.whenMatched().equals("fail")) {
      // MongoDB inserts: a match is the unique index's duplicate key.
      ForeignCollections.insert(target, List.of(document));
      return;
    }
    List<BsonDocument> matches =
        ForeignCollections.findAll(target, filter, context.environment().allowDiskUse());
    if (matches.isEmpty()) {
      switch (merge.whenNotMatched()) {
        case "insert" -> ForeignCollections.insert(target, List.of(document));
        case "fail" ->
            throw new MongoLakeException(
                ErrorCode.MERGE_STAGE_NO_MATCHING_DOCUMENT,
                "$merge could not find a matching document in the target collection for at least"
                    + " one document in the source collection");
        default -> {}
      }
      return;
    }
    BsonDocument existing = matches.getFirst();
    BsonDocument byId = new BsonDocument("_id", existing.get("_id"));
    switch (merge.whenMatched()) {
      case "replace" -> target.replaceOne(byId, document);
      case "merge" -> target.updateOne(byId, new BsonDocument("$set", document));
      case "pipeline" -> target.replaceOne(byId, transformed(existing, document, context));
      default -> {}
    }
  }

  /** The value at a dotted path without walking arrays, or {@code null} when missing. */
  private static BsonValue single(BsonDocument document, String path) {
    BsonValue current = document;
    for (String part : path.split("\\.", -1)) {
      if (current == null || !current.isDocument()) {
        return null;
      }
      current = current.asDocument().get(part);
    }
    return current;
  }

  private BsonDocument transformed(
      BsonDocument existing, BsonDocument source, PipelineContext context) {
    Variables variables = context.newVariables().setDocument(source);
    Map<String, BsonValue> values = new LinkedHashMap<>();
    merge.let().forEach((name, expression) -> values.put(name, expression.evaluate(variables)));
    PipelineContext run = context.withVariables(merge.letScope(), values);
    Iterator<BsonDocument> current = List.of(existing).iterator();
    for (PipelineStage stage : merge.updatePipeline()) {
      current = stage.apply(current, run);
    }
    return current.next();
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), specification);
  }
}
