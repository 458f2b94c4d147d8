package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code $unionWith: <coll>} or {@code {coll, pipeline}}: the stage's input, then the documents of
 * {@code coll} (through {@code pipeline} when given; without {@code coll} the pipeline must start
 * with {@code $documents}). The other collection is read once the input is exhausted.
 *
 * @param specification the stage as written
 * @param collection the other collection, or {@code null} for a {@code $documents} pipeline
 * @param pipeline its pipeline (empty when not given)
 */
record UnionWithStage(BsonValue specification, String collection, SubPipeline pipeline)
    implements PipelineStage {

  private static final String NO_COLLECTION =
      "$unionWith stage without explicit collection must have a pipeline with $documents as first"
          + " stage";

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (specification.isString()) {
      return new UnionWithStage(
          specification,
          specification.asString().getValue(),
          SubPipeline.parse(List.of(), context, "$unionWith"));
    }
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "the $unionWith stage specification must be an object or string, but found "
              + BsonTypeNames.of(specification));
    }
    String collection = null;
    SubPipeline pipeline = null;
    for (Map.Entry<String, BsonValue> field : specification.asDocument().entrySet()) {
      switch (field.getKey()) {
        case "coll" -> {
          if (!field.getValue().isString()) {
            throw new MongoLakeException(
                ErrorCode.TYPE_MISMATCH,
                "BSON field '$unionWith.coll' is the wrong type '"
                    + BsonTypeNames.of(field.getValue())
                    + "', expected type 'string'");
          }
          collection = field.getValue().asString().getValue();
        }
        case "pipeline" -> pipeline = SubPipeline.parse(field.getValue(), context, "$unionWith");
        default ->
            throw new MongoLakeException(
                ErrorCode.IDL_UNKNOWN_FIELD,
                "BSON field '$unionWith." + field.getKey() + "' is an unknown field.");
      }
    }
    if (collection == null && (pipeline == null || !pipeline.fromDocuments())) {
      throw new MongoLakeException(ErrorCode.FAILED_TO_PARSE, NO_COLLECTION);
    }
    if (collection != null && pipeline != null && pipeline.fromDocuments()) {
      throw DocumentsStage.notOnACollection();
    }
    return new UnionWithStage(
        specification,
        collection,
        pipeline == null ? SubPipeline.parse(List.of(), context, "$unionWith") : pipeline);
  }

  @Override
  public String name() {
    return "$unionWith";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    return new Iterator<>() {
      private Iterator<BsonDocument> other;

      @Override
      public boolean hasNext() {
        if (input.hasNext()) {
          return true;
        }
        if (other == null) {
          other =
              pipeline
                  .run(
                      collection == null
                          ? null
                          : ForeignCollections.collection(context, null, collection, "$unionWith"),
                      null,
                      context)
                  .iterator();
        }
        return other.hasNext();
      }

      @Override
      public BsonDocument next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return input.hasNext() ? input.next() : other.next();
      }
    };
  }

  @Override
  public BsonDocument explain() {
    BsonDocument spec = new BsonDocument();
    if (collection != null) {
      spec.append("coll", new BsonString(collection));
    }
    spec.append("pipeline", pipeline == null ? new BsonArray() : pipeline.explain());
    return new BsonDocument(name(), spec);
  }
}
